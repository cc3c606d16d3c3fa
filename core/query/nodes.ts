import { BranchIndex } from '../index/branch-index.js';
import { deriveId } from '../index/ids.js';
import { mergeInCreationOrder } from '../index/overlay-lists.js';
import { inverseOrder } from '../schema/inverse-order.js';
import { getAttribute, isMorph, UPLOAD_FILE_UID, type Attribute, type Model } from '../schema/types.js';
import type { Data, Row } from '../types.js';
import type { FieldRef } from './ast.js';
import type { QueryContext } from './context.js';

/**
 * A node is anything a query walks: a document row, a media file row, or a component item.
 * Filters, sorts and populate all read through this one interface.
 */
export interface Node {
  model: Model;
  id: number;
  /** The row, for documents and media files. */
  row: Row | undefined;
  /** The stored fields (a row's data, or a component item). */
  data: Data;
  /** The owning document's locale: relations inside resolve in it. */
  locale: string | null;
  /** Stable name that component ids below this node derive from. */
  seed: string;
  /** Comparable values of fields already read (filters and sorts read the same fields again and again). */
  cells: Map<string, unknown>;
}

const NODE = Symbol('node');

/** The node of a row, made once per row and kept on it (a row is replaced, never mutated, on change). */
export function rowNode(ctx: QueryContext, row: Row): Node {
  const holder = row as Row & { [NODE]?: Node };
  return (holder[NODE] ??= {
    model: ctx.index.model(row.uid), id: row.id, row, data: row.data, locale: row.locale, seed: row.key, cells: new Map(),
  });
}

const SYSTEM_FIELD_TYPES: Record<string, Attribute['type']> = {
  id: 'integer', documentId: 'string', createdAt: 'datetime', updatedAt: 'datetime', publishedAt: 'datetime', locale: 'string',
};

/** A readable scalar field of a model (attribute or system field), or undefined. */
export function fieldRef(model: Model, name: string): FieldRef | undefined {
  if (model.modelType === 'component') {
    if (name === 'id') return { name, type: 'integer' };
  } else if (Object.hasOwn(SYSTEM_FIELD_TYPES, name)) {
    if (name === 'locale' && !model.localized) return undefined;
    return { name, type: SYSTEM_FIELD_TYPES[name] };
  }
  const attribute = getAttribute(model, name);
  return attribute ? { name, type: attribute.type } : undefined;
}

/** The stored value of a field on a node (undefined data reads as the attribute's default, then null). */
export function readField(node: Node | undefined, name: string): unknown {
  if (!node) return null;
  const row = node.row;
  if (row) {
    switch (name) {
      case 'id': return row.id;
      case 'documentId': return row.documentId;
      case 'createdAt': return row.createdAt;
      case 'updatedAt': return row.updatedAt;
      case 'publishedAt': return row.publishedAt;
      case 'locale': return row.locale;
    }
  } else if (name === 'id') return node.id;
  const value = node.data[name];
  if (value !== undefined) return value;
  const attribute = getAttribute(node.model, name);
  return attribute?.default ?? null;
}

const asList = (value: unknown): unknown[] => (value === null || value === undefined ? [] : Array.isArray(value) ? value : [value]);

function defaultLocale(ctx: QueryContext): string {
  return ctx.index.config.defaultLocale;
}

/** The locale a relation from `node` into `target` resolves in. */
function targetLocale(ctx: QueryContext, node: Node, target: Model): string | null {
  if (!target.localized) return null;
  if (node.locale) return node.locale;
  return ctx.locale && ctx.locale !== '*' ? ctx.locale : defaultLocale(ctx);
}

/** The rows of `target` that a relation from `node` may reach: the request's status, the node's locale. */
export function targetScope(ctx: QueryContext, node: Node, target: Model): { status: QueryContext['status']; locale: string | null } {
  return { status: target.draftAndPublish ? ctx.status : 'published', locale: targetLocale(ctx, node, target) };
}

/** Rows of `sourceUid` whose owning attribute points at a document, per documentId (cached until a type it reads changes). */
function inverseMap(ctx: QueryContext, sourceUid: string, attribute: string): Map<string, Row[]> {
  return ctx.index.cached(sourceUid, `inverse|${attribute}`, () => {
    const map = new Map<string, Row[]>();
    for (const row of ctx.index.rows(sourceUid)) {
      for (const documentId of asList(row.data[attribute])) {
        const list = map.get(documentId as string) ?? [];
        list.push(row);
        map.set(documentId as string, list);
      }
    }
    return map;
  });
}

/**
 * Rows of `sourceUid` whose owning attribute points at a document. A branch reads the base's map
 * (shared, kept in step with the base) with the overlay's few rows in place of its documents': no
 * map of its own, whose size would be the site's.
 */
function inverseRows(ctx: QueryContext, sourceUid: string, attribute: string, documentId: string): Row[] {
  const index = ctx.index;
  if (!(index instanceof BranchIndex)) return inverseMap(ctx, sourceUid, attribute).get(documentId) ?? [];
  const base = inverseMap({ ...ctx, index: index.base }, sourceUid, attribute).get(documentId) ?? [];
  if (!index.touches(sourceUid)) return base;
  const added: Row[] = [];
  for (const row of index.overlayDelta(sourceUid).added) {
    for (const id of asList(row.data[attribute])) if (id === documentId) added.push(row);
  }
  return mergeInCreationOrder(base, (row) => !index.touchesDocument(row.uid, row.documentId), added);
}

