import type { Cms } from '../cms.js';
import { compilePath, coreRouteShapes, type ProjectRoute, type RouteConfig } from './route-table.js';
import type { ProjectFile } from './scan-files.js';
import { isCoreFactory } from './shims.js';

type Fn = (...args: unknown[]) => unknown;

/** A policy file's export: the function, or Strapi's `{ handler, validator }`. */
export interface PolicyEntry { handler: Fn; validator?: Fn }

interface Known {
  problem: (file: ProjectFile, message: string) => void;
  policies: Map<string, PolicyEntry>;
  middlewares: Map<string, Fn>;
  controllers: Map<string, Record<string, unknown>>;
}

/** `createCoreRouter(uid, options)`'s options. */
interface CoreRouterOptions { only?: string[]; except?: string[]; config?: Record<string, RouteConfig>; prefix?: string }

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
 * Every route the project's router files declare, in Strapi's order (api folders and files
 * alphabetically, routes as listed), each checked now: its handler names a controller action, its
 * policies and middlewares exist. A route that does not is a problem naming its file, never a 500 later.
 */
export function collectRoutes(
  cms: Cms, files: Array<ProjectFile & { value: unknown }>, known: Known,
): { routes: ProjectRoute[]; owned: Set<string> } {
  const routes: ProjectRoute[] = [];
  const owned = new Set<string>();
  const prefix = cms.config.api.rest.prefix;
  const sorted = [...files].sort((a, b) => (a.api! < b.api! ? -1 : a.api! > b.api! ? 1 : a.path < b.path ? -1 : 1));
  const missing = new Set<string>();
  const add = (file: ProjectFile, method: string, path: string, handler: { controller: string; action: string }, config: RouteConfig) => {
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
    const at = `${method} ${path}`;
    if (typeof controller[handler.action] !== 'function') {
      return known.problem(file, `${at}: ${handler.controller} has no action "${handler.action}"`);
    }
    for (const entry of config.policies ?? []) {
      const name = entryName(entry);
      // Strapi 5 resolves policies by name only: an inline function stops it at start-up ("Policy  not found").
      if (!name) {
        const names = "'global::<name>', 'api::<api>.<name>' or '<name>' of its api";
        return known.problem(file, `${at}: a policy is named (${names}), not an inline function`);
      }
      const policy = known.policies.get(name) ?? known.policies.get(qualify(name, api));
      const where = api ? `src/policies or src/api/${api}/policies` : `the policies of ${file.path} or src/policies`;
      if (!policy) return known.problem(file, `${at}: policy ${name} not found in ${where}`);
      try {
        policy.validator?.(configOf(entry));
      } catch (error) {
        return known.problem(file, `${at}: policy ${name}: ${(error as Error).message}`);
      }
    }
    for (const entry of config.middlewares ?? []) {
      if (typeof entry === 'function') continue;
      // Strapi looks middlewares up by their full name: 'global::<name>' or 'api::<api>.<name>'.
      const name = entryName(entry);
      if (!name || !known.middlewares.has(name)) {
        const shown = name ?? JSON.stringify(entry);
        return known.problem(file, `${at}: middleware ${shown} not found (name it 'global::<name>' or 'api::<api>.<name>')`);
      }
    }
    const full = (config.prefix ?? prefix) + path;
    routes.push({ method: method.toUpperCase(), path: full, ...handler, config, api, file: file.path, ...compilePath(full) });
  };
  for (const file of sorted) {
    for (const model of cms.contentTypes()) if (model.uid.startsWith(`api::${file.api}.`)) owned.add(model.uid);
    const { value } = file;
    if (isCoreFactory(value)) {
      const model = cms.models.get(value.uid);
      if (!model || model.modelType !== 'contentType') {
        known.problem(file, `names ${value.uid}, which is not a content type of this project`);
        continue;
      }
      const options = (isObject(value.config) ? value.config : {}) as CoreRouterOptions;
      for (const shape of coreRouteShapes(model, options)) {
        const config = { ...(options.prefix !== undefined ? { prefix: options.prefix } : {}), ...(options.config?.[shape.action] ?? {}) };
        add(file, shape.method, shape.path, { controller: value.uid, action: shape.action }, config);
      }
    } else if (isObject(value) && Array.isArray(value.routes)) {
      for (const route of value.routes as Array<Record<string, unknown>>) {
        const handler = typeof route.handler === 'string' ? parseHandler(route.handler, file.api!) : undefined;
        if (typeof route.method !== 'string' || typeof route.path !== 'string' || !handler) {
          known.problem(file, `a route needs method, path and a handler "<controller>.<action>": ${JSON.stringify(route)}`);
          continue;
        }
        add(file, route.method, route.path, handler, (isObject(route.config) ? route.config : {}) as RouteConfig);
      }
    } else {
      known.problem(file, 'must export factories.createCoreRouter(uid, …) or { routes: [{ method, path, handler, config }] }');
    }
  }
  return { routes, owned };
}
