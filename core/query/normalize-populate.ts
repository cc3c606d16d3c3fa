import { invalidKey, ValidationError } from '../errors.js';
import { getAttribute, isMorph, isPopulatable, UPLOAD_FILE_UID, type Attribute, type Model } from '../schema/types.js';
import type { PopulateMap, PopulateNode } from './ast.js';
import { normalizeFields } from './normalize-fields.js';
import { listOf, normalizeFilters, type NormalizeContext } from './normalize-filters.js';
import { normalizeSort } from './normalize-sort.js';
import { textOf } from './text.js';

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const TRUE_LIKE = ['true', 't', '1', '*'];
const FALSE_LIKE = ['false', 'f', '0'];
const NODE_KEYS = ['fields', 'filters', 'sort', 'populate', 'count', 'on'];
/** A primitive's text, '' for objects (query objects have no prototype, so String() would throw). */
const text = (value: unknown): string => (value !== null && typeof value === 'object' ? '' : textOf(value));
const isTrue = (value: unknown) => value === true || TRUE_LIKE.includes(text(value));
const isFalse = (value: unknown) => value === false || FALSE_LIKE.includes(text(value));

/** `localizations` is a virtual relation on localized types. */
const LOCALIZATIONS: Attribute = { type: 'relation', relation: 'oneToMany' };

function attributeFor(model: Model, key: string): Attribute | undefined {
  if (key === 'localizations' && model.localized) return { ...LOCALIZATIONS, target: model.uid };
  return getAttribute(model, key);
}

function targetModel(ctx: NormalizeContext, attribute: Attribute): Model | undefined {
  if (attribute.type === 'relation') return ctx.models.get(attribute.target!);
  if (attribute.type === 'media') return ctx.models.get(UPLOAD_FILE_UID);
  if (attribute.type === 'component') return ctx.models.get(attribute.component!);
  return undefined;
}

/** May this attribute be populated for this caller? Unreadable relation targets are dropped silently. */
function isReadable(ctx: NormalizeContext, attribute: Attribute): boolean {
  return attribute.type !== 'relation' || ctx.canRead(attribute.target!);
}

/** `populate=*`: every relation, media, component and dynamic zone, one level deep. */
export function populateAll(ctx: NormalizeContext, model: Model): PopulateMap {
  const map: PopulateMap = new Map();
  for (const name of model.attributeNames) {
    const attribute = model.attributes[name];
    if (!isPopulatable(attribute) || attribute.private || isMorph(attribute) || !isReadable(ctx, attribute)) continue;
    map.set(name, {});
  }
  if (model.localized && model.modelType === 'contentType') map.set('localizations', {});
  return map;
}

function merge(map: PopulateMap, key: string, node: PopulateNode): void {
  const existing = map.get(key);
  if (!existing) { map.set(key, node); return; }
  if (node.populate) {
    existing.populate ??= new Map();
    for (const [inner, innerNode] of node.populate) merge(existing.populate, inner, innerNode);
  }
  if (node.on) {
    existing.on ??= new Map();
    for (const [uid, innerNode] of node.on) {
      const current = existing.on.get(uid);
      if (!current) existing.on.set(uid, innerNode);
      else if (innerNode.populate) {
        current.populate ??= new Map();
        for (const [inner, deeper] of innerNode.populate) merge(current.populate, inner, deeper);
      }
    }
  }
  for (const option of ['fields', 'filters', 'sort', 'count'] as const) if (node[option] !== undefined) (existing as Record<string, unknown>)[option] = node[option];
}

/** One dot path (`author.avatar`, `seo.metaSocial`, `blocks.file`) → nested nodes. */
function dotPath(ctx: NormalizeContext, model: Model, segments: string[], prefix: string): PopulateMap | undefined {
  const [head, ...tail] = segments;
  const fullPath = prefix ? `${prefix}.${head}` : head;
  const attribute = attributeFor(model, head);
  if (!attribute || !isPopulatable(attribute) || attribute.private) throw invalidKey(head, fullPath, 'populate');
  if (!isReadable(ctx, attribute)) return new Map();
  const map: PopulateMap = new Map();
  if (!tail.length) { map.set(head, {}); return map; }
  if (attribute.type === 'media' || isMorph(attribute)) throw invalidKey(head, fullPath, 'populate');
  if (attribute.type === 'dynamiczone') {
    const [next, ...rest] = tail;
    const nextPath = `${fullPath}.${next}`;
    const on = new Map<string, PopulateNode>();
    for (const uid of attribute.components ?? []) {
      const component = ctx.models.get(uid)!;
      if (!getAttribute(component, next)) continue;
      try {
        on.set(uid, { populate: dotPath(ctx, component, [next, ...rest], nextPath) });
      } catch {
        // Another component of the zone may accept the path.
      }
    }
    if (!on.size) throw invalidKey(next, nextPath, 'populate');
    map.set(head, { on });
    return map;
  }
  map.set(head, { populate: dotPath(ctx, targetModel(ctx, attribute)!, tail, fullPath) });
  return map;
}