/** Related rows of a relation attribute, in stored order (owning side) or the inverse side's order (inverseOrder). */
export function relatedRows(ctx: QueryContext, node: Node, name: string, attribute: Attribute, everyVersion = false): Row[] {
  if (isMorph(attribute)) return morphRows(ctx, node, name, attribute);
  const target = ctx.index.models.get(attribute.target!);
  if (!target) return [];
  if (attribute.mappedBy) {
    if (!node.row) return [];
    const sources = inverseRows(ctx, target.uid, attribute.mappedBy, node.row.documentId);
    // Strapi joins every row that links here: a localized entry sees its own locale's, one that is not
    // localized sees every locale's, whatever ?locale says (recorded: dprel.tag.delta.*)
    const locale = target.localized && node.model.localized ? node.locale : undefined;
    const linked = sources.filter((row) =>
      (!target.draftAndPublish || everyVersion || row.status === ctx.status) && (locale === undefined || row.locale === locale));
    return inverseOrder(linked, (row) => row.documentId, node.data[name]);
  }
  const scope = targetScope(ctx, node, target);
  const rows: Row[] = [];
  for (const documentId of asList(node.data[name])) {
    for (const status of everyVersion && target.draftAndPublish ? (['draft', 'published'] as const) : [scope.status]) {
      const row = ctx.index.findRow(target.uid, documentId as string, { ...scope, status });
      if (row) rows.push(row);
    }
  }
  return rows;
}

/**
 * Whether a filter through this relation sees every version of the related documents. Strapi links
 * a type without draft & publish to both the draft and the published row of a D&P target, so its
 * filters join both (recorded: authors whose posts include a draft titled so match).
 */
export function filtersEveryVersion(ctx: QueryContext, node: Node, attribute: Attribute): boolean {
  if (attribute.type !== 'relation' || node.model.draftAndPublish) return false;
  return !!ctx.index.models.get(attribute.target!)?.draftAndPublish;
}

/**
 * The rows a morph relation links: a `morphToMany`/`morphToOne` stores `{ __type, documentId }` items, each read
 * in its own type (those the caller may read); the inverse sides (`morphMany`, `morphOne`) are answered empty, as
 * Strapi 5.54 answers them (recorded: morph.inverse.populate.*).
 */
function morphRows(ctx: QueryContext, node: Node, name: string, attribute: Attribute): Row[] {
  if (attribute.target) return [];
  const rows: Row[] = [];
  for (const item of asList(node.data[name])) {
    const link = item as { __type?: unknown; documentId?: unknown } | null;
    const target = typeof link?.__type === 'string' ? ctx.index.models.get(link.__type) : undefined;
    if (!target || typeof link!.documentId !== 'string' || !ctx.canRead(target.uid)) continue;
    const row = ctx.index.findRow(target.uid, link!.documentId, targetScope(ctx, node, target));
    if (row) rows.push(row);
  }
  return rows;
}

/** Media file rows of a media attribute. */
export function mediaRows(ctx: QueryContext, node: Node, name: string): Row[] {
  const rows: Row[] = [];
  for (const documentId of asList(node.data[name])) {
    const row = ctx.index.findRow(UPLOAD_FILE_UID, documentId as string, { status: 'published', locale: null });
    if (row) rows.push(row);
  }
  return rows;
}

/** Component items of a component or dynamic-zone attribute, as nodes with stable derived ids. */
export function componentNodes(ctx: QueryContext, node: Node, name: string, attribute: Attribute): Node[] {
  const value = node.data[name];
  if (value === null || value === undefined) return [];
  const items = attribute.type === 'component' && !attribute.repeatable ? [value] : asList(value);
  const nodes: Node[] = [];
  items.forEach((item, position) => {
    if (!item || typeof item !== 'object') return;
    const data = item as Data;
    const uid = attribute.type === 'dynamiczone' ? (data.__component as string) : attribute.component!;
    const model = ctx.index.models.get(uid);
    if (!model) return;
    const seed = `${node.seed}#${name}${attribute.type === 'component' && !attribute.repeatable ? '' : `.${position}`}`;
    nodes.push({ model, id: deriveId(seed), row: undefined, data, locale: node.locale, seed, cells: new Map() });
  });
  return nodes;
}

/**
 * The document's rows in its other locales, in the asked status, by locale code: every answer recorded from Strapi lists them so (de, en,
 * fr).
 */
export function localizationNodes(ctx: QueryContext, node: Node): Node[] {
  const row = node.row;
  if (!row) return [];
  return ctx.index.documentRows(row.uid, row.documentId)
    .filter((other) => other.locale !== row.locale && (!node.model.draftAndPublish || other.status === ctx.status))
    .sort((a, b) => ((a.locale ?? '') < (b.locale ?? '') ? -1 : (a.locale ?? '') > (b.locale ?? '') ? 1 : 0))
    .map((other) => rowNode(ctx, other));
}

/** Every node one attribute leads to: related documents, media files or component items. */
export function childNodes(ctx: QueryContext, node: Node, name: string): Node[] {
  if (name === 'localizations' && node.model.localized) return localizationNodes(ctx, node);
  const attribute = getAttribute(node.model, name);
  if (!attribute) return [];
  switch (attribute.type) {
    case 'relation':
      return relatedRows(ctx, node, name, attribute).map((row) => rowNode(ctx, row));
    case 'media':
      return mediaRows(ctx, node, name).map((row) => rowNode(ctx, row));
    case 'component':
    case 'dynamiczone':
      return componentNodes(ctx, node, name, attribute);
    default:
      return [];
  }
}
