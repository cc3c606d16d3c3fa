import { ApplicationError, ForbiddenError, NotFoundError, PaginationError, UnauthorizedError, ValidationError } from '../errors.js';
import { defineServer } from './define-server.js';
import { z } from 'zod';
import { PolicyError, UnsupportedApiError } from './errors.js';

/** What `factories.createCore*` answers: a marker the project-code loader turns into the real thing once `strapi` exists. */
export interface CoreFactory {
  kind: 'controller' | 'service' | 'router';
  uid: string;
  /** Controller/service: `({ strapi }) => ({ …overrides })` or the overrides; router: `{ only, except, config, prefix }`. */
  config: unknown;
}

const FACTORY = Symbol('gitcms.coreFactory');

export const isCoreFactory = (value: unknown): value is CoreFactory =>
  !!value && typeof value === 'object' && (value as { [FACTORY]?: true })[FACTORY] === true;

/** The routes of `createCoreRouter(uid, options)`, known once the project's types are (collect-routes.ts sets it while collecting). */
type CoreRoutes = (uid: string, options: Record<string, unknown>) => unknown[];
let coreRoutesOf: CoreRoutes | undefined;

/** Run `work` with the core routers' routes answered by `routesOf` (as Strapi's routers read them only when registering). */
export function withCoreRoutes<T>(routesOf: CoreRoutes, work: () => T): T {
  const outer = coreRoutesOf;
  coreRoutesOf = routesOf;
  try { return work(); } finally { coreRoutesOf = outer; }
}

const factory = (kind: CoreFactory['kind']) => (uid: string, config?: unknown): CoreFactory => {
  if (typeof uid !== 'string') throw new TypeError(`factories.createCore${kind[0].toUpperCase()}${kind.slice(1)} needs a content-type uid`);
  const made = Object.assign({ kind, uid, config }, { [FACTORY]: true as const });
  if (kind !== 'router') return made;
  // Strapi's router object: `{ type, prefix, routes }`, its routes read lazily (so a router wrapping it can add to them).
  const options = (config && typeof config === 'object' ? config : {}) as Record<string, unknown>;
  let routes: unknown[] | undefined;
  return Object.defineProperties(made, {
    type: { value: options.type ?? 'content-api', enumerable: true },
    prefix: { value: options.prefix, enumerable: true },
    routes: {
      enumerable: true,
      get() {
        if (!coreRoutesOf) throw new Error(`the routes of createCoreRouter('${uid}') are read once the project's content types are loaded`);
        routes ??= coreRoutesOf(uid, options);
        return routes;
      },
    },
  });
};

/** Keys a loader or a transpiled `import` may probe on any module without meaning to use an API. */
const PROBED = new Set(['__esModule', 'default', 'then', 'toJSON', 'constructor', 'inspect']);

/**
 * A module whose unknown members throw, naming the API, the moment project code reaches for them
 * (at load time for top-level uses), instead of being `undefined` and failing somewhere later.
 */
function guarded<T extends object>(name: string, members: T): T {
  return new Proxy(members, {
    get(target, key, receiver) {
      if (typeof key === 'symbol' || Object.hasOwn(target, key) || PROBED.has(key)) return Reflect.get(target, key, receiver);
      throw new UnsupportedApiError(`${name}.${key}`);
    },
  });
}

const factories = guarded('factories', {
  createCoreController: factory('controller'),
  createCoreService: factory('service'),
  createCoreRouter: factory('router'),
});

/** `errors` of `@strapi/utils`: the same classes the server maps to Strapi's envelope. */
const errors = guarded('errors', {
  ApplicationError, ValidationError, NotFoundError, ForbiddenError, UnauthorizedError, PaginationError, PolicyError,
});

/** The packages a project's files may require, answered by this server (see docs/guide/extending.md). */
export const SHIMS: Record<string, unknown> = {
  // `ai.mcp.defineTool` types a tool for `strapi.ai.mcp.registerTool` and answers it unchanged, as Strapi's does
  '@strapi/strapi': guarded('@strapi/strapi', { factories, ai: { mcp: { defineTool: <T>(tool: T): T => tool } } }),
  // `z`: zod 4, the version Strapi 5.54's `@strapi/utils` exports, for MCP tool schemas
  '@strapi/utils': guarded('@strapi/utils', { errors, z }),
  // cms.server.ts imports defineServer from the package; answered here, so it loads wherever `cms` is installed.
  gitcms: guarded('gitcms (in project code)', { defineServer }),
};
