import type { Model } from '../schema/types.js';
import type { QueryKey } from './normalize.js';

/**
 * What each query key the parser knows (normalize.ts's QUERY_KEYS) lets a list read: `own` only its type's rows in the asked
 * status; `checked` the same for the values readsOnlyPublishedRows checks (status, filters, sort); `other` drafts or other
 * types' rows (populate, the publication cohort), or a key not looked into (root page keys, a 400 on lists; start, limit,
 * count and ordering, which a list ignores): such a list answers false, which costs only an answer kept less long. Typed
 * over every key, so a key the parser learns does not build until it is classified here; a key the parser does not know is
 * `other` too.
 */
export const KEY_READS: Readonly<Record<QueryKey, 'own' | 'checked' | 'other'>> = {
  pagination: 'own', fields: 'own', locale: 'own', _q: 'own',
  status: 'checked', filters: 'checked', sort: 'checked',
  populate: 'other', publicationFilter: 'other', hasPublishedVersion: 'other',
  page: 'other', pageSize: 'other', start: 'other', limit: 'other', count: 'other', ordering: 'other',
};
const readsOf = (key: string) => (Object.hasOwn(KEY_READS, key) ? KEY_READS[key as QueryKey] : 'other');
/** Attributes that lead to other rows: a filter or sort through them joins every version of the target (Strapi's join). */
const LINKING = new Set(['relation', 'media', 'component', 'dynamiczone']);

const links = (model: Model, name: string): boolean => {
  const attribute = Object.hasOwn(model.attributes, name) ? model.attributes[name] : undefined;
  return attribute !== undefined && LINKING.has(attribute.type);
};

/** No path of these raw filters goes through a relation, media, component or dynamic zone (operators may nest). */
function ownFieldFilters(model: Model, filters: unknown): boolean {
  if (Array.isArray(filters)) return filters.every((item) => ownFieldFilters(model, item));
  if (!filters || typeof filters !== 'object') return true;
  for (const [key, value] of Object.entries(filters)) {
    if (!key.startsWith('$') && links(model, key)) return false;
    if (!ownFieldFilters(model, value)) return false;
  }
  return true;
}

/** The raw sort names own fields only (`title`, `title:desc,views`, or a list of those; any other form: false). */
function ownFieldSort(model: Model, sort: unknown): boolean {
  if (sort === undefined) return true;
  const items = Array.isArray(sort) ? sort : [sort];
  return items.every((item) => typeof item === 'string'
    && item.split(',').every((part) => !part.includes('.') && !links(model, part.split(':')[0].trim())));
}

/**
 * Does a list request read nothing but its type's published rows (no populate, no publication cohort, filters and
 * sort on its own fields)? Then a write that changes only the type's drafts cannot change its answer. Anything this
 * does not recognise answers false (the answer is then kept only until any row of the type changes).
 *
 * @example
 * readsOnlyPublishedRows(article, { pagination: { pageSize: '10' } })  // true
 * readsOnlyPublishedRows(article, { populate: 'author' })              // false
 * readsOnlyPublishedRows(article, { status: 'draft' })                 // false
 */
export function readsOnlyPublishedRows(model: Model, raw: Record<string, unknown>): boolean {
  for (const key of Object.keys(raw)) if (readsOf(key) === 'other') return false;
  if (raw.status !== undefined && raw.status !== 'published') return false;
  return ownFieldFilters(model, raw.filters) && ownFieldSort(model, raw.sort);
}
