import type { Cms } from '../cms.js';
import type { Documents } from '../service/documents.js';
import { createEntityService, ENTITY_METHODS } from './entity-service.js';
import { graphqlExtensionService } from './graphql-extension.js';
import { UnsupportedApiError } from './errors.js';
import { LOCALE_UID, localeQuery, localesService } from './i18n-locales.js';
import { dbLifecycles } from './db-lifecycles.js';
import type { ReadHooks, Subscriber } from './lifecycles.js';
import { contentQuery, QUERY_METHODS } from './query-engine.js';
import { requestContext } from './request-context.js';
import { roleGrants } from './role-grants.js';
import { uploadService } from './upload-service.js';
import { coreStore } from './core-store.js';
import { grantSettings, providersRegistry, providersService } from './users-permissions-providers.js';
import { PERMISSION_UID, ROLE_UID, roleService, usersPermissionsQuery } from './users-permissions-query.js';
import { USER_UID, usersQuery } from './users-query.js';

type Members = Record<string, unknown>;
/**
 * The Document Service twice: `plain` for the query engine (db.query answers are not signed), `signed` for entityService
 * (Strapi 5's goes through strapi.documents, so the upload plugin's middleware signs a private provider's media in it).
 */
type DocumentsOf = { plain: (uid: string) => Documents; signed: (uid: string) => Documents };

/** The plugin services project code may reach: `strapi.plugin(name).service(service)`. */
export const PLUGIN_SERVICES: Record<string, readonly string[]> = {
  i18n: ['locales'], 'users-permissions': ['role', 'providers', 'providers-registry'], upload: ['upload'], graphql: ['extension'],
  email: ['email'],
};
/** `plugin::users-permissions.role` → `['users-permissions', 'role']`: `strapi.service(uid)` of a plugin service above. */
export function pluginServiceOf(uid: string): [string, string] | undefined {
  const found = /^plugin::([\w-]+)\.([\w-]+)$/.exec(uid);
  return found && PLUGIN_SERVICES[found[1]]?.includes(found[2]) ? [found[1], found[2]] : undefined;
}

/** The uids `strapi.db.query(uid)` answers beside the project's own `api::` content types. */
export const QUERY_PLUGIN_UIDS = [ROLE_UID, PERMISSION_UID, USER_UID, LOCALE_UID] as const;

/** An object whose other members throw, naming the API, instead of being undefined. */
function only(name: string, members: Members): Members {
  return new Proxy(members, {
    get(target, key, receiver) {
      if (typeof key === 'symbol' || key in target || key === 'then' || key === 'toJSON') return Reflect.get(target, key, receiver);
      throw new UnsupportedApiError(`${name}.${key}`);
    },
  });
}

/**
 * The Strapi APIs beside the Document Service that real projects' bootstrap, lifecycles and services call (the subset
 * docs/guide/extending.md lists, chosen from public Strapi 5 projects): `db.query(uid)` and `query(uid)`, `entityService`,
 * `plugin('i18n').service('locales')`, `plugin('users-permissions').service('role' | 'providers' | 'providers-registry')`,
 * `plugin('graphql').service('extension')` (and `service(uid)` of those), `requestContext` and `store`.
 *
 * @example
 * const plain = (uid: string) => cms.documents(uid, trustedCaller);
 * Object.assign(members, strapiApis(cms, { plain, signed: plain }, hooks, (uid) => registry.services.get(uid)!));
 */
export function strapiApis(
  cms: Cms, { plain: documents, signed }: DocumentsOf, hooks: ReadHooks & { subscribe(subscriber: Subscriber): void },
  projectService: (uid: string) => object,
): Members {
  const grants = roleGrants(cms);
  const query = (uid: string): Members => {
    const at = `strapi.db.query('${uid}')`;
    if (uid === ROLE_UID || uid === PERMISSION_UID) return only(at, usersPermissionsQuery(grants, uid));
    if (uid === LOCALE_UID) return only(at, localeQuery(cms));
    if (uid === USER_UID) return only(at, usersQuery(cms.auth, (name) => !!cms.models.get(USER_UID)?.attributes[name]));
    const model = typeof uid === 'string' && uid.startsWith('api::') ? cms.models.get(uid) : undefined;
    if (model?.modelType !== 'contentType') {
      throw new UnsupportedApiError(at, 'the project\'s api:: content types, users, roles, permissions, locales');
    }
    const engine = contentQuery({ cms, documents, hooks }, model);
    return only(at, Object.fromEntries(QUERY_METHODS.map((method) => [method, engine[method]])));
  };
  const entityService = createEntityService({ cms, documents: signed, query: query as never });
  // One registry per start: a provider a project's register() adds is there for its later calls (and in the store's grant).
  const registry = providersRegistry(cms);
  const store = coreStore(cms, () => grantSettings(registry.getAll()));
  const services: Record<string, () => Members> = {
    'i18n.locales': () => localesService(cms),
    'users-permissions.role': () => roleService(cms, grants),
    'users-permissions.providers-registry': () => registry,
    'users-permissions.providers': () => providersService(cms, {
      store, registry: () => pluginService('users-permissions', 'providers-registry'), query: query as never,
    }),
    'upload.upload': () => uploadService(cms),
    // what register() turns off or adds in the GraphQL schema (core/graphql/extension.ts reads it when the schema is built)
    'graphql.extension': () => graphqlExtensionService(cms, () => (globalThis as { strapi?: unknown }).strapi),
    // Strapi's email plugin sends through a provider; this server sends no email (forgot-password keeps the code instead)
    'email.email': () => ({
      send: async () => { throw new UnsupportedApiError('strapi.plugin(\'email\').service(\'email\').send', 'no email is sent here'); },
    }),
  };
  // Each service is made once: a project replacing one of its methods (`services.providers.connect = …`) keeps its own.
  const made = new Map<string, Members>();
  const pluginService = (name: string, service: string): Members => {
    const key = `${name}.${service}`;
    const make = services[key];
    if (!make) throw new UnsupportedApiError(`strapi.plugin('${name}').service('${service}')`);
    if (!made.has(key)) made.set(key, only(`strapi.plugin('${name}').service('${service}')`, make()));
    return made.get(key)!;
  };
  const plugin = (name: string) => {
    if (!PLUGIN_SERVICES[name]) throw new UnsupportedApiError(`strapi.plugin('${name}')`, 'plugins are not loaded');
    return only(`strapi.plugin('${name}')`, { service: (service: string) => pluginService(name, service) });
  };
  // Strapi's map form, `strapi.plugins[name].services[service]`: the same services.
  const plugins = new Proxy({}, {
    get: (_target, name) => (typeof name !== 'string' || name === 'then' ? undefined : (() => {
      plugin(name);
      const services = (_inner: object, service: string | symbol) =>
        (typeof service === 'string' ? pluginService(name, service) : undefined);
      return { services: new Proxy({}, { get: services }) };
    })()),
  });
  return {
    // `strapi.service('plugin::i18n.locales')` is `strapi.plugin('i18n').service('locales')`; other uids are the project's.
    service: (uid: string) => {
      const named = pluginServiceOf(uid);
      return named ? pluginService(...named) : projectService(uid);
    },
    db: only('strapi.db', { query, lifecycles: only('strapi.db.lifecycles', dbLifecycles(cms, hooks)) }),
    query,
    plugin,
    plugins,
    entityService: only('strapi.entityService', Object.fromEntries(ENTITY_METHODS.map((method) => [method, entityService[method]]))),
    requestContext: only('strapi.requestContext', { get: requestContext.get }),
    // Strapi's core store, over the settings cms.config.json keeps (core-store.ts)
    store,
  };
}
