import type { Cms } from '../cms.js';
import type { ProjectFile } from './scan-files.js';

/** The project file the gitcms-native way is declared in, next to cms.config.json (TypeScript: it is the typed way). */
export const SERVER_FILE = 'cms.server.ts';
/** The controller the declared routes' handlers are the actions of (`gitcms::server.route0`, …). */
export const SERVER_CONTROLLER = 'gitcms::server';

type Loaded = ProjectFile & { value: unknown; uses: never[] };
type Fn = (...args: unknown[]) => unknown;

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const KNOWN = new Set(['lifecycles', 'routes', 'policies', 'middlewares', 'register', 'bootstrap']);

/** A name declared in cms.server.ts is global: `is-liked` is `global::is-liked`, as src/policies/is-liked.js would be. */
const global = (entry: unknown): unknown => {
  if (typeof entry === 'string') return entry.includes('::') ? entry : `global::${entry}`;
  if (isObject(entry) && typeof entry.name === 'string') return { ...entry, name: global(entry.name) };
  return entry;
};

/**
 * `defineServer({ … })` turned into the files the `src/` loader knows, so one machinery runs both:
 * a lifecycles file per content type, a policy or middleware file per name, an index with register and
 * bootstrap, and a router whose handlers are the actions of one controller (`controller`, registered by
 * the caller under SERVER_CONTROLLER). What is not of that shape is a problem naming the file.
 *
 * @example
 * const { files, controller } = serverFiles(cms, strapi, loaded, problem);
 */
export function serverFiles(
  cms: Cms, strapi: unknown, server: ProjectFile & { value: unknown }, problem: (file: ProjectFile, message: string) => void,
): { files: Loaded[]; controller: Record<string, Fn> } {
  const files: Loaded[] = [];
  const controller: Record<string, Fn> = {};
  const at = (kind: ProjectFile['kind'], name: string, value: unknown, api?: string) => {
    files.push({ kind, file: server.file, path: server.path, name, api, value, uses: [] });
  };
  const { value } = server;
  if (!isObject(value)) {
    problem(server, 'must export defineServer({ lifecycles, routes, policies, middlewares, register, bootstrap })');
    return { files, controller };
  }
  for (const key of Object.keys(value)) {
    if (!KNOWN.has(key)) problem(server, `${key} is not a part of defineServer (${[...KNOWN].join(', ')})`);
  }
  const lifecycles = value.lifecycles ?? {};
  if (!isObject(lifecycles)) problem(server, 'lifecycles must be an object of hooks by content type');
  else for (const [key, hooks] of Object.entries(lifecycles)) {
    const model = cms.contentTypes().find((type) => [type.uid, type.pluralName, type.singularName].includes(key));
    const [, api, name] = /^api::([^.]+)\.(.+)$/.exec(model?.uid ?? '') ?? [];
    if (!api) problem(server, `lifecycles.${key}: not a content type of this project's API (a uid, plural or singular name)`);
    else at('lifecycles', name, hooks, api);
  }
  for (const kind of ['policies', 'middlewares'] as const) {
    const named = value[kind] ?? {};
    if (!isObject(named)) problem(server, `${kind} must be an object of functions by name`);
    else for (const [name, entry] of Object.entries(named)) at(kind, name, entry);
  }
  const { register, bootstrap } = value;
  if (register !== undefined || bootstrap !== undefined) at('index', 'index', { register, bootstrap });
  const routes = value.routes ?? [];
  if (!Array.isArray(routes)) problem(server, 'routes must be a list of { method, path, handler, config }');
  else if (routes.length) {
    const declared = routes.map((route: unknown, index) => {
      if (!isObject(route) || typeof route.handler !== 'function') {
        problem(server, `routes[${index}]: the handler must be a function (ctx) => …`);
        return undefined;
      }
      // A handler gets `{ strapi }` beside ctx (Strapi's controllers reach it through their factory or the global).
      const handler = route.handler as Fn;
      controller[`route${index}`] = (ctx: unknown) => handler(ctx, { strapi });
      const config = isObject(route.config) ? route.config : {};
      const names = (list: unknown) => (Array.isArray(list) ? list.map(global) : list);
      return {
        ...route, handler: `${SERVER_CONTROLLER}.route${index}`,
        config: { ...config, policies: names(config.policies), middlewares: names(config.middlewares) },
      };
    });
    at('routes', 'server', { routes: declared.filter(Boolean) }, '');
  }
  return { files, controller };
}
