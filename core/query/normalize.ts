import type { CmsConfig } from '../config/types.js';
import { invalidKey, PaginationError, ValidationError } from '../errors.js';
import type { Model } from '../schema/types.js';
import type { Status } from '../types.js';
import type { Filter, Query } from './ast.js';
import { withDeferredCasts } from './cast.js';
import { fieldRef } from './nodes.js';
import { normalizeFields } from './normalize-fields.js';
import { listOf, normalizeFilters, type NormalizeContext } from './normalize-filters.js';
import { populateAndLateError } from './normalize-populate.js';
import { checkPopulateDepth } from './populate-limits.js';
import { checkSort, sortSpecs } from './normalize-sort.js';
import { checkWindow, resolvePagination } from './pagination.js';
import { resolvePublicationFilter } from './publication.js';
import { textOf } from './text.js';

/** The query parameters as parsed from a query string (or given to the library). */
export interface RawQuery {
  filters?: unknown;
  sort?: unknown;
  fields?: unknown;
  populate?: unknown;
  pagination?: unknown;
  status?: unknown;
  locale?: unknown;
  _q?: unknown;
  [key: string]: unknown;
}

/**
 * Top-level keys Strapi knows (`content-api-constants.ts`); others are ignored unless strictParams. A key added here is classified
 * in published-reads.ts too (KEY_READS: typed over this list), or the build fails.
 */
export const QUERY_KEYS = [
  'filters', 'sort', 'fields', 'populate', 'status', 'locale', 'page', 'pageSize', 'start', 'limit', '_q', 'publicationFilter',
  'hasPublishedVersion', 'pagination', 'count', 'ordering',
] as const;
export type QueryKey = typeof QUERY_KEYS[number];
const KNOWN_KEYS: ReadonlySet<string> = new Set(QUERY_KEYS);

export interface NormalizeOptions {
  /** `find` lists (locale `*` allowed, pagination), `findOne` one document. */
  action: 'find' | 'findOne';
}

/** Status for draft-and-publish types: `published` (default) or `draft`; anything else is a 400 (project choice). */
export function resolveStatus(model: Model, raw: unknown): Status {
  if (raw === undefined || raw === null) return 'published';
  if (raw === 'published' || raw === 'draft') return raw;
  // Strapi reads every status but 'published' as draft; an empty one is no unknown value (recorded: status.posts.empty)
  if (raw === '') return model.draftAndPublish ? 'draft' : 'published';
  if (!model.draftAndPublish) return 'published';
  throw new ValidationError(
    `Invalid status "${textOf(raw)}": expected "published" or "draft"`, { key: 'status', source: 'query', param: 'status' },
  );
}

/**
 * Locale for localized types: the given code, `*` (all locales; on one document Strapi reads it as a
 * literal code, so nothing matches), or the default locale. Unknown codes simply match nothing.
 */
export function resolveLocale(model: Model, raw: unknown, config: CmsConfig): string | null {
  if (!model.localized) return null;
  if (raw === undefined || raw === null || raw === '') return config.defaultLocale;
  // Strapi's localeToLookup (one document): `Invalid locale param fr,en provided. Document locales must be strings.`
  if (typeof raw !== 'string') {
    const given = Array.isArray(raw) ? raw.join(',') : textOf(raw);
    throw new ValidationError(`Invalid locale param ${given} provided. Document locales must be strings.`);
  }
  return raw;
}

/** A `locale` given as a list of codes, for a list query; undefined for anything else. */
function localeList(raw: unknown): string[] | undefined {
  const list = listOf(raw);
  return list && list.length && list.every((item) => typeof item === 'string') ? (list as string[]) : undefined;
}

/**
 * Check a raw query against a model and compile it: every error a client can make is found here,
 * before anything runs. Query-key validation order follows Strapi: filters, sort, fields, populate.
 */
export function normalizeQuery(ctx: NormalizeContext, config: CmsConfig, model: Model, raw: RawQuery, options: NormalizeOptions): Query {
  return withDeferredCasts(() => compileQuery(ctx, config, model, raw, options));
}

function compileQuery(ctx: NormalizeContext, config: CmsConfig, model: Model, raw: RawQuery, options: NormalizeOptions): Query {
  if (config.api.rest.strictParams) {
    for (const key of Object.keys(raw)) if (!KNOWN_KEYS.has(key)) throw invalidKey(key, null, key);
  }
  // Strapi answers 500 for these (a project choice makes them 400s naming what it could not use):
  // a list of filters at the root, an empty field list, a list as the search term.
  if (listOf(raw.filters)) throw invalidKey('0', null, 'filters');
  if (raw.fields === '') {
    throw new ValidationError(
      'Invalid fields parameter: a field name cannot be empty', { key: '', path: null, source: 'query', param: 'fields' },
    );
  }
  if (raw._q !== undefined && raw._q !== null && typeof raw._q !== 'string') {
    throw new ValidationError(
      'Invalid _q parameter: expected a single search term', { key: '_q', path: null, source: 'query', param: '_q' },
    );
  }
  const filters = normalizeFilters(ctx, model, raw.filters);
  const checkedSort = checkSort(ctx, model, raw.sort);
  const fields = normalizeFields(model, raw.fields);
  const { populate, late } = populateAndLateError(ctx, model, raw.populate);
  checkPopulateDepth(populate, config.api.rest.maxPopulateDepth);
  // Strapi rejects root page parameters when it converts a list query (they clash with the
  // start/limit the REST service adds), after validating the keys; one document ignores them.
  if (options.action === 'find' && (raw.page !== undefined || raw.pageSize !== undefined)) {
    throw new PaginationError('Invalid pagination attributes. The page parameters are incorrect and must be in the pagination object');
  }
  const pagination = resolvePagination(raw.pagination, config.api.rest);
  // After the REST service's pagination, Strapi's document service converts the sort's directions, then the populate, then
  // the page numbers (recorded: fuzz.sort.order.after.pagination, fuzz.sort.order.before.page.numbers,
  // fuzz.populate.zone.star.after.keys)
  const sort = sortSpecs(checkedSort, () => {
    if (late) throw late;
    checkWindow(pagination);
  });
  const status = resolveStatus(model, raw.status);
  // Strapi merges the locale lookup under the filters ({ ...lookup, ...where }): a root `locale`
  // filter replaces the default or asked locale, so the list spans every locale the filter allows.
  const rootLocaleFilter = options.action === 'find' && model.localized && !!raw.filters && typeof raw.filters === 'object'
    && Object.hasOwn(raw.filters, 'locale');
  // A list of locales (`locale[0]=fr`, `locale=fr&locale=en`) is Strapi's `locale IN (…)` lookup on lists
  const locales = options.action === 'find' && model.localized && !rootLocaleFilter ? localeList(raw.locale) : undefined;
  const locale = rootLocaleFilter || locales ? '*' : resolveLocale(model, raw.locale, config);
  const inLocales: Filter | undefined = locales && { kind: 'compare', field: fieldRef(model, 'locale')!, operator: '$in', value: locales };
  const search = typeof raw._q === 'string' && raw._q !== '' ? raw._q : undefined;
  const publication = resolvePublicationFilter(raw.publicationFilter, raw.hasPublishedVersion);
  const scoped = inLocales ? (filters ? { kind: 'and' as const, filters: [inLocales, filters] } : inLocales) : filters;
  return { model, filters: scoped, sort, pagination, fields, populate, status, locale, search, publication };
}
