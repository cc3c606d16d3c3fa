import type { Cms } from '../cms.js';
import { compilePath, coreRouteShapes, type ProjectRoute, type RouteConfig } from './route-table.js';
import type { ProjectFile } from './scan-files.js';
import { withCoreRoutes } from './shims.js';

type Fn = (...args: unknown[]) => unknown;

/** A policy file's export: the function, or Strapi's `{ handler, validator }`. */
export interface PolicyEntry { handler: Fn; validator?: Fn }

interface Known {
  problem: (file: ProjectFile, message: string) => void;
  policies: Map<string, PolicyEntry>;
  middlewares: Map<string, Fn>;
  controllers: Map<string, Record<string, unknown>>;
  /** What a router exported as a function (`({ strapi }) => router`) is called with. */
  strapi: unknown;
}

/** `createCoreRouter(uid, options)`'s options. */
interface CoreRouterOptions { only?: string[]; except?: string[]; config?: Record<string, RouteConfig>; prefix?: string }

/** The controller a route's inline handler (a function, or a list of them) becomes an action of. */
export const INLINE_CONTROLLER = 'gitcms::inline';

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** `is-owner` in api `article` is `api::article.is-owner`; `global::x` and `api::a.x` are taken as written. */
export const qualify = (name: string, api: string) => (name.includes('::') ? name : `api::${api}.${name}`);

/** A route's `config` for one policy or middleware entry (`{ name, config }`), `{}` otherwise. */
export const configOf = (entry: unknown) => (isObject(entry) && 'config' in entry ? entry.config : {});

/** A policy or middleware entry: a name, `{ name, config }`, or an inline function. */
export function entryName(entry: unknown): string | undefined {
  if (typeof entry === 'string') return entry;
  if (isObject(entry) && typeof entry.name === 'string') return entry.name;
  return undefined;
}

/** `article.like` → (`api::article.article`, `like`); `api::article.article.like` as written. */
function parseHandler(handler: string, api: string): { controller: string; action: string } | undefined {
  const cut = handler.lastIndexOf('.');
  if (cut <= 0) return undefined;
  const head = handler.slice(0, cut);
  return { controller: head.includes('::') ? head : `api::${api}.${head}`, action: handler.slice(cut + 1) };
}

/**
 * koa-router's `setPrefix`: a prefix goes before the path, and a path `/` becomes the prefix itself
 * (`/restaurants` + `/` is `/restaurants`); no prefix leaves the path as it is.
 */
export const mountAt = (prefix: string | undefined, path: string) => (!prefix || !path ? path : path === '/' ? prefix : prefix + path);

/**
 * Every route the project's router files declare, in Strapi's order (api folders and files
 * alphabetically, routes as listed), each checked now: its handler names a controller action, its
 * policies and middlewares exist. A route that does not is a problem naming its file, never a 500 later.
 *
 * A router is what Strapi 5 registers from an api folder (`register-routes.ts` and `routing.ts` of its core): an
 * object `{ prefix?, routes }` (its `type` is always `content-api` there), a function `({ strapi }) => router`, or
 * `createCoreRouter(uid, { prefix, only, except, config })`, or an object wrapping one. Its routes sit under the REST
 * prefix and the router's `prefix`; a route whose `config` has a `prefix` key (whatever its value) skips the router's
 * prefix and is registered ahead of the router's other routes, as koa-router nests them.
 */
