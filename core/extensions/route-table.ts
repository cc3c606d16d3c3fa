import { MethodNotAllowedError } from '../errors.js';
import type { Model } from '../schema/types.js';

/** What a route's `config` may say (Strapi's route config). */
export interface RouteConfig {
  auth?: false | { scope?: string[] };
  policies?: unknown[];
  middlewares?: unknown[];
  prefix?: string;
}

/** One route a project declares: core (from `createCoreRouter`) or custom (`{ routes: [...] }`). */
export interface ProjectRoute {
  method: string;
  /** Full path, prefix included (`/api/articles/:id/like`). */
  path: string;
  /** Controller uid (`api::article.article`) and action (`like`). */
  controller: string;
  action: string;
  config: RouteConfig;
  /** The api folder it was declared in (resolves `is-owner` policies, `article.like` handlers). */
  api: string;
  /** The file that declared it, for messages. */
  file: string;
  /** False for an inline handler: Strapi gives it no auth scope, so any authenticated caller may use it (none: 401). */
  scoped?: false;
  pattern: RegExp;
  keys: string[];
}

/** Core routes of a type, in the order Strapi's core router lists them. */
export const CORE_ACTIONS = ['find', 'findOne', 'create', 'update', 'delete'] as const;

/** `createCoreRouter(uid, { only, except, config })`'s routes (method, path, action), before the prefix. */
export function coreRouteShapes(
  model: Model, options: { only?: string[]; except?: string[] },
): Array<{ method: string; path: string; action: string }> {
  const collection = `/${model.pluralName}`;
  const shapes = model.kind === 'singleType'
    ? [
      { method: 'GET', path: `/${model.singularName}`, action: 'find' },
      { method: 'PUT', path: `/${model.singularName}`, action: 'update' },
      { method: 'DELETE', path: `/${model.singularName}`, action: 'delete' },
    ]
    : [
      { method: 'GET', path: collection, action: 'find' },
      { method: 'GET', path: `${collection}/:id`, action: 'findOne' },
      { method: 'POST', path: collection, action: 'create' },
      { method: 'PUT', path: `${collection}/:id`, action: 'update' },
      { method: 'DELETE', path: `${collection}/:id`, action: 'delete' },
    ];
  return shapes.filter(({ action }) => (!options.only || options.only.includes(action)) && !(options.except ?? []).includes(action));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * koa-router's path syntax as Strapi routes use it: literal segments and `:name` parameters (one
 * segment each), matched case-insensitively, a trailing slash allowed.
 *
 * @example
 * compilePath('/api/articles/:id/like') // { pattern: /^\/api\/articles\/([^/]+)\/like\/?$/i, keys: ['id'] }
 */
export function compilePath(path: string): { pattern: RegExp; keys: string[] } {
  const keys: string[] = [];
  const body = path.split('/').map((segment) => {
    const param = /^:([A-Za-z_]\w*)$/.exec(segment);
    if (!param) return escape(segment);
    keys.push(param[1]);
    return '([^/]+)';
  }).join('/');
  return { pattern: new RegExp(`^${body}/?$`, 'i'), keys };
}

export type RouteMatch = { route: ProjectRoute; params: Record<string, string> };

/**
 * The first route matching method and path (in declaration order, as koa-router), HEAD answering as
 * GET; a path some route has but not for this method is koa-router's 405 with its `Allow` list.
 */
export function matchProjectRoute(routes: ProjectRoute[], method: string, path: string): RouteMatch | undefined {
  const allow: string[] = [];
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    if (route.method === method || route.method === 'ALL' || (method === 'HEAD' && route.method === 'GET')) {
      const params: Record<string, string> = Object.create(null);
      route.keys.forEach((key, at) => {
        try { params[key] = decodeURIComponent(match[at + 1]); } catch { params[key] = match[at + 1]; }
      });
      return { route, params };
    }
    if (!allow.includes(route.method)) allow.push(route.method);
  }
  if (allow.length) throw new MethodNotAllowedError(allow);
  return undefined;
}
