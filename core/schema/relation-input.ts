import { ValidationError } from '../errors.js';
import { rowOfType } from '../index/type-row-ids.js';
import { isToMany, type Attribute } from './types.js';
import type { ValidateContext } from './validate-context.js';

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

interface Position { before?: string; after?: string; start?: boolean; end?: boolean }
interface Item { documentId: string; position?: Position }

/** Target locale of a relation written from a row: both localized → the row's locale. */
function targetLocale(ctx: ValidateContext, targetUid: string, item: Record<string, unknown> | undefined): string | null {
  const target = ctx.index.model(targetUid);
  if (!target.localized) return null;
  if (ctx.locale) return ctx.locale;
  return typeof item?.locale === 'string' ? item.locale : ctx.index.config.defaultLocale;
}

function notFound(targetUid: string, ids: string[], locale: string | null, byRowId = false): never {
  if (byRowId) {
    // Strapi finds rows named by numeric id (media ids are) missing in the entity validator's root test: one problem with an empty path;
    // a documentId it cannot find is its transform's 'Document with id … not found', media included (recorded:
    // invalid.create.cover.string)
    const message = `${ids.length} relation(s) of type ${targetUid} associated with this entity do not exist`;
    throw new ValidationError(message, { errors: [{ path: [], message, name: 'ValidationError' }] });
  }
  throw new ValidationError(`Document with id "${ids[0]}", locale "${locale ?? 'null'}" not found`);
}

/** A body item (documentId, row id, `{ documentId }`, `{ id }`) → the target's documentId. */
function toItem(ctx: ValidateContext, targetUid: string, raw: unknown): Item {
  const record = isRecord(raw) ? raw : undefined;
  const reference = record ? (record.documentId ?? record.id) : raw;
  const locale = targetLocale(ctx, targetUid, record);
  let documentId: string | undefined;
  const byRowId = typeof reference === 'number'
    || (typeof reference === 'string' && /^\d+$/.test(reference) && !ctx.index.hasDocument(targetUid, reference));
  if (byRowId) {
    const row = rowOfType(ctx.index, targetUid, Number(reference));
    if (row) documentId = row.documentId;
  } else if (typeof reference === 'string' && ctx.index.hasDocument(targetUid, reference)) {
    const rows = ctx.index.documentRows(targetUid, reference);
    if (locale === null || rows.some((row) => row.locale === locale)) documentId = reference;
  }
  if (documentId === undefined) notFound(targetUid, [String(reference)], locale, byRowId);
  const position = record && isRecord(record.position) ? (record.position as Position) : undefined;
  // a position anchor must name a document of the target (Strapi looks it up: `Document with id "x", locale "null" not found`)
  const anchor = position?.before ?? position?.after;
  if (anchor !== undefined && !ctx.index.hasDocument(targetUid, String(anchor))) {
    throw new ValidationError(`Document with id "${String(anchor)}", locale "${locale ?? 'null'}" not found`);
  }
  return { documentId: documentId!, position };
}

function place(list: string[], item: Item): void {
  const existing = list.indexOf(item.documentId);
  if (existing >= 0) list.splice(existing, 1);
  const position = item.position ?? {};
  const anchor = position.before ?? position.after;
  if (position.start) list.unshift(item.documentId);
  else if (anchor !== undefined && list.includes(anchor)) {
    list.splice(list.indexOf(anchor) + (position.after !== undefined ? 1 : 0), 0, item.documentId);
  } else {
    list.push(item.documentId);
  }
}

const RELATION_KEYS = ['connect', 'disconnect', 'set', 'options', 'documentId', 'id', 'locale', 'status'];

const listOf = (value: unknown): unknown[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);

/**
 * Every relation (and media) shape of Strapi 5 bodies: a documentId, a row id, arrays of them,
 * `{documentId}`/`{id}`, `{ set }`, `{ connect, disconnect }` with `position`. To-one relations
 * keep the last item, a single media field the first. Returns the stored value: a documentId (or null), or a list.
 */
export function resolveRelationInput(
  ctx: ValidateContext, attribute: Attribute, targetUid: string, value: unknown, current: unknown, path: string,
): unknown {
  const many = isToMany(attribute);
  const currentList = listOf(current).map(String);
  let next: string[];
  if (isRecord(value)) {
    // the keys a relation object may have (Strapi's validateInput: `Invalid key add at picks`)
    const unknown = Object.keys(value).find((key) => !RELATION_KEYS.includes(key));
    if (unknown !== undefined) throw new ValidationError(`Invalid key ${unknown} at ${path}`, { key: unknown, path, source: 'body' });
  }
  let connectedOne: string | undefined;
  if (value === null) next = [];
  else if (isRecord(value) && ('set' in value || 'connect' in value || 'disconnect' in value)) {
    if (value.set !== undefined && value.set !== null) {
      // `set` wins over `connect`/`disconnect` beside it, whose documents (and anchors) must still
      // exist; `set: null` is no set at all (recorded: set.picks.*)
      next = listOf(value.set).map((item) => toItem(ctx, targetUid, item).documentId);
      for (const item of [...listOf(value.connect), ...listOf(value.disconnect)]) toItem(ctx, targetUid, item);
    } else {
      next = [...currentList];
      for (const item of listOf(value.disconnect)) {
        const documentId = toItem(ctx, targetUid, item).documentId;
        next = next.filter((existing) => existing !== documentId);
      }
      const connected = listOf(value.connect).map((item) => toItem(ctx, targetUid, item));
      for (const item of connected) place(next, item);
      connectedOne = connected[0]?.documentId;
    }
  } else {
    next = listOf(value).map((item) => toItem(ctx, targetUid, item).documentId);
  }
  next = [...new Set(next)];
  if (many) return next;
  // a to-one relation given several to connect keeps the first (recorded: rel.toOne.two); other shapes keep the last
  if (connectedOne !== undefined) return connectedOne;
  // a single media field given several files keeps the first: Strapi links them all and reads back the first
  // (recorded: pzkogrodek write.event.image-many)
  if (attribute.type === 'media') return next[0] ?? null;
  return next.length ? next[next.length - 1] : null;
}

/**
 * The relations of a body as Strapi's document-id transform sees them, before it looks the written
 * document up: a documentId it cannot find is a 400 even when the document itself is missing (a 404
 * otherwise; recorded: foodadvisor fuzz.update.missing.relation.missing). Other problems wait for validation.
 */
export function checkRelationDocuments(ctx: ValidateContext, attributes: Record<string, Attribute>, data: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(data)) {
    const attribute = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
    // relations inside components and zone items too (recorded: foodadvisor fuzz.update.missing.zone.relation)
    if ((attribute?.type === 'component' || attribute?.type === 'dynamiczone') && value && typeof value === 'object') {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (!isRecord(item)) continue;
        const uid = attribute.type === 'component' ? attribute.component : item.__component;
        const model = typeof uid === 'string' ? ctx.index.models.get(uid) : undefined;
        if (model?.modelType === 'component') checkRelationDocuments(ctx, model.attributes, item);
      }
      continue;
    }
    if (attribute?.type !== 'relation' || !attribute.target || !ctx.index.models.has(attribute.target)) continue;
    try {
      resolveRelationInput(ctx, attribute, attribute.target, value, undefined, name);
    } catch (error) {
      if (error instanceof ValidationError && error.message.startsWith('Document with id ')) throw error;
    }
  }
}
