import { MethodNotAllowedError } from '../errors.js';
import type { Models } from '../schema/types.js';
import { json } from './respond.js';
import type { ExtensionRoute } from './route-context.js';

/** Where the document is served: outside the API prefix, so no content type's routes can reach it. */
export const OPENAPI_PATH = '/openapi.json';

/** One document per loaded model (a schema change under `cms serve` reloads the models, and so the document). */
const built = new WeakMap<Models, Record<string, unknown>>();

/** `GET /openapi.json`: the OpenAPI 3.1 document of this project's routes (codegen/openapi.ts). */
export const openApiRoute: ExtensionRoute = async ({ request, url, cms, headers }) => {
  if (url.pathname !== OPENAPI_PATH) return undefined;
  if (request.method !== 'GET' && request.method !== 'HEAD') throw new MethodNotAllowedError(['HEAD', 'GET']);
  let document = built.get(cms.models);
  // The OpenAPI generator (a dozen modules) is imported on the first request for the document, not at every start.
  if (!document) built.set(cms.models, document = (await import('../codegen/openapi.js')).openApiDocument(cms.models, cms.config));
  return json(200, document, headers);
};
