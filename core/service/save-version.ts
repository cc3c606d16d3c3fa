import type { Model } from '../schema/types.js';
import { sameData } from '../storage/serialize.js';
import type { Data } from '../types.js';
import type { DocumentFiles, LocaleFiles } from './document-files.js';

/** Where one locale's next fields go: its current files, and whether the write publishes. */
export interface VersionTarget extends LocaleFiles {
  publish: boolean;
}

/**
 * Put the next fields on disk. Publishing writes the plain file and drops the draft file; a draft
 * write goes to the `.draft` file, or drops it when the draft is the published version again.
 * Nothing changes when the fields did not. Returns the files touched.
 */
export async function saveVersion(
  files: DocumentFiles, model: Model, documentId: string, next: Data, at: VersionTarget,
): Promise<string[]> {
  const { plain, draft, locale } = at;
  const now = new Date().toISOString();
  const stored = { data: next, createdAt: files.createdAt(model, documentId, locale, now), updatedAt: now };
  if (at.publish) {
    if (plain && !draft && sameData(next, plain.data)) return [];
    const file = files.pathFor(model, documentId, locale, false);
    const touched = (await files.write(model, file, { ...stored, publishedAt: now }, draft?.file)) ? [file] : [];
    if (draft) { await files.remove(draft.file); touched.push(draft.file); }
    return touched;
  }
  const current = (draft ?? plain)?.data;
  if (current && sameData(next, current)) return [];
  if (plain && draft && sameData(next, plain.data)) {
    await files.remove(draft.file);
    return [draft.file];
  }
  const file = files.pathFor(model, documentId, locale, true);
  return (await files.write(model, file, { ...stored, publishedAt: undefined }, plain?.file)) ? [file] : [];
}
