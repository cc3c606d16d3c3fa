import { invalidKey, ValidationError } from '../errors.js';
import { getAttribute, isHiddenAttribute, isMorph, isScalar, UPLOAD_FILE_UID, type Model } from '../schema/types.js';
import type { SortSpec } from './ast.js';
import { fieldRef } from './nodes.js';
import { listOf, type NormalizeContext } from './normalize-filters.js';
import { textOf } from './text.js';

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

function direction(raw: unknown): 'asc' | 'desc' {
  const value = textOf(raw ?? 'asc').trim().toLowerCase();
  if (value !== 'asc' && value !== 'desc') throw new ValidationError('Invalid order. order can only be one of asc|desc|ASC|DESC');
  return value;
}

/**
 * Check a sort path against the schema: it walks relations/components and ends on a scalar. A
 * relation into a type the caller may not read is an unknown key, as in filters (recorded:
 * sort.public.relation.unreadable).
 */
function checkPath(ctx: NormalizeContext, model: Model, segments: string[]): void {
  let current = model;
  let path: string | null = null;
  segments.forEach((segment, position) => {
    const last = position === segments.length - 1;
    const attribute = getAttribute(current, segment);
    const here: string = path ? `${path}.${segment}` : segment;
    if (!attribute) {
      // (Strapi 5.54's REST API refuses the admin's virtual `status` sort: `Invalid key status`, recorded)
      if (isHiddenAttribute(current, segment)) throw invalidKey(segment, here, 'sort');
      if (!fieldRef(current, segment)) throw invalidKey(segment, path, 'sort');
      if (!last) throw invalidKey(segments[position + 1], here, 'sort');
      path = here;
      return;
    }
    if (attribute.private || attribute.type === 'password' || attribute.type === 'dynamiczone' || isMorph(attribute)) {
      throw invalidKey(segment, here, 'sort');
    }
    if (isScalar(attribute)) {
      if (!last) throw invalidKey(segments[position + 1], here, 'sort');
    } else {
      if (last || (attribute.type === 'relation' && !ctx.canRead(attribute.target!))) throw invalidKey(segment, here, 'sort');
      const next = attribute.type === 'relation' ? attribute.target! : attribute.type === 'media' ? UPLOAD_FILE_UID : attribute.component!;
      current = ctx.models.get(next)!;
    }
    path = here;
  });
}

/** `{ author: { name: 'asc' } }` → the path `author.name` with its raw direction. */
function fromObject(value: Record<string, unknown>, prefix: string[]): { path: string[]; order: unknown }[] {
  const entries: { path: string[]; order: unknown }[] = [];
  for (const [key, inner] of Object.entries(value)) {
    if (isRecord(inner)) entries.push(...fromObject(inner, [...prefix, key]));
    else entries.push({ path: [...prefix, key], order: inner });
  }
  return entries;
}

/**
 * Strapi's convertNestedSortQueryParam: an empty direction leaves the key unsorted, a missing one
 * (`sort[title]` without `=`) is a 400.
 */
function objectDirection(order: unknown): SortSpec['direction'] | undefined {
  if (order === null) throw new ValidationError('Invalid sort type expected object or string got object');
  return textOf(order).trim() === '' ? undefined : direction(order);
}

/** Strapi's getMeaningfulSortSegments: blank segments and segments without a field (`:desc`) are no sort. */
const meaningful = (value: string): string[] =>
  value.split(',').map((part) => part.trim()).filter((part) => part.length > 0 && part.split(':')[0].trim().length > 0);

function fromString(value: string): SortSpec[] {
  return meaningful(value).map((part) => {
    const [field, order] = part.split(':');
    return { path: field.split('.'), direction: direction(order ?? 'asc') };
  });
}

/** The attribute paths a sort item names, for validation. */
function pathsOf(item: unknown): string[][] {
  if (typeof item === 'string') return meaningful(item).map((part) => part.split(':')[0].split('.'));
  if (isRecord(item)) return fromObject(item, []).map((entry) => entry.path);
  if (item !== null) throw invalidKey(textOf(item), null, 'sort');
  return [];
}

/** One validated sort item → specs (directions checked here). */
function specsOf(item: unknown): SortSpec[] {
  if (typeof item === 'string') return fromString(item);
  if (!isRecord(item)) return [];
  return fromObject(item, []).flatMap(({ path, order }) => {
    const way = objectDirection(order);
    return way ? [{ path, direction: way }] : [];
  });
}

/**
 * Strapi's sort forms: `title`, `title:desc`, `title:asc,slug:desc`, `sort[0]=…`, `sort[title]=desc`,
 * `sort[0][title]=desc`, `author.name:asc`, `sort[author][name]=asc`. Every key is validated before
 * any direction, as Strapi validates the query before converting it.
 */
export function normalizeSort(ctx: NormalizeContext, model: Model, raw: unknown): SortSpec[] {
  if (raw === undefined || raw === null || raw === '') return [];
  const items = listOf(raw) ?? [raw];
  // Strapi reads a list mixing `title` and `{ author: { name } }` items as an object: `Invalid key 0`
  // (recorded: sort.object.list)
  if (items.some((item) => typeof item === 'string') && items.some(isRecord)) throw invalidKey('0', null, 'sort');
  for (const item of items) for (const path of pathsOf(item)) checkPath(ctx, model, path);
  return items.flatMap(specsOf);
}
