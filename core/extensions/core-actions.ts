import { routeOnlyCaller, trustedCaller, type Caller } from '../access/permissions.js';
import type { Cms } from '../cms.js';
import { siteFor } from '../branches/request-branch.js';
import { NotFoundError } from '../errors.js';
import type { RawQuery } from '../query/normalize.js';
import type { Documents } from '../service/documents.js';
import type { Model } from '../schema/types.js';
import type { Data } from '../types.js';
import type { StrapiContext } from './context.js';
import type { ReadHooks } from './lifecycles.js';
import { wantsV4 } from './request-context.js';
import { sanitizeQuery } from './sanitize-query.js';
import { toV4Body } from '../strapi/v4.js';

type Ctx = StrapiContext & { caller?: Caller };
/** Who a core action acts as: the route's caller; on an `auth: false` route (a route and no caller) the route-only one. */
const callerOf = (ctx: Ctx, model: Model): Caller => ctx.caller ?? (ctx.state?.route ? routeOnlyCaller(model) : trustedCaller);
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
  // A private provider's media URLs come signed, as Strapi's document service answers its core controllers.
  const signed = <T extends Data | Data[] | null | undefined>(data: T) => service().signMedia(model.uid, data);
  // Every core action answers through `this.transformResponse`, as Strapi's do (a project's override of it applies).
  type Self = { transformResponse(data: unknown, meta?: unknown): unknown };
  return {
    async find(this: Self, ctx: Ctx) {
      if (single) {
        const document = await read('findOne', ctx, () => service().findSingle(model, ctx.query, callerOf(ctx, model)));
        return this.transformResponse(await signed(found(document)), {});
      }
      const page = await hooks.read('findMany', model, ctx.query, async () => service().findPage(model, ctx.query, callerOf(ctx, model)),
        (found) => found.data);
      return this.transformResponse(await signed(page.data), page.meta);
    },
    async findOne(this: Self, ctx: Ctx) {
      const document = await read('findOne', ctx, () => service().findOne(model, ctx.params.id, ctx.query, callerOf(ctx, model)));
      // Strapi's answers nothing for a missing document (the route then answers 404; an override reading it gets null).
      return document ? this.transformResponse(await signed(document)) : null;
    },
    async create(this: Self, ctx: Ctx) {
      const written = await service().create(model, ctx.request.body, ctx.query, callerOf(ctx, model));
      ctx.status = 201;
      return this.transformResponse(await signed(written.data));
    },
    async update(this: Self, ctx: Ctx) {
      const written = await service().update(model, single ? undefined : ctx.params.id, ctx.request.body, ctx.query, callerOf(ctx, model));
      return this.transformResponse(await signed(found(written?.data)));
    },
    async delete(ctx: Ctx) {
      await service().delete(model, single ? undefined : ctx.params.id, ctx.query, callerOf(ctx, model));
      ctx.status = 204;
      return null;
    },
    async validateQuery(ctx: Ctx) {
      service().normalize(model, ctx.query, callerOf(ctx, model), 'find');
    },
    // A copy without what the caller may not ask (Strapi's sanitizer leaves it out where its validator refuses it).
    async sanitizeQuery(ctx: Ctx) {
      return { ...sanitizeQuery((query) => service().normalize(model, query, callerOf(ctx, model), 'find'), ctx.query) };
    },
    async validateInput(data: unknown) { return data; },
    async sanitizeInput(data: unknown) { return data; },
    async sanitizeOutput(data: unknown) { return data; },
    // Strapi's `Strapi-Response-Format: v4` applies here, read from the request being answered (request-scope.ts).
    transformResponse(data: unknown, meta: unknown = {}) {
      return wantsV4() ? toV4Body(cms.models, model, { data, meta }) : { data, meta };
    },
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
