import { invalidKey, ValidationError } from '../errors.js';
import { getAttribute, isHiddenAttribute, isMorph, isScalar, UPLOAD_FILE_UID, type Model } from '../schema/types.js';
import type { SortSpec } from './ast.js';
import { fieldRef } from './nodes.js';
import { listOf, type NormalizeContext } from './normalize-filters.js';
import { textOf } from './text.js';
import { inPasses, laterError, refusingPass } from './validation-passes.js';

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

function direction(raw: unknown): 'asc' | 'desc' {
  const value = textOf(raw ?? 'asc').trim().toLowerCase();
  if (value !== 'asc' && value !== 'desc') throw new ValidationError('Invalid order. order can only be one of asc|desc|ASC|DESC');
  return value;
}

/**
 * Check a sort path against the schema: it walks relations/components and ends on a scalar. A
 * relation into a type the caller may not read is an unknown key, as in filters (recorded:
 * sort.public.relation.unreadable). A path going on past a scalar (`title.nope`) passes Strapi's
 * validation and fails only when the query runs (its 500): that error is returned, not thrown,
 * so every key, pagination and order error comes first (recorded: fuzz.sort.order.before.subpath).
 */
function checkPath(ctx: NormalizeContext, model: Model, segments: string[]): ValidationError | undefined {
  let current = model;
  let path: string | null = null;
  for (const [position, segment] of segments.entries()) {
    const last = position === segments.length - 1;
    const attribute = getAttribute(current, segment);
    const here: string = path ? `${path}.${segment}` : segment;
    if (!attribute) {
      // (Strapi 5.54's REST API refuses the admin's virtual `status` sort: `Invalid key status`, recorded)
      if (isHiddenAttribute(current, segment)) {
        laterError('private', invalidKey(segment, here, 'sort'));
        return undefined;
      }
      if (!fieldRef(current, segment)) throw invalidKey(segment, path, 'sort');
      if (!last) return invalidKey(segments[position + 1], here, 'sort');
      path = here;
      continue;
    }
    // Strapi refuses those after every unknown key of the whole sort (see validation-passes.ts); a morph relation with a
    // target (its inverse side) too, as before
    const refused = refusingPass(attribute) ?? (isMorph(attribute) ? 'morphRelations' : undefined);
    if (refused) {
      laterError(refused, invalidKey(segment, here, 'sort'));
      return undefined;
    }
    if (isScalar(attribute)) {
      if (!last) return invalidKey(segments[position + 1], here, 'sort');
    } else {
      if (last || (attribute.type === 'relation' && !ctx.canRead(attribute.target!))) throw invalidKey(segment, here, 'sort');
      const next = attribute.type === 'relation' ? attribute.target! : attribute.type === 'media' ? UPLOAD_FILE_UID : attribute.component!;
      current = ctx.models.get(next)!;
    }
    path = here;
  }
  return undefined;
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

/** A sort whose keys are validated; its directions are read later (`sortSpecs`). */
export interface CheckedSort {
  items: unknown[];
  /** The first path going on past a scalar: Strapi's 500 when the query runs, after every other error. */
  late?: ValidationError;
}

/**
 * Strapi's sort forms: `title`, `title:desc`, `title:asc,slug:desc`, `sort[0]=…`, `sort[title]=desc`,
 * `sort[0][title]=desc`, `author.name:asc`, `sort[author][name]=asc`. Every key is validated here,
 * with the other query keys; Strapi reads the directions later, when the document service converts
 * the query (after the REST service's pagination: recorded fuzz.sort.order.after.pagination).
 */
export function checkSort(ctx: NormalizeContext, model: Model, raw: unknown): CheckedSort {
  if (raw === undefined || raw === null || raw === '') return { items: [] };
  const items = listOf(raw) ?? [raw];
  // Strapi reads a list mixing `title` and `{ author: { name } }` items as an object: `Invalid key 0`
  // (recorded: sort.object.list)
  if (items.some((item) => typeof item === 'string') && items.some(isRecord)) throw invalidKey('0', null, 'sort');
  return inPasses(() => {
    let late: ValidationError | undefined;
    for (const item of items) for (const path of pathsOf(item)) late ??= checkPath(ctx, model, path);
    return { items, late };
  });
}

/**
 * The directions of a checked sort, then `next` (what Strapi's document service converts after the sort: the populate, the
 * page numbers), then the error of a path past a scalar.
 */
export function sortSpecs(checked: CheckedSort, next?: () => void): SortSpec[] {
  const specs = checked.items.flatMap(specsOf);
  next?.();
  if (checked.late) throw checked.late;
  return specs;
}

/** Both steps at once, for sorts with no pagination between (a populate's sort). */
export function normalizeSort(ctx: NormalizeContext, model: Model, raw: unknown): SortSpec[] {
  return sortSpecs(checkSort(ctx, model, raw));
}
