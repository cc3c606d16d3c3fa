import { rowOfType } from '../index/type-row-ids.js';
import { ValidationError } from '../errors.js';
import type { Attribute } from './types.js';
import type { ValidateContext } from './validate-context.js';

/** One link of a morphToMany as stored in a document's file: the linked document and its type. */
export interface MorphLink { __type: string; documentId: string }

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const listOf = (value: unknown): unknown[] => (value === null || value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Strapi's answer to a morph value it cannot read: the body key is invalid (recorded: morph.many.write.plain-*). */
const invalidKey = (key: string) => new ValidationError(`Invalid key ${key}`, { key, path: key, source: 'body' });

/**
 * `{ __type, id }` or `{ __type, documentId }` → the stored link. A type that is not a content type (Strapi: 500) and
 * a document that does not exist (Strapi links it anyway, a link to nothing) are refused: 400, nothing written.
 */
function toLink(ctx: ValidateContext, key: string, raw: unknown): MorphLink {
  if (!isRecord(raw) || typeof raw.__type !== 'string') throw invalidKey(key);
  const type = raw.__type;
  const model = ctx.index.models.get(type);
  if (!model || model.modelType !== 'contentType') {
    throw new ValidationError(`${key}: __type "${type}" is not a content type`, { key, path: key, source: 'body' });
  }
  const reference = raw.documentId ?? raw.id;
  let documentId: string | undefined;
  if (typeof reference === 'number' || (typeof reference === 'string' && /^\d+$/.test(reference))) {
    // Ids are per type (a migration keeps Strapi's): the row is looked up in the type the link names.
    documentId = rowOfType(ctx.index, type, Number(reference))?.documentId;
  } else if (typeof reference === 'string' && ctx.index.hasDocument(type, reference)) documentId = reference;
  if (documentId === undefined) {
    const message = `1 relation(s) of type ${type} associated with this entity do not exist`;
    throw new ValidationError(message, { errors: [{ path: [], message, name: 'ValidationError' }] });
  }
  return { __type: type, documentId };
}

const same = (a: MorphLink, b: MorphLink) => a.__type === b.__type && a.documentId === b.documentId;

/**
 * A morph relation's value in a write body, as Strapi 5.54 takes it: a `morphToMany` accepts a list of
 * `{ __type, id | documentId }` (replacing the links; an empty list changes nothing) or `{ connect, disconnect, set }`
 * of them; plain ids, a `morphToOne` and the inverse sides are `Invalid key` (Strapi answers the inverse sides 500).
 */
export function resolveMorphInput(ctx: ValidateContext, attribute: Attribute, key: string, value: unknown, current: unknown): MorphLink[] {
  if (attribute.relation !== 'morphToMany') throw invalidKey(key);
  const links = listOf(current).filter((item): item is MorphLink => isRecord(item) && typeof item.__type === 'string');
  if (value === null) return [];
  if (isRecord(value)) {
    if (value.set !== undefined && value.set !== null) return listOf(value.set).map((item) => toLink(ctx, key, item));
    let next = [...links];
    for (const item of listOf(value.disconnect)) {
      const gone = toLink(ctx, key, item);
      next = next.filter((link) => !same(link, gone));
    }
    for (const item of listOf(value.connect)) {
      const link = toLink(ctx, key, item);
      next = [...next.filter((existing) => !same(existing, link)), link];
    }
    return next;
  }
  const given = listOf(value).map((item) => toLink(ctx, key, item));
  return given.length ? given : links;
}