function nodeFromObject(ctx: NormalizeContext, model: Model, key: string, attribute: Attribute, value: Record<string, unknown>, path: string): PopulateNode {
  const node: PopulateNode = {};
  const isZone = attribute.type === 'dynamiczone' || isMorph(attribute);
  const target = targetModel(ctx, attribute);
  for (const [option, optionValue] of Object.entries(value)) {
    if (!NODE_KEYS.includes(option)) throw invalidKey(option, path, 'populate');
    if (option === 'on') {
      if (!isZone) throw new ValidationError(`Using fragments is not permitted to populate "${key}" in "${model.uid}"`, { key, path, source: 'query', param: 'populate' });
      if (!isRecord(optionValue)) throw invalidKey('on', path, 'populate');
      node.on = new Map();
      for (const [uid, fragment] of Object.entries(optionValue)) {
        const component = ctx.models.get(uid);
        if (!component || !(attribute.components ?? []).includes(uid)) throw invalidKey(uid, `${path}.on.${uid}`, 'populate');
        node.on.set(uid, fragmentNode(ctx, component, fragment, `${path}.on.${uid}`));
      }
      continue;
    }
    if (option === 'count') {
      const flag = text(optionValue).toLowerCase();
      if (![...TRUE_LIKE, ...FALSE_LIKE].includes(flag) || flag === '*') throw invalidKey('count', path, 'populate');
      node.count = TRUE_LIKE.includes(flag);
      continue;
    }
    if (isZone) {
      if (option === 'populate' && isTrue(optionValue)) {
        node.on = new Map((attribute.components ?? []).map((uid) => [uid, { populate: populateAll(ctx, ctx.models.get(uid)!) }]));
        continue;
      }
      throw invalidKey(option, path, 'populate');
    }
    if (!target) throw invalidKey(option, path, 'populate');
    if (option === 'fields') node.fields = normalizeFields(target, optionValue);
    if (option === 'filters') node.filters = normalizeFilters(ctx, target, optionValue);
    if (option === 'sort') node.sort = normalizeSort(ctx.models, target, optionValue);
    if (option === 'populate') node.populate = normalizePopulate(ctx, target, optionValue, path, true);
  }
  return node;
}

/** A dynamic-zone fragment: `on[shared.quote]=true`, `[populate]=*`, `[fields]`, `[populate][x]…`. */
function fragmentNode(ctx: NormalizeContext, component: Model, fragment: unknown, path: string): PopulateNode {
  if (isTrue(fragment)) return {};
  if (!isRecord(fragment)) throw invalidKey(component.uid, path, 'populate');
  const node: PopulateNode = {};
  for (const [option, value] of Object.entries(fragment)) {
    if (option === 'populate') node.populate = normalizePopulate(ctx, component, value, path, true);
    else if (option === 'fields') node.fields = normalizeFields(component, value);
    else if (option === 'filters') node.filters = normalizeFilters(ctx, component, value);
    else if (option === 'sort') node.sort = normalizeSort(ctx.models, component, value);
    else throw invalidKey(option, path, 'populate');
  }
  return node;
}

/**
 * Every populate form Strapi accepts: `*`, `a,b`, lists, dot paths, `populate[a]=true`, and
 * objects with `fields`, `filters`, `sort`, `populate`, `count` and dynamic-zone `on`.
 */
export function normalizePopulate(ctx: NormalizeContext, model: Model, raw: unknown, path = '', nested = false): PopulateMap {
  if (raw === undefined || raw === null || raw === '') return new Map();
  if (raw === '*' || (nested && isTrue(raw))) return populateAll(ctx, model);
  const list = listOf(raw);
  const map: PopulateMap = new Map();
  if (typeof raw === 'string' || list) {
    for (const item of list ?? [raw]) {
      if (isRecord(item)) {
        for (const [key, node] of normalizePopulate(ctx, model, item, path, nested)) merge(map, key, node);
        continue;
      }
      if (typeof item !== 'string') throw invalidKey(text(item), path || null, 'populate');
      if (item === '*') {
        for (const [key, node] of populateAll(ctx, model)) merge(map, key, node);
        continue;
      }
      for (const dotted of item.split(',').map((part) => part.trim()).filter(Boolean)) {
        const segments = dotted.split('.').map((part) => part.trim()).filter(Boolean);
        for (const [key, node] of dotPath(ctx, model, segments, path) ?? new Map()) merge(map, key, node);
      }
    }
    return map;
  }
  if (!isRecord(raw)) throw invalidKey(text(raw), path || null, 'populate');
  for (const [key, value] of Object.entries(raw)) {
    const fullPath = path ? `${path}.${key}` : key;
    const attribute = attributeFor(model, key);
    if (!attribute || !isPopulatable(attribute) || attribute.private) throw invalidKey(key, fullPath, 'populate');
    if (!isReadable(ctx, attribute)) continue;
    if (isFalse(value)) continue;
    if (isTrue(value) || value === null) { merge(map, key, {}); continue; }
    if (!isRecord(value)) throw invalidKey(text(value), fullPath, 'populate');
    merge(map, key, nodeFromObject(ctx, model, key, attribute, value, fullPath));
  }
  return map;
}
