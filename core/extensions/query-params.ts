import type { FindParams } from '../service/documents.js';
import type { Model, Models } from '../schema/types.js';
import { isScalar } from '../schema/types.js';
import { orderByPairs } from './query-where.js';

/** The query engine's parameters (`strapi.db.query(uid).findMany(…)`), as Strapi 5 names them. */
export interface QueryParams {
  where?: unknown;
  select?: string | string[];
  populate?: unknown;
  orderBy?: unknown;
  limit?: number;
  offset?: number;
  data?: Record<string, unknown>;
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
const isOperatorObject = (value: Record<string, unknown>) => Object.keys(value).some((key) => key.startsWith('$'));

/**
 * A query-engine `where` as Document Service `filters`: the same operators, except that a relation compared with an id
 * (`{ category: 3 }`, `{ category: [1, 2] }`, `{ category: { $in: [1] } }`) names the related row's `id`.
 *
 * @example
 * whereToFilters(models, articleModel, { category: 3, views: { $gt: 1 } }) // { category: { id: 3 }, views: { $gt: 1 } }
 */
export function whereToFilters(models: Models, model: Model | undefined, where: unknown): unknown {
  if (Array.isArray(where)) return where.map((part) => whereToFilters(models, model, part));
  if (!isPlain(where)) return where;
  return Object.fromEntries(Object.entries(where).map(([key, condition]) => {
    if (['$and', '$or', '$not'].includes(key)) return [key, whereToFilters(models, model, condition)];
    const attribute = model?.attributes[key];
    if (attribute?.type !== 'relation' && attribute?.type !== 'media') return [key, condition];
    if (!isPlain(condition)) return [key, { id: Array.isArray(condition) ? { $in: condition } : condition }];
    if (isOperatorObject(condition)) return [key, { id: condition }];
    return [key, whereToFilters(models, attribute.target ? models.get(attribute.target) : undefined, condition)];
  }));
}

/** `orderBy` as Document Service `sort` strings (`views:desc`). */
export const orderByToSort = (orderBy: unknown): string[] => orderByPairs(orderBy).map(([key, way]) => `${key}:${way}`);

/**
 * A query-engine `populate` as the Document Service's: `true` is `*`, nested `select`/`where`/`orderBy` become
 * `fields`/`filters`/`sort`.
 *
 * @example
 * populateToDocuments(models, article, { category: { select: ['name'] } }) // { category: { fields: ['name'] } }
 */
export function populateToDocuments(models: Models, model: Model | undefined, populate: unknown): unknown {
  if (populate === undefined || populate === null || populate === false) return undefined;
  if (populate === true || populate === '*') return '*';
  if (typeof populate === 'string') return [populate];
  if (Array.isArray(populate)) return populate;
  if (!isPlain(populate)) return populate;
  return Object.fromEntries(Object.entries(populate).map(([key, nested]) => {
    if (!isPlain(nested)) return [key, nested];
    const target = model?.attributes[key]?.target ? models.get(model.attributes[key].target!) : undefined;
    const entry: Record<string, unknown> = {};
    if (nested.select !== undefined) entry.fields = nested.select;
    if (nested.where !== undefined) entry.filters = whereToFilters(models, target, nested.where);
    if (nested.orderBy !== undefined) entry.sort = orderByToSort(nested.orderBy);
    if (nested.populate !== undefined) entry.populate = populateToDocuments(models, target, nested.populate);
    if (nested.count !== undefined) entry.count = nested.count;
    return [key, entry];
  }));
}

/** The populated names of a `populate` (so `select` keeps them). */
export function populatedNames(model: Model, populate: unknown): string[] {
  if (populate === true || populate === '*') return Object.keys(model.attributes).filter((name) => !isScalar(model.attributes[name]));
  if (typeof populate === 'string') return [populate];
  if (Array.isArray(populate)) return populate.map(String);
  return isPlain(populate) ? Object.keys(populate).filter((key) => populate[key] !== false) : [];
}

/**
 * Entity Service (Strapi 4) parameters as the query engine's, as `strapi.entityService.findPage` hands them to it:
 * `filters` → `where`, `sort` → `orderBy`, `fields` → `select`, `page`/`pageSize` or `start`/`limit`.
 */
export function entityToQuery(params: FindParams): QueryParams & { page?: number; pageSize?: number } {
  const query: QueryParams & { page?: number; pageSize?: number } = {};
  if (params.filters !== undefined) query.where = params.filters;
  if (params.sort !== undefined) {
    const sorts = Array.isArray(params.sort) ? params.sort : [params.sort];
    query.orderBy = sorts.map((entry) => {
      if (typeof entry !== 'string') return entry;
      const [key, way = 'asc'] = entry.split(':');
      return { [key]: way.toLowerCase() };
    });
  }
  // Strapi's query params always select the ids beside the fields asked for.
  if (params.fields !== undefined) query.select = ['id', 'documentId', ...[params.fields].flat()];
  if (params.populate !== undefined) query.populate = documentsToPopulate(params.populate);
  const pagination = params.pagination ?? params;
  if (pagination.page !== undefined || pagination.pageSize !== undefined) {
    query.page = Number(pagination.page ?? 1);
    query.pageSize = Number(pagination.pageSize ?? 10);
  } else {
    if (pagination.start !== undefined) query.offset = Number(pagination.start);
    if (pagination.limit !== undefined) query.limit = Number(pagination.limit);
  }
  return query;
}

/** Document Service `populate` back in the query engine's words (nested `fields`/`filters`/`sort`). */
function documentsToPopulate(populate: unknown): unknown {
  if (!isPlain(populate)) return populate;
  // `false` (or 'false', as a query string gives it) populates nothing (Strapi leaves the relation out); nested `fields`
  // keep the ids, as Strapi's select does.
  return Object.fromEntries(Object.entries(populate).filter(([, nested]) => nested !== false && nested !== 'false').map(([key, nested]) => {
    if (!isPlain(nested)) return [key, nested];
    const entry: Record<string, unknown> = {};
    if (nested.fields !== undefined) entry.select = ['id', 'documentId', ...[nested.fields].flat()];
    if (nested.filters !== undefined) entry.where = nested.filters;
    if (nested.sort !== undefined) entry.orderBy = nested.sort;
    if (nested.populate !== undefined) entry.populate = documentsToPopulate(nested.populate);
    return [key, entry];
  }));
}
