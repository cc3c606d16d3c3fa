import { createRequire } from 'node:module';
import type { RawQuery } from '../query/normalize.js';

/**
 * qs (and its chain of forty small modules: side-channel, get-intrinsic…) is required on the first query that needs it: most
 * of a `cms get`'s or a server's queries have no bracket key, and importing it was a tenth of a CLI start (issue 39).
 */
let qs: typeof import('qs') | undefined;
const parseWithQs = (search: string) => (qs ??= createRequire(import.meta.url)('qs') as typeof import('qs')).parse(search, QS_OPTIONS);

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
  return parseFlat(search) ?? withoutPrototypes(parseWithQs(search)) as RawQuery;
}

/** What qs's `decoder` does to a key or a value: `+` is a space, then percent-decoding (a malformed escape is kept as is). */
function decode(text: string): string {
  const spaced = text.includes('+') ? text.replace(/\+/g, ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** A bracket, raw or escaped (qs reads `%5B` and `%5D` as brackets before anything else). */
const BRACKET = /[[\]]|%5[bd]/i;

/**
 * A query whose keys are all plain names (`populate=*&sort=title:desc&pagination...` has none of qs's syntax: no bracket,
 * no repeated key, at most `parameterLimit` pairs), parsed as qs with QS_OPTIONS parses it, without loading qs: a key without
 * `=` is null (`strictNullHandling`), an empty key and a prototype property's name are dropped. Undefined when qs must read it.
 */
function parseFlat(search: string): RawQuery | undefined {
  const text = search.startsWith('?') ? search.slice(1) : search;
  const query: Record<string, string | null> = Object.create(null);
  if (text === '') return query as RawQuery;
  if (BRACKET.test(text)) return undefined;
  const pairs = text.split('&');
  if (pairs.length > QS_OPTIONS.parameterLimit) return undefined;
  const seen = new Set<string>();
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    const key = decode(equals === -1 ? pair : pair.slice(0, equals));
    if (key === '') continue;
    // A repeated key is an array (or, past arrayLimit, qs's overflow object): qs's to build.
    if (seen.has(key)) return undefined;
    seen.add(key);
    if (key in Object.prototype || DROPPED_KEYS.has(key)) continue;
    query[key] = equals === -1 ? null : decode(pair.slice(equals + 1));
  }
  return query as RawQuery;
}
