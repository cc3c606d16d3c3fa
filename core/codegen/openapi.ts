import type { CmsConfig } from '../config/types.js';
import type { Models } from '../schema/types.js';
import { markdownText } from './escape.js';
import { sortedComponents, sortedModels, sortKeys } from './models.js';
import { PARAMETERS } from './openapi-parameters.js';
import { openApiPaths } from './openapi-paths.js';
import { queryParameterSchemas } from './openapi-query.js';
import { openApiSchemas } from './openapi-schemas.js';

/**
 * How a client serializes the query: qs's brackets, as the server parses them (strapi/parse-query.ts).
 * With openapi-fetch: `createClient({ querySerializer: (query) => qs.stringify(query, { encodeValuesOnly: true }) })`.
 */
export const QUERY_SERIALIZER = {
  library: 'qs',
  call: 'qs.stringify(query, { encodeValuesOnly: true })',
  example: 'filters[title][$containsi]=pizza&populate[author][fields][0]=name&pagination[page]=2',
};

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
      description: "Strapi v5's REST contract for this project's content types. "
        + 'Errors are `{ data: null, error: { status, name, message, details } }`. '
        + 'Query parameters nest in brackets (`filters[title][$eq]=x`, `populate[author][fields][0]=name`), deeper than OpenAPI\'s '
        + 'deepObject style says: serialize them as x-query-serializer names.',
    },
    'x-query-serializer': QUERY_SERIALIZER,
    servers: [{ url: `http://${config.server.host}:${config.server.port}` }],
    security: [{}, { bearerAuth: [] }],
    tags: [...types.map((model) => ({ name: model.displayName, description: markdownText(model.uid) })),
      { name: 'Upload', description: 'the media library' }, { name: 'Users-Permissions', description: 'users, roles and sign-in' },
      { name: 'I18n', description: 'the configured locales' }, { name: 'Server', description: 'health and this document' },
    ],
    paths: openApiPaths(types, config),
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'an API token or a users-permissions JWT' } },
      parameters: PARAMETERS,
      schemas: sortKeys({
        ...openApiSchemas(models),
        ...queryParameterSchemas([...sortedModels(models, { includeUpload: true }), ...sortedComponents(models)], models)
      }),
    },
  };
}
