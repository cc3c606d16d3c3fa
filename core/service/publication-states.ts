import type { ContentIndex } from '../index/content-index.js';
import type { Model } from '../schema/types.js';
import { sameData } from '../storage/serialize.js';

/**
 * Where a version stands, as Strapi's Content Manager shows it: `draft` (never published),
 * `published` (the draft is the published version) or `modified` (published, with a draft that
 * differs). Types without draft & publish have no state (null), only locales.
 */
export type PublicationState = 'draft' | 'published' | 'modified';

/** A document's state per locale it exists in (`''` for a type that is not localized). */
export type DocumentStates = Record<string, PublicationState | null>;

/**
 * The states of some documents per locale they exist in, from their files: a plain file is the
 * published version, a `.draft` file a draft that differs from it (or the only version).
 *
 * @example
 * publicationStates(cms.index, model, ['leo9mpmgjqi9e4y3lvswznjb']) // { leo9…: { en: 'published', fr: 'modified' } }
 */
export function publicationStates(index: ContentIndex, model: Model, documentIds: string[]): Record<string, DocumentStates> {
  const states: Record<string, DocumentStates> = Object.create(null);
  for (const documentId of documentIds) {
    const byLocale = new Map<string, { plain?: boolean; draft?: unknown; published?: unknown }>();
    for (const record of index.documentRecords(model.uid, documentId)) {
      const slot = byLocale.get(record.locale ?? '') ?? {};
      if (record.draft) slot.draft = record.data;
      else { slot.plain = true; slot.published = record.data; }
      byLocale.set(record.locale ?? '', slot);
    }
    if (!byLocale.size) continue;
    const document: DocumentStates = Object.create(null);
    for (const [locale, slot] of [...byLocale].sort(([a], [b]) => a.localeCompare(b))) {
      const differs = slot.draft !== undefined && !sameData(slot.draft, slot.published);
      document[locale] = !model.draftAndPublish ? null : !slot.plain ? 'draft' : differs ? 'modified' : 'published';
    }
    states[documentId] = document;
  }
  return states;
}
