import { ValidationError } from '../errors.js';
import type { ContentIndex } from '../index/content-index.js';
import type { Model } from '../schema/types.js';
import type { DocumentFiles, LocaleFiles } from './document-files.js';
import { checkPublishable } from './prepare-entry.js';

/**
 * What publish, unpublish and discard-draft do to one document's files in one locale, run inside
 * the document's lock: each step resolves to the files it touched.
 */
export type PublicationStep = (files: LocaleFiles) => Promise<string[]>;

/** Publish the draft: it becomes the published version, validated as Strapi's publish does. */
export function publishStep(index: ContentIndex, files: DocumentFiles, model: Model, documentId: string): PublicationStep {
  return async ({ plain, draft, locale }) => {
    const source = (draft ?? plain)!;
    checkPublishable(index, model, source.data, documentId, locale);
    const file = files.pathFor(model, documentId, locale, false);
    // The published copy keeps the draft's updatedAt (Strapi: "same value = draft not modified").
    const published = { ...files.storedFrom(model, source, source.data), publishedAt: new Date().toISOString() };
    const written = await files.write(model, file, published, draft?.file);
    if (draft) await files.remove(draft.file);
    return [...(written ? [file] : []), ...(draft ? [draft.file] : [])];
  };
}

/**
 * Unpublish: the published version goes; its content stays as the draft. A never-published draft
 * is a 400 (Strapi's unpublish would do nothing and answer as if it had).
 */
export function unpublishStep(files: DocumentFiles, model: Model, documentId: string): PublicationStep {
  return async ({ plain, draft, locale }) => {
    if (!plain) throw new ValidationError('This document is not published: there is nothing to unpublish');
    const touched = [plain.file];
    if (!draft) {
      const file = files.pathFor(model, documentId, locale, true);
      await files.write(model, file, { ...files.storedFrom(model, plain, plain.data), publishedAt: undefined }, plain.file);
      touched.push(file);
    }
    await files.remove(plain.file);
    return touched;
  };
}

/** Discard the draft: the published version becomes the draft again. */
export function discardDraftStep(files: DocumentFiles): PublicationStep {
  return async ({ plain, draft }) => {
    // Strapi would delete a never-published draft and leave nothing; refuse instead of losing it.
    if (!plain) throw new ValidationError('This document has no published version to go back to');
    if (!draft) return [];
    await files.remove(draft.file);
    return [draft.file];
  };
}
