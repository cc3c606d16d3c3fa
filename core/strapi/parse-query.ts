import qs from 'qs';
import type { RawQuery } from '../query/normalize.js';

/** Strapi's query middleware settings (`packages/core/core/src/middlewares/query.ts`), plus qs defaults it relies on. */
const QS_OPTIONS = {
  ignoreQueryPrefix: true,
  strictNullHandling: true,
  arrayLimit: 100,
  depth: 20,
  parameterLimit: 1000,
  // As in Strapi: a parameter whose key path names an Object.prototype property
  // (`__proto__`, `constructor`, `toString`, …) is dropped whole.
  allowPrototypes: false,
  plainObjects: false,
} as const;

/** Not an Object.prototype property, but never a key we want either (STYLE: hostile input). */
const DROPPED_KEYS = new Set(['prototype', '__proto__', 'constructor']);

/** Copy qs's output into null-prototype objects, so no key can ever resolve through a prototype. */
function withoutPrototypes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPrototypes);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(value)) {
    if (!DROPPED_KEYS.has(key)) out[key] = withoutPrototypes((value as Record<string, unknown>)[key]);
  }
  return out;
}

/**
 * Parse a raw query string exactly as Strapi does (`strictNullHandling`, `arrayLimit: 100`,
 * `depth: 20`) into null-prototype objects; `__proto__`, `constructor`, `prototype` and other
 * prototype keys never reach an object. The only place that knows the bracket syntax.
 *
 * @example
 * parseQueryString('filters[title][$eq]=Hi&sort=title:desc') // { filters: { title: { $eq: 'Hi' } }, sort: 'title:desc' }
 */
export function parseQueryString(search: string): RawQuery {
  return withoutPrototypes(qs.parse(search, QS_OPTIONS)) as RawQuery;
}
