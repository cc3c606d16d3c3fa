import { isMorph, isScalar, isToMany, isVisible, type Attribute } from '../schema/types.js';
import type { Data } from '../types.js';
import type { PopulateMap, PopulateNode } from './ast.js';
import { renderTimestamp } from '../schema/timestamp.js';
import { normalizeTime } from './cast.js';
import type { QueryContext, Relinking } from './context.js';
import { fileLinks, isFileRelated } from './file-related.js';
import { matchesFilter } from './filter.js';
import { childNodes, localizationNodes, readField, rowNode, type Node } from './nodes.js';
import { sortNodes } from './sort.js';

/**
 * Scalar output formats (Strapi §4.1): big integers as strings, times as HH:mm:ss.SSS, date-times as
 * ISO, timestamps as epoch-millisecond strings (recorded: test/import/migration). A big integer is
 * printed as the JavaScript number it is closest to, as Strapi 5.54 on SQLite reads it back
 * (9007199254740993 → "9007199254740992", recorded: valid.create.big.unsafe*); the content file keeps
 * the exact digits sent, and filters compare them exactly, as SQLite does.
 */
const FORMATS: Partial<Record<Attribute['type'], (value: unknown) => unknown>> = {
  biginteger: (value) => String(Number(value)),
  time: (value) => normalizeTime(String(value)) ?? value,
  datetime: (value) => {
    const time = Date.parse(String(value));
    return Number.isNaN(time) ? value : new Date(time).toISOString();
  },
  timestamp: renderTimestamp,
};

function renderScalar(value: unknown, attribute: Attribute): unknown {
  if (value === null || value === undefined) return null;
  const format = FORMATS[attribute.type];
  return format ? format(value) : value;
}

const SYSTEM_FIELDS = ['createdAt', 'updatedAt', 'publishedAt'] as const;

function renderFields(node: Node, fields: string[] | undefined): Data {
  const { model, row } = node;
  const out: Data = {};
  out.id = node.id;
  const wants = (name: string) => !fields || fields.includes(name);
  if (row) out.documentId = row.documentId;
  else if (node.data.__component !== undefined) out.__component = node.data.__component;
  for (const name of model.attributeNames) {
    const attribute = model.attributes[name];
    if (!isScalar(attribute) || !isVisible(attribute) || !wants(name)) continue;
    out[name] = renderScalar(readField(node, name), attribute);
  }
  if (row) {
    for (const name of SYSTEM_FIELDS) if (wants(name)) out[name] = row[name];
    if (model.localized && wants('locale')) out.locale = row.locale;
  }
  return out;
}

/** Is this related entry the version a publishing write re-links after answering? */
const isRelinked = (relinking: Relinking, item: Node): boolean =>
  item.model.uid === relinking.uid && item.row?.documentId === relinking.documentId && (item.row.locale ?? null) === relinking.locale;

const kept = (ctx: QueryContext, nodes: Node[], options: PopulateNode): Node[] =>
  (options.filters ? nodes.filter((node) => matchesFilter(ctx, options.filters, node)) : nodes);

/** Already filtered nodes, sorted and rendered. */
function renderList(ctx: QueryContext, nodes: Node[], options: PopulateNode): unknown[] {
  if (!options.sort?.length) return nodes.map((node) => renderNode(ctx, node, options.fields, options.populate ?? new Map()));
  // Strapi selects a populate's sort columns first, so they lead each entry, even ones `fields`
  // leaves out (recorded: sort.populate.columns*)
  const lead = options.sort.filter((spec) => spec.path.length === 1).map((spec) => spec.path[0]);
  return sortNodes(ctx, nodes, options.sort).map((node) => {
    const rendered = renderNode(ctx, node, options.fields, options.populate ?? new Map());
    const every = renderFields(node, undefined);
    const front: Data = {};
    for (const name of lead) if (Object.hasOwn(every, name)) front[name] = every[name];
    return Object.assign(front, rendered);
  });
}

/**
 * `count=true` counts what the populate would return (its filters apply) on relations and
 * components, to-one ones included; media and dynamic zones (morph relations in Strapi's database
 * layer, `populate/apply.ts`) ignore it.
 */
const COUNTABLE: Attribute['type'][] = ['relation', 'component'];

/**
 * A `count=true` populate answers `{ count }` and renders no entries. Strapi 5.54 ignores it on `localizations`
 * (they are listed in full: recorded launchpad deep.faqs.*localizations.count).
 */
export function isCountOnly(node: Node, name: string, options: PopulateNode): boolean {
  if (!options.count || (name === 'localizations' && node.model.localized)) return false;
  return COUNTABLE.includes(node.model.attributes[name].type);
}

/**
 * The entries one populated attribute of a node leads to, its filters and fragments applied: what
 * the answer renders (or counts). The response budget walks the same function before rendering.
 */
export function populatedNodes(ctx: QueryContext, node: Node, name: string, options: PopulateNode): Node[] {
  if (name === 'localizations' && node.model.localized) return kept(ctx, localizationNodes(ctx, node), options);
  if (isFileRelated(node.model, name)) {
    return node.row ? fileLinks(ctx.index, node.row.documentId, ctx.canRead).map((row) => rowNode(ctx, row)) : [];
  }
  const items = childNodes(ctx, node, name);
  const attribute = node.model.attributes[name];
  const type = attribute.type;
  if (isMorph(attribute)) return options.fragments ? items.filter((item) => options.on?.has(item.model.uid)) : items;
  if (type === 'relation' && ctx.relinking) return kept(ctx, items.filter((item) => !isRelinked(ctx.relinking!, item)), options);
  if (type !== 'dynamiczone') return kept(ctx, items, options);
  return options.fragments ? items.filter((item) => options.on?.has(item.model.uid)) : items;
}

function renderPopulated(ctx: QueryContext, node: Node, name: string, options: PopulateNode): unknown {
  const nodes = populatedNodes(ctx, node, name, options);
  if (isCountOnly(node, name, options)) return { count: nodes.length };
  if (name === 'localizations' && node.model.localized) return renderList(ctx, nodes, options);
  if (isFileRelated(node.model, name)) {
    return nodes.map((item) => ({ ...renderNode(ctx, item, undefined, new Map()), __type: item.model.uid }));
  }
  const attribute = node.model.attributes[name];
  if (isMorph(attribute) && !attribute.target) {
    // each linked entry in its own type's shape, with the type last (Strapi's morph `__type`)
    const entries = nodes.map((item) => {
      const fragment = options.on?.get(item.model.uid);
      return { ...renderNode(ctx, item, fragment?.fields, fragment?.populate ?? new Map()), __type: item.model.uid };
    });
    return isToMany(attribute) ? entries : (entries[0] ?? null);
  }
  if (attribute.type === 'dynamiczone') {
    return nodes.map((item) => {
      const fragment = options.on?.get(item.model.uid);
      return renderNode(ctx, item, fragment?.fields, fragment?.populate ?? new Map());
    });
  }
  const rendered = renderList(ctx, nodes, options);
  return isToMany(attribute) ? rendered : (rendered[0] ?? null);
}

/**
 * A node as Strapi v5 returns it: `id`, `documentId`, scalar fields (or the selected `fields`),
 * timestamps, `locale` on localized types, then each populated attribute in request order.
 */
export function renderNode(ctx: QueryContext, node: Node, fields: string[] | undefined, populate: PopulateMap): Data {
  const out = renderFields(node, fields);
  for (const [name, options] of populate) out[name] = renderPopulated(ctx, node, name, options);
  return out;
}

