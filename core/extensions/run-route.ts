import type { Caller } from '../access/permissions.js';
import { roleOf } from '../auth/user-query.js';
import { sanitizeUser } from '../auth/users.js';
import type { Cms } from '../cms.js';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../errors.js';
import { groupCommits } from '../replication/write-context.js';
import type { RawQuery } from '../query/normalize.js';
import { answeredWithError } from './answered.js';
import { configOf, entryName, qualify } from './collect-routes.js';
import { createContext, type StrapiContext } from './context.js';
import { PolicyError } from './errors.js';
import { withRequestContext } from './request-context.js';
import { settleWithin } from './settle-within.js';
import type { ProjectCode } from './project-code.js';
import type { ProjectRoute, RouteMatch } from './route-table.js';

type Fn = (...args: unknown[]) => unknown;
type Next = () => Promise<unknown>;

/** What a project route answered: status, the headers it set, and its body (undefined: none). */
export interface RouteAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export interface RouteRequest {
  request: Request;
  url: URL;
  query: RawQuery;
  body: unknown;
}


/**
 * Strapi's route auth: none with `auth: false`; else the credentials' caller, allowed every scope of
 * `auth.scope` (default: the route's own action, `api::note.note.whoami`), 403 otherwise.
 */
export function authorizeRoute(cms: Cms, route: ProjectRoute, authorization: string | null): Caller | undefined {
  if (route.config.auth === false) return undefined;
  const caller = cms.contentApi.callerFor(authorization);
  if (!route.config.auth?.scope && route.scoped === false) {
    if (caller.kind === 'public') throw new UnauthorizedError();
    return caller;
  }
  const scopes = route.config.auth?.scope ?? [`${route.controller}.${route.action}`];
  const allowed = scopes.every((scope) => {
    const cut = scope.lastIndexOf('.');
    const model = cms.models.get(scope.slice(0, cut));
    return model?.modelType === 'contentType' ? caller.can(model, scope.slice(cut + 1)) : caller.allows(scope);
  });
  if (!allowed) throw new ForbiddenError();
  return caller;
}

/**
 * One request through a project route, in Strapi's order: authenticate and authorize, the route's
 * policies (one answering anything but true or undefined is a 403 `PolicyError`), its middlewares
 * (Koa-style, `await next()`), then the controller action (a returned value is the body unless it set
 * one). The writes it makes share one commit. Errors are left to the HTTP face's one error mapping.
 *
 * @example
 * const answer = await runRoute(cms, code, match, { request, url, query, body });
 */
export async function runRoute(cms: Cms, code: ProjectCode, match: RouteMatch, input: RouteRequest): Promise<RouteAnswer> {
  const { route } = match;
  const caller = authorizeRoute(cms, route, input.request.headers.get('authorization'));
  const ctx = routeContext(cms, route, { ...input, params: match.params }, caller);
  const controller = code.controllers.get(route.controller)!;
  const action = async (context: StrapiContext) => {
    const returned = await (controller[route.action] as Fn).call(controller, context);
    if ((context.body === undefined || context.body === null) && returned !== undefined && returned !== null) context.body = returned;
  };
  // Bounded: a handler that never settles fails its request (503) after extensions.hookTimeout; the writes it made by
  // then are committed (each write is whole), and any it makes later commit on their own.
  const handle = async () => { await runPolicies(code, route, ctx); await aroundMiddlewares(code, route, ctx, action); };
  const handler = `${route.controller}.${route.action}`;
  await groupCommits(() => settleWithin(cms.config.extensions.hookTimeout, `The route ${handler}`, withRequestContext(ctx, handle)));
  if (ctx.body === undefined && ctx.status === 404) throw new NotFoundError();
  return { status: ctx.status, headers: { ...ctx.response.headers }, body: ctx.body };
}

/** The context a route's policies, middlewares and controller share: the request, its params, the caller and its user. */
export function routeContext(
  cms: Cms, route: ProjectRoute, input: RouteRequest & { params: Record<string, string> }, caller: Caller | undefined,
): StrapiContext & { caller: Caller | undefined } {
  const stored = caller?.userId !== undefined ? cms.auth.users.byId(caller.userId) : undefined;
  const user = stored && { ...sanitizeUser(stored), role: roleOf(stored) };
  const info = { method: route.method, path: route.path, handler: `${route.controller}.${route.action}` };
  return createContext({ ...input, caller, user, route: info });
}

/**
 * The route's policies in order: one answering anything but true or undefined is a 403 `PolicyError`; one that set an
 * error answer (`return ctx.unauthorized()`) stops the rest, and that answer is the request's (see answered.ts).
 */
export async function runPolicies(code: ProjectCode, route: ProjectRoute, ctx: StrapiContext): Promise<void> {
  for (const entry of route.config.policies ?? []) {
    const name = entryName(entry)!;
    const policy = code.policies.get(name) ?? code.policies.get(qualify(name, route.api))!;
    const result = await policy.handler(ctx, configOf(entry), { strapi: code.strapi });
    if (result !== true && result !== undefined) throw new PolicyError();
    if (answeredWithError(ctx)) return;
  }
}

/**
 * The route's middlewares (Koa-style, `await next()`) around `inner`, which runs only if every one calls `next` and no
 * error answer was set before it (by a policy or a middleware: then nothing further runs and that answer is sent).
 */
export function aroundMiddlewares(
  code: ProjectCode, route: ProjectRoute, ctx: StrapiContext, inner: (ctx: StrapiContext) => Promise<void>,
): Promise<unknown> {
  const strapi = code.strapi;
  // Route middlewares: factories `(config, { strapi }) => (ctx, next) => …`, or inline `(ctx, next) => …`.
  const layers = (route.config.middlewares ?? []).map((entry) => (typeof entry === 'function'
    ? entry as Fn
    : (code.middlewares.get(entryName(entry)!)!(configOf(entry), { strapi }) as Fn | undefined) ?? ((_: unknown, next: Next) => next())));
  const run = async (at: number): Promise<unknown> => {
    if (answeredWithError(ctx)) return undefined;
    return at < layers.length ? layers[at](ctx, (() => run(at + 1)) as Next) : inner(ctx);
  };
  return run(0);
}
