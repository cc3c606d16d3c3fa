import { authRoutes } from './auth-routes.js';
import { cmsRoutes } from './cms-routes.js';
import { gitPullRoute } from './git-pull-route.js';
import { graphqlRoute } from './graphql-route.js';
import { i18nRoutes } from './i18n-routes.js';
import { mcpRoute } from './mcp-route.js';
import { openApiRoute } from './openapi-route.js';
import { replicaRoute } from './replica-route.js';
import type { ExtensionRoute } from './route-context.js';
import { uploadRoutes } from './upload-routes.js';

export type { ExtensionRoute, RouteContext } from './route-context.js';

/** Extension routes, tried in order before the content-type routes. */
export const EXTENSIONS: ExtensionRoute[] = [
  cmsRoutes, authRoutes, uploadRoutes, i18nRoutes, gitPullRoute, replicaRoute, openApiRoute, graphqlRoute, mcpRoute,
];
