import type { ContentIndex } from '../index/content-index.js';
import { rowKey } from '../index/ids.js';
import { isLocalizedAttribute, type Model } from '../schema/types.js';
import { EntryValidator, type InverseChange } from '../schema/validate-entry.js';
import type { Data } from '../types.js';
import { slugify } from './slugify.js';

/** What a body is written over, and how Strapi would validate it. */
export interface Change {
  documentId: string;
  locale: string | null;
  /** Strapi's validateEntityCreation (a new version) or validateEntityUpdate. */
  mode: 'create' | 'update';
  /** Is this version published by the write (then the publish checks run)? */
  publish: boolean;
  /** Stored fields the body is merged over. */
  current: Data;
  /** Does another locale of the document hold the non-localized fields? (Then defaults must not shadow them.) */
  sharedElsewhere: boolean;
  /** Filled in: inverse-side relation writes to apply to the owning documents. */
  inverse?: InverseChange[];
}

const isShared = (model: Model, name: string) => !!model.attributes[name] && !isLocalizedAttribute(model, model.attributes[name]);

/**
 * Body → next stored fields, in Strapi's order: key checks, the draft write's validation (create or
 * update; required, unique and minLength wait for publishing on draft-and-publish types), generated
 * uids, then for a version being published the publish checks. Throws the collected problems.
 */
export function prepareEntry(index: ContentIndex, model: Model, data: Record<string, unknown>, change: Change): Data {
  const { documentId, locale, mode } = change;
  const validator = new EntryValidator({ index, locale, documentId, mode, enforceConstraints: !model.draftAndPublish });
  validator.checkKeys(model, data);
  const patch = mode === 'create' ? withDefaults(validator, model, data, change.sharedElsewhere) : data;
  const seed = rowKey(model.uid, documentId, locale, model.draftAndPublish ? 'draft' : 'published');
  const next = validator.apply(model, patch, change.current, [], seed);
  validator.throwIfInvalid();
  change.inverse = validator.inverseChanges;
  if (mode === 'create') generateUids(index, model, next, documentId, locale);
  if (model.draftAndPublish && change.publish) checkPublishable(index, model, next, documentId, locale);
  return next;
}

/** Publishing re-validates the draft as a creation (Strapi's publish → createEntry). */
export function checkPublishable(index: ContentIndex, model: Model, data: Data, documentId: string, locale: string | null): void {
  const validator = new EntryValidator({ index, locale, documentId, mode: 'create', enforceConstraints: true });
  // A locale's file may leave the non-localized fields to another locale's file (they are shared).
  const other = index.documentRows(model.uid, documentId).find((row) => row.locale !== locale)?.data ?? {};
  const shared = Object.fromEntries(Object.entries(other).filter(([name]) => isShared(model, name)));
  validator.checkPublish(model, Object.assign(Object.create(null), shared, data));
  validator.throwIfInvalid();
}

/** Schema defaults on creation; non-localized ones are skipped when another locale already holds them. */
function withDefaults(validator: EntryValidator, model: Model, data: Record<string, unknown>, sharedElsewhere: boolean): Record<string, unknown> {
  const patch = validator.withDefaults(model, data);
  if (sharedElsewhere) for (const name of model.attributeNames) if (!(name in data) && isShared(model, name)) delete patch[name];
  return patch;
}

/** A missing uid with a `targetField` is made from it, unique in the locale (`-1`, `-2`…). */
function generateUids(index: ContentIndex, model: Model, next: Data, documentId: string, locale: string | null): void {
  for (const name of model.attributeNames) {
    const attribute = model.attributes[name];
    if (attribute.type !== 'uid' || !attribute.targetField || (next[name] !== undefined && next[name] !== null)) continue;
    const source = next[attribute.targetField];
    const base = typeof source === 'string' ? slugify(source) : '';
    if (base === '') continue;
    const taken = new Set(index.rows(model.uid).filter((row) => row.documentId !== documentId && row.locale === locale).map((row) => row.data[name]));
    let candidate = base;
    for (let n = 1; taken.has(candidate); n++) candidate = `${base}-${n}`;
    next[name] = candidate;
  }
}
