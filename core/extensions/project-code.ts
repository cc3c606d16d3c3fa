import type { Cms } from '../cms.js';
import { FileError } from '../errors.js';
import type { Model } from '../schema/types.js';
import { coreController, coreService } from './core-actions.js';
import { BULK_HOOKS, LIFECYCLE_HOOKS, lifecycleHooks, type Lifecycles } from './lifecycles.js';
import { loadProjectFiles } from './load-project.js';
import { SERVER_CONTROLLER, serverFiles } from './native-server.js';
import { collectRoutes, type PolicyEntry } from './collect-routes.js';
import { controllerActions, customGrantProblems } from './custom-grants.js';
import type { ProjectRoute } from './route-table.js';
import type { ProjectFile } from './scan-files.js';
import { isCoreFactory } from './shims.js';
import { pluginServiceOf } from './strapi-apis.js';
import { createStrapiObject, type StrapiObject } from './strapi-object.js';

type Fn = (...args: unknown[]) => unknown;

/** A Strapi project's own back-end code, loaded and wired to this core (see docs/guide/extending.md). */
export interface ProjectCode {
  /** The files loaded (project-relative paths). */
  files: string[];
  /** What cannot run here, each naming its file (and line where known). */
  problems: FileError[];
  warnings: string[];
  routes: ProjectRoute[];
  /** Content types whose REST routes are the project's (its api folder has routes): nothing else answers for them. */
  owned: Set<string>;
  policies: Map<string, PolicyEntry>;
  middlewares: Map<string, Fn>;
  controllers: Map<string, Record<string, unknown>>;
  hooks: ReturnType<typeof lifecycleHooks>;
  strapi: StrapiObject;
  /** `src/index`'s register and bootstrap (no-ops when absent). */
  register(): Promise<void>;
  bootstrap(): Promise<void>;
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * Load the project's `src/` and wire it: lifecycles (the writer's hooks), services and controllers
 * (core ones from `factories`, extended with the project's overrides as Strapi does: the overrides'
 * prototype is the core controller, so `super.find(ctx)` works), routes, policies and middlewares.
 * Nothing of `src/index` runs here: call `register()` and `bootstrap()` to start the project.
 *
 * @example
 * const code = loadProjectCode(cms); if (code.problems.length) throw …; await code.register(); await code.bootstrap();
 */
