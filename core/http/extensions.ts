import { gitPullRoute } from './git-pull-route.js';
import { graphqlRoute } from './graphql-route.js';
import { i18nRoutes } from './i18n-routes.js';
import { mcpRoute } from './mcp-route.js';
import { openApiRoute } from './openapi-route.js';
import { replicaRoute } from './replica-route.js';
import type { ExtensionRoute } from './route-context.js';
import { ROUTE_PATHS, type OwnsPath } from './route-paths.js';

export type { ExtensionRoute, RouteContext } from './route-context.js';

/**
 * A route whose module is imported on the first request under its paths: a start, and most requests, need neither the
 * media library nor users-permissions nor the document transitions (together ~50 modules of `cms serve`'s start).
 */
function onFirstUse(owns: OwnsPath, load: () => Promise<ExtensionRoute>): ExtensionRoute {
  let route: Promise<ExtensionRoute> | undefined;
  return async (context) => (owns(context.url.pathname, context.cms.config.api.rest.prefix)
    ? (await (route ??= load()))(context)
    : undefined);
}

const cmsRoutes = onFirstUse(ROUTE_PATHS.cms, async () => (await import('./cms-routes.js')).cmsRoutes);
const authRoutes = onFirstUse(ROUTE_PATHS.auth, async () => (await import('./auth-routes.js')).authRoutes);
const uploadRoutes = onFirstUse(ROUTE_PATHS.upload, async () => (await import('./upload-routes.js')).uploadRoutes);

/** Extension routes, tried in order before the content-type routes. */
export const EXTENSIONS: ExtensionRoute[] = [
  cmsRoutes, authRoutes, uploadRoutes, i18nRoutes, gitPullRoute, replicaRoute, openApiRoute, graphqlRoute, mcpRoute,
];
