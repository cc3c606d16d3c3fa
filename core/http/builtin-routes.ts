import { USERS_PERMISSIONS_PATHS } from '../auth/users-permissions-api.js';
import type { CmsConfig } from '../config/types.js';
import { CMS_TRANSITIONS } from './cms-routes.js';
import { GIT_PULL_PATH } from './git-pull-route.js';
import { OPENAPI_PATH } from './openapi-route.js';
import { REPLICA_PATH } from './replica-route.js';
import type { Reach } from './route-context.js';
import { STUDIO_GIT_ROUTES } from './studio-git-routes.js';
import { UID_ROUTES } from './studio-route.js';

/** One route this server answers of its own (beside the project's routes): method, path pattern, what it reaches. */
export interface BuiltinRoute {
  method: string;
  path: string;
  reaches: Reach;
}

const NO_DOCUMENT = (why: string): Reach => ({ none: why });

/**
 * Every built-in route and what it reaches, made from the routers' own tables where they have one (the `_cms`
 * transitions, users-permissions, the studio's uid and Git routes), so a route added to them is listed here at once.
 * A route reaching documents is judged by the one access decision (core/access/document-gate.ts);
 * test/extensions/route-authorization.test.ts probes each against the example project's routers.
 *
 * @example
 * builtinRoutes(cms.config).filter((route) => 'document' in route.reaches)
 */
export function builtinRoutes(config: CmsConfig): BuiltinRoute[] {
  const api = config.api.rest.prefix;
  const admin = config.admin.path;
  const cms = `${api}/_cms/:pluralApiId/:documentId`;
  return [
    { method: 'GET', path: '/_health', reaches: NO_DOCUMENT('the health check') },
    { method: 'GET', path: '/', reaches: NO_DOCUMENT('the API index: the routes and types, no content') },
    { method: 'GET', path: '/:publicFile', reaches: NO_DOCUMENT('files under public/ (uploads), to everyone as Strapi serves them') },
    { method: 'GET', path: OPENAPI_PATH, reaches: NO_DOCUMENT('the OpenAPI description of the types') },
    { method: 'GET', path: REPLICA_PATH, reaches: NO_DOCUMENT('the replica\'s sync status') },
    { method: 'POST', path: GIT_PULL_PATH, reaches: { site: 'the origin\'s commits, for the holder of the pull token' } },
    { method: 'GET', path: `${api}/:pluralApiId`, reaches: { type: ['find'] } },
    { method: 'POST', path: `${api}/:pluralApiId`, reaches: { type: ['create'] } },
    { method: 'GET', path: `${api}/:pluralApiId/:documentId`, reaches: { document: ['findOne'] } },
    { method: 'PUT', path: `${api}/:pluralApiId/:documentId`, reaches: { document: ['update'] } },
    { method: 'DELETE', path: `${api}/:pluralApiId/:documentId`, reaches: { document: ['delete'] } },
    ...Object.keys(CMS_TRANSITIONS).map((name) => ({ method: 'POST', path: `${cms}/${name}`, reaches: { document: ['update'] } as Reach })),
    { method: 'GET', path: `${cms}/history`, reaches: { document: ['update'] } },
    { method: 'GET', path: `${cms}/history/:commit`, reaches: { document: ['update'] } },
    { method: 'POST', path: `${api}/upload`, reaches: { document: ['update'] } },
    { method: 'GET', path: `${api}/upload/files`, reaches: { media: 'the media library\'s entries' } },
    { method: 'GET', path: `${api}/upload/files/page`, reaches: { media: 'the media library\'s entries' } },
    { method: 'GET', path: `${api}/upload/files/:id`, reaches: { media: 'one media entry' } },
    { method: 'DELETE', path: `${api}/upload/files/:id`, reaches: { media: 'one media entry; references to it go, as Strapi drops them' } },
    // listed whether `graphql.enabled` or not: what the route reaches when it is served
    ...['GET', 'POST'].map((method) => ({
      method, path: config.graphql?.endpoint ?? '/graphql', reaches: { type: ['find', 'findOne', 'create', 'update', 'delete'] } as Reach,
    })),
    // `/mcp` when `mcp.enabled`: each tool call reaches documents as the REST route for its action would
    { method: 'POST', path: '/mcp', reaches: { type: ['find', 'findOne', 'create', 'update', 'delete'] } as Reach },
    { method: 'GET', path: `${api}/i18n/locales`, reaches: NO_DOCUMENT('the configured locales') },
    ...USERS_PERMISSIONS_PATHS.map(({ method, path }) => ({ method, path: api + path, reaches: NO_DOCUMENT('users and roles') })),
    { method: 'GET', path: admin, reaches: NO_DOCUMENT('a redirect to the studio\'s page') },
    { method: 'GET', path: `${admin}/`, reaches: NO_DOCUMENT('the studio\'s page') },
    { method: 'GET', path: `${admin}/:file`, reaches: NO_DOCUMENT('the studio\'s own scripts and styles') },
    { method: 'GET', path: `${admin}/vendor/:file`, reaches: NO_DOCUMENT('Preact, its hooks and htm') },
    { method: 'GET', path: `${admin}/api/schemas`, reaches: NO_DOCUMENT('the schemas of the types the credential may read') },
    { method: 'GET', path: `${admin}/api/preview`, reaches: { document: ['findOne'] } },
    { method: 'GET', path: `${admin}/api/publication`, reaches: { type: ['find'] } },
    { method: 'GET', path: `${admin}/api/stored`, reaches: { document: ['findOne', 'update'] } },
    { method: 'POST', path: `${admin}/api/merge`, reaches: NO_DOCUMENT('a merge of the three versions it is sent; nothing stored') },
    ...Object.keys(UID_ROUTES).map((path) => ({ method: 'POST', path: admin + path, reaches: { type: ['create', 'update'] } as Reach })),
    ...Object.entries(STUDIO_GIT_ROUTES).map(([key, route]) => {
      const [method, name] = key.split(' ');
      return { method, path: `${admin}/api/git/${name}`, reaches: route.reaches };
    }),
  ];
}
