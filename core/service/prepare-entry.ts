import type { ContentIndex } from '../index/content-index.js';
import { rowKey } from '../index/ids.js';
import { isLocalizedAttribute, UPLOAD_FILE_UID, type Model } from '../schema/types.js';
import { EntryValidator, type InverseChange } from '../schema/validate-entry.js';
import type { Data } from '../types.js';
import { uniqueUid } from './generate-uid.js';

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
  // A new locale of a type without draft & publish takes the non-localized fields another locale holds: its required
  // ones are checked with them, as publishing checks them (Strapi's i18n fills them in before validating).
  const sharedPublish = !model.draftAndPublish && change.sharedElsewhere;
  const validator = new EntryValidator({ index, locale, documentId, mode, enforceConstraints: !model.draftAndPublish && !sharedPublish });
  validator.checkKeys(model, data);
  const patch = mode === 'create' ? withDefaults(validator, model, data, change.sharedElsewhere) : data;
  const seed = rowKey(model.uid, documentId, locale, model.draftAndPublish ? 'draft' : 'published');
  validator.rootValue = entityValue(index, model, patch, change);
  const next = validator.apply(model, patch, change.current, [], seed);
  validator.throwIfInvalid();
  change.inverse = validator.inverseChanges;
  if (mode === 'create') generateUids(index, model, next, documentId, locale);
  if ((model.draftAndPublish && change.publish) || sharedPublish) checkPublishable(index, model, next, documentId, locale);
  return next;
}

/** Publishing re-validates the draft as a creation (Strapi's publish → createEntry). */
export function checkPublishable(index: ContentIndex, model: Model, data: Data, documentId: string, locale: string | null): void {
  const validator = new EntryValidator({ index, locale, documentId, mode: 'create', enforceConstraints: true });
  // A locale's file may leave the non-localized fields to another locale's file (they are shared).
  const other = index.documentRows(model.uid, documentId).find((row) => row.locale !== locale)?.data;
  const entry: Data = Object.create(null);
  if (other) for (const name of Object.keys(other)) if (isShared(model, name)) entry[name] = other[name];
  validator.checkPublish(model, Object.assign(entry, data));
  validator.throwIfInvalid();
}

/**
 * The entry as Strapi's entity-level validation sees it (the `value` of a problem it finds there):
 * the body with its defaults (empty lists for optional repeatable components and zones on create,
 * inside components too), relation documentIds as `{ id }` (shorthands as `{ set: [{ id }] }`), the
 * publication time (null on a draft-and-publish type: Strapi validates the draft it writes first) and
 * the locale of a localized type (recorded: zone.post.*, zone.kitchen.second.unknown).
 */
function entityValue(index: ContentIndex, model: Model, patch: Record<string, unknown>, change: Change): Record<string, unknown> {
  const value = shapeValue(index, model, patch, change.mode === 'create');
  value.publishedAt = model.draftAndPublish ? null : new Date().toISOString();
  if (model.localized) value.locale = change.locale;
  return value;
}

function shapeValue(index: ContentIndex, model: Model, patch: Record<string, unknown>, create: boolean): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const name of model.attributeNames) {
    const attribute = model.attributes[name];
    const listed = (attribute.type === 'component' && attribute.repeatable) || attribute.type === 'dynamiczone';
    if (create && listed && !attribute.required && patch[name] === undefined) value[name] = [];
  }
  for (const [name, given] of Object.entries(patch)) {
    const attribute = model.attributes[name];
    if (attribute?.type === 'relation' || attribute?.type === 'media') {
      value[name] = relationValue(index, attribute.type === 'media' ? UPLOAD_FILE_UID : attribute.target ?? '', given);
    } else if (attribute?.type === 'dynamiczone' && Array.isArray(given)) {
      // each entry as its component's (recorded: notum write.page.invalid.image-unknown-media)
      value[name] = given.map((item) => {
        const component = isRecord(item) && typeof item.__component === 'string' ? index.models.get(item.__component) : undefined;
        return component ? shapeValue(index, component, item as Record<string, unknown>, create) : item;
      });
    } else if (attribute?.type === 'component' && index.models.has(attribute.component!)) {
      const component = index.models.get(attribute.component!)!;
      const shape = (item: unknown) => (isRecord(item) ? shapeValue(index, component, item, create) : item);
      value[name] = Array.isArray(given) ? given.map(shape) : shape(given);
    } else value[name] = given;
  }
  return value;
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** A relation as Strapi's transform leaves it: shorthands become `{ set }`, each documentId an `{ id }`. */
function relationValue(index: ContentIndex, targetUid: string, given: unknown): unknown {
  if (given === null) return given;
  const toId = (item: unknown) => (!isRecord(item)
    ? { id: rowIdOf(index, targetUid, item) }
    : item.documentId !== undefined ? { id: rowIdOf(index, targetUid, item.documentId) } : item);
  if (!isRecord(given)) return { set: ([] as unknown[]).concat(given).map(toId) };
  const value: Record<string, unknown> = { ...given };
  for (const key of ['set', 'connect', 'disconnect']) if (Array.isArray(given[key])) value[key] = (given[key] as unknown[]).map(toId);
  return value;
}

/** A relation item's row id, as Strapi's transform turns documentIds into ids (unknown ones stay as given). */
function rowIdOf(index: ContentIndex, targetUid: string, item: unknown): unknown {
  if (typeof item !== 'string' || !index.models.has(targetUid)) return item;
  return index.documentRows(targetUid, item)[0]?.id ?? item;
}

/**
 * Schema defaults on creation. When another locale already holds the non-localized fields, a new
 * locale leaves them to it unless the body gives a value: Strapi 5.54 keeps the other locales'
 * values for a field sent as null too (recorded in test/write/i18n.test.ts), so a client that sends
 * every field of an empty form never clears them.
 */
function withDefaults(
  validator: EntryValidator, model: Model, data: Record<string, unknown>, sharedElsewhere: boolean,
): Record<string, unknown> {
  const patch = validator.withDefaults(model, data);
  if (!sharedElsewhere) return patch;
  for (const name of model.attributeNames) if ((data[name] ?? null) === null && isShared(model, name)) delete patch[name];
  return patch;
}

/** A missing uid with a `targetField` is made from it, unique in the locale (`-1`, `-2`…). */
function generateUids(index: ContentIndex, model: Model, next: Data, documentId: string, locale: string | null): void {
  for (const name of model.attributeNames) {
    const attribute = model.attributes[name];
    if (attribute.type !== 'uid' || !attribute.targetField || (next[name] !== undefined && next[name] !== null)) continue;
    const generated = uniqueUid(index, model, name, next[attribute.targetField], documentId, locale);
    if (generated !== undefined) next[name] = generated;
  }
}