export function collectRoutes(
  cms: Cms, files: Array<ProjectFile & { value: unknown }>, known: Known,
): { routes: ProjectRoute[]; owned: Set<string> } {
  const routes: ProjectRoute[] = [];
  const owned = new Set<string>();
  const apiPrefix = cms.config.api.rest.prefix;
  const sorted = [...files].sort((a, b) => (a.api! < b.api! ? -1 : a.api! > b.api! ? 1 : a.path < b.path ? -1 : 1));
  const missing = new Set<string>();
  // `declared` is the path as the router file writes it (problems name it), `path` the full one it answers at
  const add = (file: ProjectFile, method: string, declared: string, path: string, handler: { controller: string; action: string },
    config: RouteConfig, scoped = true) => {
    const api = file.api!;
    const controller = known.controllers.get(handler.controller);
    if (!controller) {
      // Once per file and controller: its every route would say the same.
      if (!missing.has(`${file.path}|${handler.controller}`)) {
        known.problem(file, `routes use the controller ${handler.controller}, which is missing or did not load`);
      }
      missing.add(`${file.path}|${handler.controller}`);
      return;
    }
    const at = `${method} ${declared}`;
    if (typeof controller[handler.action] !== 'function') {
      return known.problem(file, `${at}: ${handler.controller} has no action "${handler.action}"`);
    }
    if (!checkPolicies(file, at, config, known) || !checkMiddlewares(file, at, config, known)) return;
    const route: ProjectRoute = { method: method.toUpperCase(), path, ...handler, config, api, file: file.path, ...compilePath(path) };
    routes.push(scoped ? route : { ...route, scoped });
  };
  const coreRoutes = (uid: string, options: CoreRouterOptions) => {
    const model = cms.models.get(uid);
    if (!model || model.modelType !== 'contentType') throw new Error(`names ${uid}, which is not a content type of this project`);
    return coreRouteShapes(model, options).map((shape) => ({
      method: shape.method, path: shape.path, handler: `${uid}.${shape.action}`, config: options.config?.[shape.action] ?? {},
    }));
  };
  withCoreRoutes(coreRoutes, () => {
    for (const file of sorted) {
      for (const model of cms.contentTypes()) if (model.uid.startsWith(`api::${file.api}.`)) owned.add(model.uid);
      let router: Record<string, unknown> | undefined;
      let list: unknown;
      try {
        const value = typeof file.value === 'function' ? (file.value as (app: unknown) => unknown)({ strapi: known.strapi }) : file.value;
        router = isObject(value) ? value : undefined;
        list = router?.routes;
      } catch (error) {
        known.problem(file, error instanceof Error ? error.message : String(error));
        continue;
      }
      if (!router || !Array.isArray(list)) {
        known.problem(file, 'must export { prefix?, routes: [{ method, path, handler, config }] }, a function of { strapi } answering one,'
          + ' or factories.createCoreRouter(uid, …)');
        continue;
      }
      const prefix = typeof router.prefix === 'string' ? router.prefix : undefined;
      const declared = (list as unknown[]).map((route, index) => ({ route: isObject(route) ? route : {}, index }));
      const outside = ({ route }: { route: Record<string, unknown> }) => isObject(route.config) && Object.hasOwn(route.config, 'prefix');
      for (const { route, index } of [...declared.filter(outside), ...declared.filter((entry) => !outside(entry))]) {
        const handler = handlerOf(route.handler, file, index, known);
        if (typeof route.method !== 'string' || typeof route.path !== 'string' || !handler) {
          known.problem(file, `a route needs method, path and a handler "<controller>.<action>" or a function: ${describe(route)}`);
          continue;
        }
        const config = (isObject(route.config) ? route.config : {}) as RouteConfig;
        const path = mountAt(apiPrefix, outside({ route }) ? route.path : mountAt(prefix, route.path));
        add(file, route.method, route.path, path, handler, config, typeof route.handler === 'string');
      }
    }
  });
  return { routes, owned };
}

/** A route as a problem shows it: its JSON, functions named as such. */
const describe = (route: Record<string, unknown>) =>
  JSON.stringify(route, (_key, value) => (typeof value === 'function' ? '<function>' : value));

/**
 * A route's handler: `<controller>.<action>` (see parseHandler), or Strapi's inline handler (a function, or a list
 * of them run as Koa middlewares), which becomes an action of the inline controller.
 */
function handlerOf(handler: unknown, file: ProjectFile, index: number, known: Known): { controller: string; action: string } | undefined {
  if (typeof handler === 'string') return parseHandler(handler.trim(), file.api!);
  const fns = Array.isArray(handler) ? handler : [handler];
  if (!fns.length || !fns.every((fn) => typeof fn === 'function')) return undefined;
  const inline = known.controllers.get(INLINE_CONTROLLER) ?? {};
  known.controllers.set(INLINE_CONTROLLER, inline);
  const action = `${file.path}#${index}`;
  inline[action] = (ctx: unknown) => {
    const run = (at: number): unknown => (at < fns.length ? (fns[at] as Fn)(ctx, () => run(at + 1)) : undefined);
    return run(0);
  };
  return { controller: INLINE_CONTROLLER, action };
}

/** Every policy of a route exists by the name Strapi resolves, and accepts its config (the validator). */
function checkPolicies(file: ProjectFile, at: string, config: RouteConfig, known: Known): boolean {
  const api = file.api!;
  for (const entry of config.policies ?? []) {
    const name = entryName(entry);
    // Strapi 5 resolves policies by name only: an inline function stops it at start-up ("Policy  not found").
    if (!name) {
      const names = "'global::<name>', 'api::<api>.<name>' or '<name>' of its api";
      known.problem(file, `${at}: a policy is named (${names}), not an inline function`);
      return false;
    }
    const policy = known.policies.get(name) ?? known.policies.get(qualify(name, api));
    const where = api ? `src/policies or src/api/${api}/policies` : `the policies of ${file.path} or src/policies`;
    if (!policy) {
      known.problem(file, `${at}: policy ${name} not found in ${where}`);
      return false;
    }
    try {
      policy.validator?.(configOf(entry));
    } catch (error) {
      known.problem(file, `${at}: policy ${name}: ${(error as Error).message}`);
      return false;
    }
  }
  return true;
}

/** Every middleware of a route is inline or exists by its full name. */
function checkMiddlewares(file: ProjectFile, at: string, config: RouteConfig, known: Known): boolean {
  for (const entry of config.middlewares ?? []) {
    if (typeof entry === 'function') continue;
    // Strapi looks middlewares up by their full name: 'global::<name>' or 'api::<api>.<name>'.
    const name = entryName(entry);
    if (!name || !known.middlewares.has(name)) {
      const shown = name ?? JSON.stringify(entry);
      known.problem(file, `${at}: middleware ${shown} not found (name it 'global::<name>' or 'api::<api>.<name>')`);
      return false;
    }
  }
  return true;
}
