import type { ContentIndex } from '../index/content-index.js';
import type { Model } from '../schema/types.js';
import { newDocumentId } from './document-id.js';
import { prepareEntry } from './prepare-entry.js';

/** A write as the project's hooks are about to see it: its document (none: a new one), body and locale. */
export interface HookedWrite {
  model: Model;
  documentId: string | undefined;
  data: Record<string, unknown>;
  locale: string | null;
}

/**
 * Strapi's Document Service validates a body before the query engine's create or update runs the type's database
 * lifecycles: a hook never sees a body Strapi refuses, and an error echoes the body as sent, not as a hook changed it
 * (recorded: pzkogrodek write.page.zone.no-component). With project hooks, the body is checked the same way first, on a
 * copy: a draft-and-publish type by its draft's rules (required and unique wait for publishing, which in Strapi comes
 * after the draft's hooks), any other type by all of them. The write checks it again with what the hooks left. An update
 * of a document that does not exist is left to the write to answer (a 404).
 *
 * @example
 * checkBeforeHooks(index, { model, documentId: undefined, data: { title: 'Hello' }, locale: 'en' }); // throws Strapi's 400
 */
export function checkBeforeHooks(index: ContentIndex, write: HookedWrite): void {
  const { model, documentId, data, locale } = write;
  const records = documentId === undefined ? [] : index.documentRecords(model.uid, documentId);
  if (documentId !== undefined && !records.length && model.kind === 'collectionType') return;
  const mine = records.filter((record) => record.locale === locale);
  const stored = (mine.find((record) => record.draft) ?? mine.find((record) => !record.draft))?.data;
  prepareEntry(index, model, structuredClone(data), {
    documentId: documentId ?? newDocumentId(), locale, mode: stored ? 'update' : 'create', publish: false,
    current: stored ?? Object.create(null), sharedElsewhere: !stored && records.length > 0,
  });
}
