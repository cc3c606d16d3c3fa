import { siteFor } from '../branches/request-branch.js';
import type { Cms } from '../cms.js';
import { rowOfType } from '../index/type-row-ids.js';
import type { Documents } from '../service/documents.js';
import type { Model } from '../schema/types.js';
import type { Data, Status } from '../types.js';
import { UnsupportedApiError } from './errors.js';
import type { ReadHooks } from './lifecycles.js';
import { orderByToSort, populateToDocuments, whereToFilters, type QueryParams } from './query-params.js';
import { engineRow } from './query-rows.js';
import { orderByPairs, sortRows } from './query-where.js';

/** What the query engine of one content type needs: the core, the Document Service of a type, the find hooks. */
export interface QueryDeps {
  cms: Cms;
  documents: (uid: string) => Documents;
  hooks: ReadHooks;
}

type Row = Data & { id: number; documentId: string; publishedAt: string | null };

/** The methods of `strapi.db.query(uid)` project code may call (see docs/guide/extending.md). */
export const QUERY_METHODS = ['findMany', 'findOne', 'findPage', 'count', 'create', 'update', 'delete'] as const;

const STATUS_RANK: Record<Status, number> = { draft: 0, published: 1 };
const statusOf = (row: Row): Status => (row.publishedAt === null ? 'draft' : 'published');
/** Without `orderBy`, rows come in the order they were made: a document's draft before its published row. */
const madeOrder = (a: Row, b: Row) => String(a.createdAt).localeCompare(String(b.createdAt))
  || STATUS_RANK[statusOf(a)] - STATUS_RANK[statusOf(b)] || a.id - b.id;
/** What a write may not set on a row: the engine's own columns. */
const OWN_COLUMNS = ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale'];

/**
 * `strapi.db.query(uid)` (and `strapi.query(uid)`) for one content type: Strapi 5's query engine over this core. Reads
 * see every row, as the database holds them: a draft-and-publish document is two rows (draft, published) per locale.
 * `where`, `select`, `populate`, `orderBy`, `limit` and `offset` are the engine's; writes take the one write path
 * (validation, lifecycles, commits, webhooks) through the Document Service.
 *
 * @example
 * const rows = await contentQuery(deps, model).findMany({ where: { views: { $gt: 1 } }, orderBy: { views: 'desc' }, limit: 5 });
 */
