import type { CmsConfig } from '../config/types.js';
import type { Model } from '../schema/types.js';
import { contentTypePaths } from './openapi-content-paths.js';
import { extensionPaths } from './openapi-extension-paths.js';
import { answer, errors, type PathItem } from './openapi-operation-parts.js';
import { uploadPaths } from './openapi-upload-paths.js';
import { usersPermissionsPaths } from './openapi-users-paths.js';

/**
 * The `paths` of the OpenAPI document: every route the server answers for a project — the
 * content-type routes (core/strapi/routes.ts), the publish and history extensions
 * (http/cms-routes.ts), the media library, users-permissions, i18n locales, the health check and
 * this document itself.
 */

/**
 * Every path the server answers for these content types under this config, sorted.
 *
 * @example
 * Object.keys(openApiPaths(types, config)) // ['/_health', '/api/_cms/articles/{documentId}/discard-draft', …]
 */
export function openApiPaths(types: Model[], config: CmsConfig): Record<string, PathItem> {
  const prefix = config.api.rest.prefix;
  const paths: Record<string, PathItem> = {
    '/_health': { get: {
      operationId: 'health', summary: 'Health check', tags: ['Server'], responses: { 204: { description: 'the server is up' } },
    } },
    '/openapi.json': { get: {
      operationId: 'openapi', summary: 'This OpenAPI document', tags: ['Server'],
      responses: { 200: answer('this document', { type: 'object' }) },
    } },
    [`${prefix}/i18n/locales`]: {
      get: {
        operationId: 'listLocales', summary: 'List the configured locales', tags: ['I18n'],
        responses: { 200: answer('the configured locales', { type: 'array', items: { type: 'object', properties: {
          id: { type: 'integer' }, documentId: { type: 'string' }, name: { type: 'string' }, code: { type: 'string' },
          isDefault: { type: 'boolean' },
        } } }), ...errors(401, 403) },
      },
    },
    ...uploadPaths(prefix),
    ...usersPermissionsPaths(prefix),
  };
  for (const model of types) Object.assign(paths, contentTypePaths(model, prefix), extensionPaths(model, prefix));
  return Object.fromEntries(Object.keys(paths).sort().map((key) => [key, paths[key]]));
}
