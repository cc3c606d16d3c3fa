import type { Model } from '../schema/types.js';

/** Query keys a list may carry and still read only its own type's rows in the asked status. */
const OWN_ROW_KEYS = new Set(['pagination', 'fields', 'locale', 'status', '_q', 'sort', 'filters']);
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
  for (const key of Object.keys(raw)) if (!OWN_ROW_KEYS.has(key)) return false;
  if (raw.status !== undefined && raw.status !== 'published') return false;
  return ownFieldFilters(model, raw.filters) && ownFieldSort(model, raw.sort);
}
