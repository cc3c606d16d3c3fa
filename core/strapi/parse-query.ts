import qs from 'qs';
import type { RawQuery } from '../query/normalize.js';

/**
 * Parse a raw query string exactly as Strapi does (`strictNullHandling`, `arrayLimit: 100`,
 * `depth: 20`) into null-prototype objects; `__proto__`, `constructor` and other prototype keys
 * never reach an object. The only place that knows the bracket syntax.
 *
 * @example
 * parseQueryString('filters[title][$eq]=Hi&sort=title:desc') // { filters: { title: { $eq: 'Hi' } }, sort: 'title:desc' }
 */
export function parseQueryString(search: string): RawQuery {
  return qs.parse(search, {
    ignoreQueryPrefix: true,
    strictNullHandling: true,
    arrayLimit: 100,
    depth: 20,
    parameterLimit: 1000,
    allowPrototypes: false,
    plainObjects: true,
  }) as RawQuery;
}
