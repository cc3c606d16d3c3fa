import { trustedCaller } from '../access/permissions.js';
import { siteFor } from '../branches/request-branch.js';
import type { Cms } from '../cms.js';
import type { Documents } from '../service/documents.js';
import type { Data } from '../types.js';
import { UnsupportedApiError } from './errors.js';
import { contentTypeInfo } from './content-type-info.js';
import type { ReadHooks, Subscriber } from './lifecycles.js';
import { strapiApis } from './strapi-apis.js';
import { mcpApi } from '../mcp/tool-registry.js';

export interface Registry {
  services: Map<string, object>;
  controllers: Map<string, object>;
}

/** The `strapi` object project code gets: the members of api-use.ts's STRAPI_MEMBERS, over the one core. */
export type StrapiObject = Record<string, unknown> & {
  documents(uid: string): Documents;
  service(uid: string): object;
  controller(uid: string): object;
};

const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

/**
 * `strapi` for a project's code: `documents(uid)` (the Document Service over this core, every write on
 * the one write path, find lifecycles run), `service(uid)`, `controller(uid)`, `contentType(uid)`,
 * `contentTypes`, `log`, and strapi-apis.ts's `db`, `query`, `entityService`, `plugin`, `requestContext`.
 * Any other member throws, naming it (api-use.ts names them at start-up already).
 *
 * @example
 * const strapi = createStrapiObject(cms, registry, hooks, report); await strapi.documents('api::article.article').findMany();
 */
export function createStrapiObject(
  cms: Cms, registry: Registry, hooks: ReadHooks & { subscribe(subscriber: Subscriber): void }, report: (line: string) => void,
): StrapiObject {
  const known = (map: Map<string, object>, what: string) => (uid: string) => {
    const found = map.get(uid);
    if (!found) throw new UnsupportedApiError(`strapi.${what}('${uid}')`, `no ${what} "${uid}" in this project`);
    return found;
  };
  // Inside a request naming a branch (`Cms-Branch`), the branch's documents: project code reads and writes what the request does.
  const plainDocuments = (uid: string) => siteFor(cms).documents(cms.contentType(uid).uid as never, trustedCaller) as unknown as Documents;
  // Strapi's upload plugin signs a private provider's media in what the Document Service answers (its middleware on
  // strapi.documents: findMany, findFirst, findOne, create, update), so every path through it is signed (entityService too),
  // not what db.query answers. The other actions answer no entries here. One signer: the site service's signMedia.
  const signedDocuments = (name: string): Documents => {
    const uid = cms.contentType(name).uid;
    const plain = plainDocuments(uid);
    const signed = <T extends Data | Data[] | null>(data: T) => siteFor(cms).service.signMedia(uid, data);
    return {
      ...plain,
      findMany: async (params) => signed(await plain.findMany(params)),
      findOne: async (params) => signed(await plain.findOne(params)),
      findFirst: async (params) => signed(await plain.findFirst(params)),
      create: async (params) => signed(await plain.create(params)),
      update: async (params) => signed(await plain.update(params)),
    };
  };
  const documents = (uid: string): Documents => {
    const model = cms.contentType(uid);
    const signed = signedDocuments(model.uid);
    return {
      ...signed,
      findMany: (params = {}) => hooks.read('findMany', model, params, () => signed.findMany(params)),
      findOne: (params) => hooks.read('findOne', model, params, () => signed.findOne(params)),
      findFirst: (params = {}) => hooks.read('findOne', model, params, () => signed.findFirst(params)),
      count: (params = {}) => hooks.read('count', model, params, () => signed.count(params)),
    };
  };
  const logAt = (level: string) => (...parts: unknown[]) => report(`[${level}] ${parts.map(String).join(' ')}`);
  const log = Object.fromEntries(LOG_LEVELS.map((level) => [level, logAt(level)]));
  const members: Record<string, unknown> = {
    documents,
    service: known(registry.services, 'service'),
    controller: known(registry.controllers, 'controller'),
    contentType: (uid: string) => contentTypeInfo(cms.contentType(uid)),
    log,
    // strapi-apis.ts: db.query and query over the plain documents, entityService over the signed ones, plugin services
    // (also as strapi.service('plugin::…')), requestContext
    ...strapiApis(cms, { plain: plainDocuments, signed: signedDocuments }, hooks, known(registry.services, 'service')),
  };

  Object.defineProperties(members, {
    contentTypes: { get: () => Object.fromEntries(cms.contentTypes().map((model) => [model.uid, contentTypeInfo(model)])) },
    services: { get: () => Object.fromEntries(registry.services) },
    controllers: { get: () => Object.fromEntries(registry.controllers) },
  });
  const strapi = new Proxy(members, {
    get(target, key, receiver) {
      if (typeof key === 'symbol' || key in target || key === 'then' || key === 'toJSON') return Reflect.get(target, key, receiver);
      throw new UnsupportedApiError(`strapi.${key}`);
    },
  }) as StrapiObject;
  // `strapi.ai.mcp.registerTool(…)`: the project's own tools at /mcp (core/mcp/tool-registry.ts)
  members.ai = { mcp: mcpApi(cms, strapi) };
  return strapi;
}