export function contentQuery(deps: QueryDeps, model: Model): Record<string, unknown> {
  const { cms, hooks } = deps;
  const documents = () => deps.documents(model.uid);
  const statuses: Status[] = model.draftAndPublish ? ['draft', 'published'] : ['published'];

  /** Every row matching the query, in the engine's order, before `offset`/`limit`. */
  async function rows(params: QueryParams): Promise<Row[]> {
    const { locale, where } = splitLocale(params.where);
    const filters = whereToFilters(cms.models, model, where) as Record<string, unknown> | undefined;
    const populate = populateToDocuments(cms.models, model, params.populate);
    const sort = params.orderBy === undefined ? undefined : orderByToSort(params.orderBy);
    const found = await Promise.all(statuses.map((status) => documents().findMany({
      status, locale: locale ?? '*', ...(filters ? { filters } : {}), ...(populate ? { populate } : {}), ...(sort ? { sort } : {}),
    })));
    return sortRows(found.flat() as Row[], orderByPairs(params.orderBy), madeOrder);
  }
  const page = (all: Row[], params: QueryParams) => {
    const start = Math.max(0, Number(params.offset ?? 0));
    const limit = params.limit === undefined || Number(params.limit) < 0 ? undefined : Number(params.limit);
    return all.slice(start, limit === undefined ? undefined : start + limit);
  };
  const shape = (row: Row, params: QueryParams): Data => engineRow(cms, model, row, params);
  const read = <T>(action: 'findMany' | 'findOne' | 'count', params: QueryParams, work: () => Promise<T>) =>
    hooks.read(action, model, params, work);
  const records = (documentId: string, locale: string | null) =>
    siteFor(cms).index.documentRecords(model.uid, documentId).filter((record) => record.locale === locale);
  /** A draft file beside the published one: edits not published yet. */
  const pendingDraft = (documentId: string, locale: string | null) =>
    records(documentId, locale).some((record) => record.draft) && records(documentId, locale).some((record) => !record.draft);
  const publishedIn = (documentId: string, locale: string | null) =>
    records(documentId, locale).some((record) => !record.draft);
  /** The first row a write's `where` names (the engine writes one row). */
  const target = async (params: QueryParams) => (await rows({ where: params.where }))[0];
  const fetchRow = async (documentId: string, status: Status, locale: string | null, params: QueryParams) =>
    (await rows({ where: { documentId, ...(locale ? { locale } : {}) }, populate: params.populate }))
      .find((row) => statusOf(row) === status || !model.draftAndPublish);

  return {
    findMany: (params: QueryParams = {}) =>
      read('findMany', params, async () => page(await rows(params), params).map((row) => shape(row, params))),
    findOne: (params: QueryParams = {}) => read('findOne', params, async () => {
      const [row] = page(await rows(params), { ...params, limit: 1 });
      return row ? shape(row, params) : null;
    }),
    findPage: async (params: QueryParams & { page?: number; pageSize?: number } = {}) => {
      const all = await rows(params);
      const pageSize = Math.max(1, Number(params.pageSize ?? 10));
      const current = Math.max(1, Number(params.page ?? 1));
      const results = page(all, { offset: (current - 1) * pageSize, limit: pageSize }).map((row) => shape(row, params));
      return { results, pagination: { page: current, pageSize, pageCount: Math.ceil(all.length / pageSize), total: all.length } };
    },
    count: (params: QueryParams = {}) => read('count', params, async () => (await rows(params)).length),
    async create(params: QueryParams = {}) {
      const { data, status } = writable(params.data);
      const made = await documents().create({ data, ...(model.draftAndPublish ? { status } : {}) });
      const row = await fetchRow(made.documentId as string, status, (made.locale as string | undefined) ?? null, params);
      return row ? shape(row, params) : null;
    },
    async update(params: QueryParams = {}) {
      const row = await target(params);
      if (!row) return null;
      const { data } = writable(params.data);
      const status = statusOf(row);
      const locale = (rowOfType(siteFor(cms).index, model.uid, row.id)?.locale ?? undefined) as string | undefined;
      // The published version is written from the draft here: with unpublished edits, updating it would publish them.
      if (model.draftAndPublish && status === 'published' && pendingDraft(row.documentId, locale ?? null)) {
        throw new UnsupportedApiError(`strapi.db.query('${model.uid}').update of a published row whose draft has unpublished changes`,
          'update the draft (publishedAt: null), then publish it with strapi.documents(uid).publish');
      }
      const where = { ...(locale ? { locale } : {}), ...(model.draftAndPublish ? { status } : {}) };
      await documents().update({ documentId: row.documentId, data, ...where });
      const updated = await fetchRow(row.documentId, status, locale ?? null, params);
      return updated ? shape(updated, params) : null;
    },
    async delete(params: QueryParams = {}) {
      const row = await target(params);
      if (!row) return null;
      const locale = (rowOfType(siteFor(cms).index, model.uid, row.id)?.locale ?? undefined) as string | undefined;
      // One row of a published document cannot go alone here (its draft and published versions are deleted together).
      if (model.draftAndPublish && publishedIn(row.documentId, locale ?? null)) {
        throw new UnsupportedApiError(`strapi.db.query('${model.uid}').delete of one row of a published document`,
          'delete the document with strapi.documents(uid).delete');
      }
      await documents().delete({ documentId: row.documentId, ...(locale ? { locale } : {}) });
      // The engine answers the deleted row with its id, whatever it selects.
      return { id: row.id, ...shape(row, params) };
    },
  };
}

/** A top-level `where.locale` (a code) is the locale to read, not a filter. */
function splitLocale(where: unknown): { locale?: string; where: unknown } {
  if (!where || typeof where !== 'object' || Array.isArray(where) || typeof (where as Data).locale !== 'string') return { where };
  const { locale, ...rest } = where as Data;
  return { locale: locale as string, where: Object.keys(rest).length ? rest : undefined };
}

/**
 * A write's `data` without the engine's own columns. A draft-and-publish row the engine creates is published unless
 * `publishedAt: null` makes it a draft (recorded).
 */
function writable(data: Record<string, unknown> | undefined): { data: Record<string, unknown>; status: Status } {
  if (!data || typeof data !== 'object') throw new UnsupportedApiError('a query-engine write without data', 'give { data: { … } }');
  const status: Status = data.publishedAt === null ? 'draft' : 'published';
  return { data: Object.fromEntries(Object.entries(data).filter(([key]) => !OWN_COLUMNS.includes(key))), status };
}
