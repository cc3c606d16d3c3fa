import type { Cms } from '../cms.js';
import type { Documents, FindParams } from '../service/documents.js';
import type { Model } from '../schema/types.js';
import type { Data } from '../types.js';
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
  const row = async (uid: string, id: unknown) => (await deps.query(uid).findOne({ where: { id: Number(id) } })) as Data | null;
  const withoutOwn = (data: Data = {}) => Object.fromEntries(Object.entries(data).filter(([key]) => key !== 'publishedAt'));

  return {
    async findMany(uid: string, params?: Params) {
      const type = model(uid);
      if (type.kind === 'singleType') return deps.documents(uid).findFirst(clean(params));
      return deps.documents(uid).findMany(clean(params));
    },
    findPage: async (uid: string, params: Params = {}) => deps.query(model(uid).uid).findPage(entityToQuery(clean(params))),
    async findOne(uid: string, id: unknown, params?: Params) {
      model(uid);
      const found = await row(uid, id);
      return found ? deps.documents(uid).findOne({ ...clean(params), documentId: String(found.documentId) }) : null;
    },
    count: async (uid: string, params?: Params) => deps.documents(model(uid).uid).count(clean(params)),
    async create(uid: string, params: Params = {}) {
      const type = model(uid);
      if (!params.data) throw new UnsupportedApiError('strapi.entityService.create without data', 'give { data: { … } }');
      const status = statusFor(type, params.data);
      return deps.documents(uid).create({ ...clean(params), data: withoutOwn(params.data), ...(type.draftAndPublish ? { status } : {}) });
    },
    async update(uid: string, id: unknown, params: Params = {}) {
      const type = model(uid);
      const found = await row(uid, id);
      if (!found) return null;
      const status = statusFor(type, found);
      return deps.documents(uid).update({
        ...clean(params), data: withoutOwn(params.data), documentId: String(found.documentId), ...(type.draftAndPublish ? { status } : {}),
      });
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
