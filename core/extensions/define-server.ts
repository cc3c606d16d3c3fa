import type { DocumentsFor, Entry } from '../typed/documents.js';
import type { ContentTypeName, ContentTypeNames, ContentTypes, HasGeneratedTypes, ModelShape, ShapeOf, UidOf } from '../typed/registry.js';
import type { StrapiContext } from './context.js';
import type { LIFECYCLE_HOOKS } from './lifecycles.js';

/**
 * The gitcms-native way to extend the server (docs/guide/extending.md): `cms.server.ts` next to
 * `cms.config.json` exports `defineServer({ … })`. The same hooks, routes, policies and middlewares as
 * a Strapi project's `src/`, typed by the declarations `cms types` generates (its `ContentTypes` registry).
 */

/** A lifecycles key: a content type's uid, plural or singular name once `cms types` declarations exist, any string before. */
export type ServerTypeKey = HasGeneratedTypes extends true ? keyof ContentTypes | keyof ContentTypeNames : string;

type ShapeFor<K> = ShapeOf<UidOf<K>> extends infer S extends ModelShape ? S : never;
/** What a write's `data` holds for the type named K (every field optional: an update sends some). */
export type ServerEventData<K> = HasGeneratedTypes extends true ? Partial<ShapeFor<K>['input']> : Record<string, unknown>;
/** An entry of the type named K as a write answers it (system attributes and fields, links not populated). */
export type ServerEventResult<K> = HasGeneratedTypes extends true ? Entry<ShapeFor<K>> : Record<string, unknown>;

/** Strapi 5's lifecycle event, typed for the content type named K (R: what its after hook's `result` is). */
export interface ServerEvent<K = string, R = ServerEventResult<K>> {
  action: string;
  model: { uid: string; singularName: string; pluralName: string; [key: string]: unknown };
  params: { data: ServerEventData<K>; documentId?: string; locale?: string; [key: string]: unknown };
  /** Shared by a before hook and its after hook. */
  state: Record<string, unknown>;
  result?: R;
}

/** A hook's `result`: the page's entries after findMany, a number after count, the entry after create, update, findOne. */
type ResultOf<H, K> = H extends `${string}FindMany` ? ServerEventResult<K>[]
  : H extends `${string}Count` ? number
  : H extends `${string}Delete` ? unknown
  : ServerEventResult<K>;

/** The lifecycle hooks of the content type named K. */
export type ServerLifecycles<K = string> = {
  [H in (typeof LIFECYCLE_HOOKS)[number]]?: (event: ServerEvent<K, ResultOf<H, K>>) => unknown
};

/** The `strapi` object hooks, handlers, policies and middlewares get (see docs/guide/extending.md for its members). */
export interface ServerStrapi {
  documents<N extends ContentTypeName>(uid: N): DocumentsFor<N>;
  // A project's own services are what it makes them: typed by the project, not here.
  service(uid: string): Record<string, (...args: any[]) => any>;
  log: Record<'debug' | 'info' | 'warn' | 'error', (...parts: unknown[]) => void>;
}

/** A policy or middleware named in a route: its name (as declared in `policies`/`middlewares`), or `{ name, config }`. */
export type ServerNamed = string | { name: string; config?: unknown };

/** A route, its path after the REST prefix (`/articles/:id/like` answers `/api/articles/:id/like`). */
export interface ServerRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** The action: returns the body, or sets `ctx.body`/`ctx.status`. */
  handler: (ctx: StrapiContext, deps: { strapi: ServerStrapi }) => unknown;
  config?: {
    /** `false`: public; else the caller needs these scopes (default: a full-access API token). */
    auth?: false | { scope?: string[] };
    policies?: ServerNamed[];
    middlewares?: Array<ServerNamed | ((ctx: StrapiContext, next: () => Promise<void>) => unknown)>;
  };
}

/** A policy: true or undefined lets the request through, anything else answers 403 `PolicyError`. */
export type ServerPolicy = (ctx: StrapiContext, config: unknown, deps: { strapi: ServerStrapi }) => unknown;
/** A middleware factory, as Strapi's: `(config, { strapi }) => (ctx, next) => …`. */
export type ServerMiddleware =
  (config: unknown, deps: { strapi: ServerStrapi }) => (ctx: StrapiContext, next: () => Promise<void>) => unknown;

/** What `cms.server.ts` exports. */
export interface ServerDefinition {
  /** Lifecycle hooks by content type (`articles`, `article` or `api::article.article`). */
  lifecycles?: { [K in ServerTypeKey]?: ServerLifecycles<K> };
  routes?: ServerRoute[];
  policies?: Record<string, ServerPolicy>;
  middlewares?: Record<string, ServerMiddleware>;
  register?: (deps: { strapi: ServerStrapi }) => unknown;
  bootstrap?: (deps: { strapi: ServerStrapi }) => unknown;
}

/**
 * Declares the project's server code in `cms.server.ts`; answers its argument (it exists for the types).
 *
 * @example
 * export default defineServer({ lifecycles: { articles: { beforeCreate(event) { event.params.data.slug = 'x'; } } } });
 */
export function defineServer(definition: ServerDefinition): ServerDefinition {
  return definition;
}
