import { trustedCaller, type Caller } from '../access/permissions.js';
import type { Cms } from '../cms.js';
import { siteFor } from '../branches/request-branch.js';
import { NotFoundError } from '../errors.js';
import type { RawQuery } from '../query/normalize.js';
import type { Documents } from '../service/documents.js';
import type { Model } from '../schema/types.js';
import type { Data } from '../types.js';
import type { StrapiContext } from './context.js';
import type { ReadHooks } from './lifecycles.js';

type Ctx = StrapiContext & { caller?: Caller };
const callerOf = (ctx: Ctx): Caller => ctx.caller ?? trustedCaller;
const found = (data: Data | undefined | null): Data => {
  if (!data) throw new NotFoundError();
  return data;
};

/**
 * Strapi's core controller of one content type (`factories.createCoreController(uid)`): the five REST
 * actions over this core, as the content API answers them, plus the helpers custom actions call
 * (`sanitizeQuery`, `validateQuery`, `sanitizeInput`, `validateInput`, `sanitizeOutput`, `transformResponse`).
 * Answers are already rendered for the caller (private fields out, relations it may not read left out),
 * so the sanitizers hand back what they are given.
 *
 * @example
 * const controller = Object.setPrototypeOf({ async find(ctx) { return super.find(ctx); } }, coreController(cms, model, hooks));
 */
export function coreController(cms: Cms, model: Model, hooks: ReadHooks): Record<string, unknown> {
  // The request's branch view when it named one (`Cms-Branch`), else the base.
  const service = () => siteFor(cms).service;
  const single = model.kind === 'singleType';
  const read = <T>(action: 'findMany' | 'findOne', ctx: Ctx, work: () => T) => hooks.read(action, model, ctx.query, async () => work());
  return {
    async find(ctx: Ctx) {
      if (single) return { data: found(await read('findOne', ctx, () => service().findSingle(model, ctx.query, callerOf(ctx)))), meta: {} };
      return hooks.read('findMany', model, ctx.query, async () => service().findPage(model, ctx.query, callerOf(ctx)), (page) => page.data);
    },
    async findOne(ctx: Ctx) {
      return { data: found(await read('findOne', ctx, () => service().findOne(model, ctx.params.id, ctx.query, callerOf(ctx)))), meta: {} };
    },
    async create(ctx: Ctx) {
      const written = await service().create(model, ctx.request.body, ctx.query, callerOf(ctx));
      ctx.status = 201;
      return { data: written.data, meta: {} };
    },
    async update(ctx: Ctx) {
      const written = await service().update(model, single ? undefined : ctx.params.id, ctx.request.body, ctx.query, callerOf(ctx));
      return { data: found(written?.data), meta: {} };
    },
    async delete(ctx: Ctx) {
      await service().delete(model, single ? undefined : ctx.params.id, ctx.query, callerOf(ctx));
      ctx.status = 204;
      return null;
    },
    async validateQuery(ctx: Ctx) {
      service().normalize(model, ctx.query, callerOf(ctx), 'find');
    },
    async sanitizeQuery(ctx: Ctx) {
      service().normalize(model, ctx.query, callerOf(ctx), 'find');
      return ctx.query;
    },
    async validateInput(data: unknown) { return data; },
    async sanitizeInput(data: unknown) { return data; },
    async sanitizeOutput(data: unknown) { return data; },
    transformResponse(data: unknown, meta: unknown = {}) { return { data, meta }; },
  };
}

/**
 * Strapi's core service of one content type (`factories.createCoreService(uid)`): `find` answers
 * `{ results, pagination }`, the others documents, all over the Document Service (no permission checks, as in Strapi).
 */
export function coreService(cms: Cms, model: Model, hooks: ReadHooks): Record<string, unknown> {
  const documents = () => siteFor(cms).documents(model.uid as never, trustedCaller) as unknown as Documents;
  return {
    async find(params: RawQuery = {}) {
      if (model.kind === 'singleType') {
        const findSingle = async () => siteFor(cms).service.findSingle(model, params, trustedCaller);
        return (await hooks.read('findOne', model, params, findSingle)) ?? null;
      }
      const findPage = async () => siteFor(cms).service.findPage(model, params, trustedCaller);
      const page = await hooks.read('findMany', model, params, findPage, (found) => found.data);
      return { results: page.data, pagination: page.meta.pagination };
    },
    findOne: (documentId: string, params: object = {}) => documents().findOne({ ...params, documentId }),
    create: (params: { data: Record<string, unknown> }) => documents().create(params),
    update: (documentId: string, params: { data: Record<string, unknown> }) => documents().update({ ...params, documentId }),
    delete: (documentId: string, params: { locale?: string } = {}) => documents().delete({ ...params, documentId }),
  };
}
