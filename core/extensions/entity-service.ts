import type { Cms } from '../cms.js';
import type { Documents, FindParams } from '../service/documents.js';
import type { Model } from '../schema/types.js';
import type { Data } from '../types.js';
import { asEntityRows } from './entity-rows.js';
import { UnsupportedApiError } from './errors.js';
import { entityToQuery } from './query-params.js';

/** The methods of `strapi.entityService` project code may call (see docs/guide/extending.md). */
export const ENTITY_METHODS = ['findMany', 'findPage', 'findOne', 'count', 'create', 'update', 'delete'] as const;

/** Strapi 4 parameters the Strapi 5 Document Service no longer reads (it ignores them, so they are dropped here too). */
const IGNORED = ['publicationState'];

type Params = FindParams & { data?: Record<string, unknown>; publicationState?: string };
type Query = (uid: string) => Record<string, (params?: unknown) => Promise<unknown>>;

/**
 * Strapi 4's Entity Service as Strapi 5 still ships it: `findMany`, `findOne`, `count`, `create`, `update` and `delete` go
 * through the Document Service (drafts unless `status` says otherwise, as Strapi 5's default; a single type's `findMany` is
 * its document),
 * with numeric ids looked up through the query engine, and `findPage` is the query engine's page (`{ results, pagination }`).
 *
 * @example
 * const entity = createEntityService(deps);
 * await entity.create('api::article.article', { data: { title: 'Hi', publishedAt: new Date() } });
 */
export function createEntityService(deps: { cms: Cms; documents: (uid: string) => Documents; query: Query }): Record<string, unknown> {
  const { cms } = deps;
  const model = (uid: string): Model => {
    const found = cms.models.get(uid);
    if (found?.modelType !== 'contentType' || !uid.startsWith('api::')) {
      throw new UnsupportedApiError(`strapi.entityService on ${uid}`, 'only the project\'s own api:: content types');
    }
    return found;
  };
  /** The Document Service's parameters: Strapi 5's default status is the draft. */
  const clean = ({ data: _data, ...params }: Params = {}): FindParams => {
    const kept = Object.fromEntries(Object.entries(params).filter(([key]) => !IGNORED.includes(key))) as FindParams;
    return { status: 'draft', ...kept };
  };
  /** Strapi 5's rule for a write: published unless `publishedAt: null` (a draft-and-publish type only). */
  const statusFor = (type: Model, data: Data | undefined) =>
    (type.draftAndPublish && data && data.publishedAt === null ? 'draft' : 'published') as 'draft' | 'published';
  // Strapi looks the id up as the row's (a documentId or any other text finds no row: null, as for a missing id).
  const row = async (uid: string, id: unknown) => {
    const numeric = typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id.trim())) ? Number(id) : NaN;
    return Number.isSafeInteger(numeric) ? (await deps.query(uid).findOne({ where: { id: numeric } })) as Data | null : null;
  };
  // The Document Service keeps a model's attributes (and `locale`) and drops the rest of `data` unsaid, as Strapi's does.
  const writable = (type: Model, data: Data = {}) => Object.fromEntries(Object.entries(data)
    .filter(([key]) => key !== 'publishedAt' && (key === 'locale' || Object.hasOwn(type.attributes, key))));

  return {
    async findMany(uid: string, params?: Params) {
      const type = model(uid);
      if (type.kind === 'singleType') return asEntityRows(await deps.documents(uid).findFirst(clean(params)), params?.populate);
      return asEntityRows(await deps.documents(uid).findMany(clean(params)), params?.populate);
    },
    // Strapi hands findPage's parameters to the query engine as the REST query's (query-params.transform): every row,
    // unless `status` picks drafts or published ones, and `page`/`pageSize` at the top level (a `pagination` object is not read).
    async findPage(uid: string, { data: _data, pagination: _pagination, status, ...params }: Params = {}) {
      const type = model(uid);
      const query = entityToQuery(params);
      if (type.draftAndPublish && (status === 'draft' || status === 'published')) {
        const publication = { publishedAt: status === 'draft' ? { $null: true } : { $notNull: true } };
        query.where = query.where === undefined ? publication : { $and: [publication, query.where] };
      }
      const page = await deps.query(type.uid).findPage(query) as { results: Data[]; pagination: unknown };
      return { ...page, results: asEntityRows(page.results, params.populate) };
    },
    async findOne(uid: string, id: unknown, params?: Params) {
      model(uid);
      const found = await row(uid, id);
      if (!found) return null;
      return asEntityRows(await deps.documents(uid).findOne({ ...clean(params), documentId: String(found.documentId) }), params?.populate);
    },
    count: async (uid: string, params?: Params) => deps.documents(model(uid).uid).count(clean(params)),
    async create(uid: string, params: Params = {}) {
      const type = model(uid);
      if (!params.data) throw new UnsupportedApiError('strapi.entityService.create without data', 'give { data: { … } }');
      const status = statusFor(type, params.data);
      const data = writable(type, params.data);
      const made = await deps.documents(uid).create({ ...clean(params), data, ...(type.draftAndPublish ? { status } : {}) });
      return asEntityRows(made, params.populate);
    },
    async update(uid: string, id: unknown, params: Params = {}) {
      const type = model(uid);
      const found = await row(uid, id);
      if (!found) return null;
      const status = statusFor(type, found);
      return asEntityRows(await deps.documents(uid).update({
        ...clean(params), data: writable(type, params.data), documentId: String(found.documentId),
        ...(type.draftAndPublish ? { status } : {}),
      }), params.populate);
    },
    async delete(uid: string, id: unknown, params: Params = {}) {
      model(uid);
      const found = await row(uid, id);
      if (!found) return null;
      await deps.documents(uid).delete({ documentId: String(found.documentId), ...(params.locale ? { locale: params.locale } : {}) });
      return found;
    },
  };
}
