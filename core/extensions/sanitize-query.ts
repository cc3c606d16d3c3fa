import { ValidationError } from '../errors.js';
import type { RawQuery } from '../query/normalize.js';

const isPlain = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** `filters` without `key` where it sits at attribute `path` (null: the top level), through `$and`/`$or`/`$not` and operators. */
function withoutFilter(filters: unknown, key: string, path: string | null, at: string | null = null): unknown {
  if (Array.isArray(filters)) return filters.map((item) => withoutFilter(item, key, path, at));
  if (!isPlain(filters)) return filters;
  return Object.fromEntries(Object.entries(filters)
    // `path` names where the key sits (an operator inside `name`) or the key itself (a relation `brand` is path `brand`).
    .filter(([name]) => !(name === key && (at === path || (at === null ? name : `${at}.${name}`) === path)))
    .map(([name, value]) => {
      const next = name.startsWith('$') ? at : at === null ? name : `${at}.${name}`;
      return [name, withoutFilter(value, key, path, next)];
    }));
}

/** `populate` without the attribute the error names (`path` is `a.b` for a nested one). */
function withoutPopulate(populate: unknown, key: string, path: string | null): unknown {
  if (typeof populate === 'string') return populate.split(',').filter((name) => name.trim() !== key).join(',') || undefined;
  if (Array.isArray(populate)) return populate.filter((name) => name !== key && name !== path);
  if (!isPlain(populate)) return populate;
  const [head, ...rest] = (path ?? key).split('.');
  if (!rest.length) return Object.fromEntries(Object.entries(populate).filter(([name]) => name !== head));
  const nested = populate[head];
  if (!isPlain(nested)) return populate;
  return { ...populate, [head]: { ...nested, populate: withoutPopulate(nested.populate, key, rest.join('.')) } };
}

const sortField = (entry: unknown) =>
  (typeof entry === 'string' ? entry.split(':')[0] : isPlain(entry) ? Object.keys(entry)[0] : undefined);
const list = (value: unknown) => (typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [value]);

/** The query without what one validation error names, or undefined when the error names nothing a sanitizer removes. */
function without(query: RawQuery, details: Record<string, unknown>): RawQuery | undefined {
  const { param, key } = details;
  const path = typeof details.path === 'string' ? details.path : null;
  if (typeof key !== 'string') return undefined;
  const raw = query as Record<string, unknown>;
  switch (param) {
    case 'filters': return { ...query, filters: withoutFilter(raw.filters, key, path) } as RawQuery;
    case 'populate': return { ...query, populate: withoutPopulate(raw.populate, key, path) } as RawQuery;
    case 'sort': return { ...query, sort: list(raw.sort).filter((entry) => sortField(entry)?.split('.')[0] !== key) } as RawQuery;
    case 'fields': return { ...query, fields: list(raw.fields).filter((entry) => entry !== key) } as RawQuery;
    default: return undefined;
  }
}

/**
 * Strapi's `sanitizeQuery`: the query with what the caller may not ask left out (unknown or restricted filters, populate,
 * sort and fields), where `validateQuery` refuses it. `validate` is this server's check of a query (it throws the
 * 400 `Invalid key …` Strapi's validator would); each key it names is removed and the rest checked again.
 *
 * @example
 * sanitizeQuery((query) => service.normalize(model, query, caller, 'find'), { filters: { nope: 1 }, sort: 'name' })
 * // { filters: {}, sort: 'name' }
 */
export function sanitizeQuery(validate: (query: RawQuery) => void, query: RawQuery): RawQuery {
  let current = query;
  for (;;) {
    try {
      validate(current);
      return current;
    } catch (error) {
      const next = error instanceof ValidationError && error.details ? without(current, error.details) : undefined;
      if (!next || JSON.stringify(next) === JSON.stringify(current)) throw error;
      current = next;
    }
  }
}
