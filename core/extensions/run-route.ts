import type { Caller } from '../access/permissions.js';
import { roleOf } from '../auth/user-query.js';
import { sanitizeUser } from '../auth/users.js';
import type { Cms } from '../cms.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import { groupCommits } from '../git/write-context.js';
import type { RawQuery } from '../query/normalize.js';
import { configOf, entryName, qualify } from './collect-routes.js';
import { createContext, type StrapiContext } from './context.js';
import { PolicyError } from './errors.js';
import { settleWithin } from './settle-within.js';
import type { ProjectCode } from './project-code.js';
import type { RouteMatch } from './route-table.js';

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
function authorize(cms: Cms, { route }: RouteMatch, authorization: string | null): Caller | undefined {
  if (route.config.auth === false) return undefined;
  const caller = cms.contentApi.callerFor(authorization);
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
  const caller = authorize(cms, match, input.request.headers.get('authorization'));
  const stored = caller?.userId !== undefined ? cms.auth.users.byId(caller.userId) : undefined;
  const user = stored && { ...sanitizeUser(stored), role: roleOf(stored) };
  const info = { method: route.method, path: route.path, handler: `${route.controller}.${route.action}` };
  const ctx = createContext({ ...input, params: match.params, caller, user, route: info });
  const strapi = code.strapi;
  const policies = async () => {
    for (const entry of route.config.policies ?? []) {
      const name = entryName(entry)!;
      const policy = code.policies.get(name) ?? code.policies.get(qualify(name, route.api))!;
      const result = await policy.handler(ctx, configOf(entry), { strapi });
      if (result !== true && result !== undefined) throw new PolicyError();
    }
  };
  const controller = code.controllers.get(route.controller)!;
  const action = async (context: StrapiContext) => {
    const returned = await (controller[route.action] as Fn).call(controller, context);
    if ((context.body === undefined || context.body === null) && returned !== undefined && returned !== null) context.body = returned;
  };
  // Route middlewares: factories `(config, { strapi }) => (ctx, next) => …`, or inline `(ctx, next) => …`.
  const layers = (route.config.middlewares ?? []).map((entry) => (typeof entry === 'function'
    ? entry as Fn
    : (code.middlewares.get(entryName(entry)!)!(configOf(entry), { strapi }) as Fn | undefined) ?? ((_: unknown, next: Next) => next())));
  const run = (at: number): Promise<unknown> => (at < layers.length
    ? Promise.resolve(layers[at](ctx, (() => run(at + 1)) as Next))
    : action(ctx));
  // Bounded: a handler that never settles fails its request (503) after extensions.hookTimeout; the writes it made by
  // then are committed (each write is whole), and any it makes later commit on their own.
  const handle = async () => { await policies(); await run(0); };
  await groupCommits(() => settleWithin(cms.config.extensions.hookTimeout, `The route ${info.handler}`, handle()));
  if (ctx.body === undefined && ctx.status === 404) throw new NotFoundError();
  return { status: ctx.status, headers: { ...ctx.response.headers }, body: ctx.body };
}