export function loadProjectCode(cms: Cms, report: (line: string) => void = cms.report): ProjectCode {
  const { loaded, problems, warnings } = loadProjectFiles(cms.root);
  const problem = (file: ProjectFile, message: string) => problems.push(new FileError(file.path, message));
  const byUid = new Map<string, Lifecycles>();
  const hooks = lifecycleHooks(byUid, () => cms.config.extensions.hookTimeout);
  const registry = { services: new Map<string, object>(), controllers: new Map<string, Record<string, unknown>>() };
  const strapi = createStrapiObject(cms, registry, hooks, report);
  const modelOf = (file: ProjectFile, uid: string): Model | undefined => {
    const model = cms.models.get(uid);
    if (!model || model.modelType !== 'contentType') problem(file, `names ${uid}, which is not a content type of this project`);
    return model?.modelType === 'contentType' ? model : undefined;
  };
  /** A controller's or service's value: core from `factories` (with the overrides on top), a factory function, or an object. */
  type Actions = Record<string, unknown>;
  const build = (file: ProjectFile, value: unknown, core: (model: Model) => Actions): Actions | undefined => {
    if (isCoreFactory(value)) {
      const model = modelOf(file, value.uid);
      if (!model) return undefined;
      const overrides = typeof value.config === 'function' ? value.config({ strapi }) : value.config ?? {};
      if (!isObject(overrides)) return void problem(file, 'the factory\'s second argument must give an object of actions');
      return Object.setPrototypeOf(overrides, core(model));
    }
    const made = typeof value === 'function' ? value({ strapi }) : value;
    return isObject(made) ? made : void problem(file, 'must export an object of actions, a factory function or factories.createCore…(uid)');
  };

  const policies = new Map<string, PolicyEntry>();
  const middlewares = new Map<string, Fn>();
  const index: Record<string, Fn> = {};
  // cms.server.ts becomes the same kinds of files as src/ has; one name declared in both ways stops the start.
  const files = loaded.flatMap((file) => {
    if (file.kind !== 'server') return [file];
    const server = serverFiles(cms, strapi, file, problem);
    registry.controllers.set(SERVER_CONTROLLER, server.controller);
    return server.files;
  });
  const declared = new Map<string, string>();
  const once = (file: ProjectFile, what: string) => {
    const other = declared.get(what);
    if (other !== undefined && other !== file.path) problem(file, `${what} is declared in both ${other} and ${file.path}: keep one`);
    declared.set(what, file.path);
    return other === undefined || other === file.path;
  };
  for (const file of files) {
    const { value } = file;
    const uid = `api::${file.api}.${file.name}`;
    const named = file.api ? `api::${file.api}.${file.name}` : `global::${file.name}`;
    switch (file.kind) {
      case 'lifecycles':
        if (once(file, `the lifecycles of ${uid}`) && modelOf(file, uid) && checkLifecycles(file, value, problem, warnings)) {
          byUid.set(uid, value as Lifecycles);
        }
        break;
      case 'services': {
        const service = build(file, value, (model) => coreService(cms, model, hooks));
        if (service) registry.services.set(uid, service);
        break;
      }
      case 'controllers': {
        const controller = build(file, value, (model) => coreController(cms, model, hooks));
        if (controller) registry.controllers.set(uid, controller);
        break;
      }
      case 'policies':
        if (!once(file, `the policy ${named}`)) break;
        if (typeof value === 'function') policies.set(named, { handler: value as Fn });
        else if (isObject(value) && typeof value.handler === 'function') policies.set(named, value as unknown as PolicyEntry);
        else problem(file, 'a policy must export a function or { handler, validator }');
        break;
      case 'middlewares':
        if (!once(file, `the middleware ${named}`)) break;
        if (typeof value !== 'function') problem(file, 'a middleware must export a function (config, { strapi }) => (ctx, next) => …');
        else middlewares.set(named, value as Fn);
        break;
      case 'index':
        if (!once(file, 'register and bootstrap')) break;
        if (!isObject(value)) problem(file, 'must export { register, bootstrap }');
        else for (const phase of ['register', 'bootstrap']) if (typeof value[phase] === 'function') index[phase] = value[phase] as Fn;
        break;
    }
  }
  const routers = files.filter((file) => file.kind === 'routes');
  const { routes, owned } = collectRoutes(cms, routers, { problem, policies, middlewares, controllers: registry.controllers, strapi });
  const seen = new Map<string, ProjectRoute>();
  for (const route of routes) {
    const other = seen.get(`${route.method} ${route.path}`);
    if (other && other.file !== route.file) {
      const message = `${route.method} ${route.path} is declared in both ${other.file} and ${route.file}: keep one`;
      problems.push(new FileError(route.file, message));
    }
    seen.set(`${route.method} ${route.path}`, route);
  }
  // A literal uid the project lacks (a plugin's service, a type that is not there) is named now, not answered 500 later.
  for (const file of loaded) {
    for (const use of file.uses) {
      const exists = use.member === 'service' ? registry.services.has(use.uid) || !!pluginServiceOf(use.uid)
        : use.member === 'controller' ? registry.controllers.has(use.uid)
        : cms.contentTypes().some((model) => model.uid === use.uid);
      const message = `strapi.${use.member}('${use.uid}'): ${use.uid} is not in this project`;
      if (!exists) problems.push(new FileError(file.path, message, use.line, use.column));
    }
  }
  problems.push(...customGrantProblems(cms, controllerActions(registry.controllers)));
  const phase = (name: string) => async () => { await index[name]?.({ strapi }); };
  return {
    files: loaded.map((file) => file.path), problems, warnings, routes, owned, policies, middlewares,
    controllers: registry.controllers, hooks, strapi,
    register: phase('register'), bootstrap: phase('bootstrap'),
  };
}

/** A lifecycles file exports hooks by Strapi 5's names; Strapi 4's `{ lifecycles: { … } }` and unknown names are problems. */
function checkLifecycles(
  file: ProjectFile, value: unknown, problem: (file: ProjectFile, message: string) => void, warnings: string[],
): boolean {
  if (!isObject(value)) { problem(file, 'must export an object of lifecycle hooks'); return false; }
  if ('lifecycles' in value) {
    problem(file, 'uses Strapi 4\'s { lifecycles: { … } } shape: export the hooks themselves, which get one event');
    return false;
  }
  for (const [name, hook] of Object.entries(value)) {
    if (BULK_HOOKS.includes(name)) {
      warnings.push(`${file.path}: ${name} never fires here (bulk query-engine hooks; strapi.db.query writes one row at a time here)`);
    }
    else if (!(LIFECYCLE_HOOKS as readonly string[]).includes(name)) {
      problem(file, `${name} is not a lifecycle hook (${LIFECYCLE_HOOKS.join(', ')})`);
      return false;
    }
    else if (typeof hook !== 'function') { problem(file, `${name} must be a function`); return false; }
  }
  return true;
}
