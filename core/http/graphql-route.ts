import type { Cms } from '../cms.js';
import type { Models } from '../schema/types.js';
import type { GraphqlAnswer, GraphqlFace, GraphqlRequest } from '../graphql/graphql-face.js';
import { readBody } from './body.js';
import { answerReuse, keepAnswer, type AnswerReuse } from './graphql-answers.js';
import { requestClient } from './client-address.js';
import { JSON_TYPE, statusText } from './respond.js';
import type { ExtensionRoute } from './route-context.js';

/**
 * One face per loaded model set and config (a schema change under `cms serve` reloads the models, and so the schema);
 * a branch's view shares the base's models, so each request names the site that answers it.
 */
const faces = new WeakMap<Models, { config: Cms['config']['graphql']; face: GraphqlFace }>();
const noted = new WeakSet<Cms['config']['graphql']>();

/** graphql-js and the schema builder, imported at the first /graphql request: most `cms serve` runs never answer one. */
let faceModule: Promise<typeof import('../graphql/graphql-face.js')> | undefined;

async function faceOf(cms: Cms): Promise<GraphqlFace> {
  const { createGraphqlFace } = await (faceModule ??= import('../graphql/graphql-face.js'));
  const config = cms.config.graphql;
  const held = faces.get(cms.models);
  if (held && held.config === config) return held.face;
  if (config.apolloServer !== undefined && !noted.has(config)) {
    noted.add(config);
    process.stderr.write('[cms] graphql.apolloServer is ignored: /graphql is served by graphql-js, not Apollo Server\n');
  }
  const face = createGraphqlFace(cms, config);
  faces.set(cms.models, { config, face });
  return face;
}

const CSRF_SAFE = ['x-apollo-operation-name', 'apollo-require-preflight'];
const SIMPLE_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/** Apollo's CSRF prevention: a request a browser may send without a preflight must name an operation header. */
function csrfBlocked(request: Request): boolean {
  const type = request.headers.get('content-type');
  if (type !== null) {
    const essence = type.split(';')[0].trim().toLowerCase();
    if (essence === '' || !SIMPLE_TYPES.includes(essence)) return false;
  }
  return !CSRF_SAFE.some((header) => (request.headers.get(header) ?? '') !== '');
}

const badRequest = (message: string, status = 400, headers: Record<string, string> = {}): GraphqlAnswer =>
  ({ status, headers, body: { errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] } });

/** A GET's `query`, `variables`, `operationName` from the search string (each at most once; variables as JSON). */
function fromSearch(url: URL): GraphqlRequest | GraphqlAnswer {
  const request: GraphqlRequest = { method: 'GET' };
  for (const key of ['query', 'operationName', 'variables'] as const) {
    const values = url.searchParams.getAll(key);
    if (values.length > 1) return badRequest(`The '${key}' search parameter may only be specified once.`);
    if (values.length === 0) continue;
    if (key !== 'variables') request[key] = values[0];
    else {
      try {
        request.variables = JSON.parse(values[0]);
      } catch {
        return badRequest(`The ${key} search parameter contains invalid JSON.`);
      }
    }
  }
  return request;
}

/** Apollo's checks of a POST body before it runs anything. */
function fromBody(body: unknown): GraphqlRequest | GraphqlAnswer {
  if (Array.isArray(body) && body.length > 0) return badRequest('Operation batching disabled.');
  if (!body || typeof body !== 'object' || Array.isArray(body) || Object.keys(body).length === 0) {
    return badRequest('POST body missing, invalid Content-Type, or JSON object has no keys.');
  }
  const { query, variables, operationName } = body as Record<string, unknown>;
  if (query !== undefined && query !== null && typeof query !== 'string') return badRequest('GraphQL queries must be strings.');
  if (typeof variables === 'string') {
    return badRequest('`variables` in a POST body should be provided as an object, not a recursively JSON-encoded string.');
  }
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
    return badRequest('`variables` in a POST body must be an object if provided.');
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    return badRequest('`operationName` in a POST body must be a string if provided.');
  }
  const { extensions } = body as Record<string, unknown>;
  const persisted = extensions && typeof extensions === 'object' && 'persistedQuery' in extensions;
  if ((query === undefined || query === null) && persisted) {
    // no persisted query is ever stored here: Apollo's answer for a hash it does not know
    const error = { message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } };
    return { status: 200, headers: {}, body: { errors: [error] } };
  }
  return { query, variables, operationName, method: 'POST' };
}

/**
 * `POST`/`GET <graphql.endpoint>`: Strapi's GraphQL plugin. Authenticated exactly as the REST routes are (the same
 * caller: Public role, API tokens, users-permissions JWTs; a bad credential is the REST 401), then Apollo's request
 * rules (methods, CSRF prevention, body shape) and the face (core/graphql) run it.
 */
export const graphqlRoute: ExtensionRoute = async ({ request, url, cms, headers }) => {
  const config = cms.config.graphql;
  // koa-router, as Strapi mounts the route: any case, one trailing slash
  const path = url.pathname.toLowerCase();
  const endpoint = config.endpoint.toLowerCase();
  if (!config.enabled || (path !== endpoint && path !== `${endpoint}/`)) return undefined;
  const caller = cms.contentApi.callerFor(request.headers.get('authorization'));
  let answer: GraphqlAnswer;
  let reuse: AnswerReuse | undefined;
  // Apollo judges CSRF before the method
  if (csrfBlocked(request)) {
    answer = badRequest('This operation has been blocked as a potential Cross-Site Request Forgery (CSRF). Please either specify a '
      + `'content-type' header (with a type that is not one of ${SIMPLE_TYPES.join(', ')}) or provide a non-empty value for one of `
      + `the following headers: ${CSRF_SAFE.join(', ')}\n`);
  } else if (request.method !== 'GET' && request.method !== 'POST') {
    answer = badRequest('Apollo Server supports only GET/POST requests.', 405, { allow: 'GET, POST' });
  } else {
    const parsed = request.method === 'GET' ? fromSearch(url) : fromBody(await readBody(request));
    const context = { request, url, client: requestClient(cms, request) };
    const face = await faceOf(cms);
    reuse = 'status' in parsed ? undefined : answerReuse(cms, face, parsed, request.headers.get('authorization'));
    const hit = reuse?.cache.get(reuse.key, cms.index);
    if (hit) {
      const init = { status: 200, statusText: 'OK', headers: { ...headers, 'content-type': JSON_TYPE } };
      return new Response(hit.body as unknown as BodyInit, init);
    }
    answer = 'status' in parsed ? parsed : await face.execute(parsed, caller, context, cms);
  }
  // a resolver that answered as a controller sending nothing (Koa's 204: `deleteUsersPermissionsUser` of no one) has no body
  if (answer.status === 204) {
    return new Response(null, { status: 204, statusText: statusText(204), headers: { ...headers, ...answer.headers } });
  }
  const text = `${JSON.stringify(answer.body)}\n`;
  if (reuse) keepAnswer(reuse, cms, answer.status, answer.body.errors, text);
  return new Response(text, {
    status: answer.status, statusText: statusText(answer.status), headers: { ...headers, ...answer.headers, 'content-type': JSON_TYPE },
  });
};
