import type { CmsConfig } from '../config/types.js';
import type { Models } from '../schema/types.js';
import { sortedModels } from './models.js';
import { openApiPaths, PARAMETERS } from './openapi-paths.js';
import { openApiSchemas } from './openapi-schemas.js';

/** The package version the document names as its API version. */
export interface OpenApiOptions { title?: string; version?: string }

/**
 * An OpenAPI 3.1 document for every route the server answers for a project: the content types
 * (query parameters, request bodies, response envelopes), single types, the media library,
 * users-permissions, the publish and history extensions, and Strapi's error envelope. Pure and
 * deterministic: the same schemas and config give the same document.
 *
 * @example
 * const document = openApiDocument(cms.models, cms.config); document.paths['/api/articles'].get
 */
export function openApiDocument(models: Models, config: CmsConfig, options: OpenApiOptions = {}): Record<string, unknown> {
  const types = sortedModels(models);
  return {
    openapi: '3.1.0',
    info: {
      title: options.title ?? 'gitcms content API',
      version: options.version ?? '1.0.0',
      description: "Strapi v5's REST contract for this project's content types. Errors are `{ data: null, error: { status, name, message, details } }`.",
    },
    servers: [{ url: `http://${config.server.host}:${config.server.port}` }],
    security: [{}, { bearerAuth: [] }],
    tags: [...types.map((model) => ({ name: model.displayName, description: model.uid })), { name: 'Upload' }, { name: 'Users-Permissions' }, { name: 'I18n' }, { name: 'Server' }],
    paths: openApiPaths(types, config),
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'an API token or a users-permissions JWT' } },
      parameters: PARAMETERS,
      schemas: openApiSchemas(models),
    },
  };
}
