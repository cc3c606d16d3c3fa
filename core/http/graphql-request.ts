import type { GraphqlAnswer, GraphqlRequest } from '../graphql/graphql-face.js';

/** A request header by its lower-case name, as a web Request's `headers.get` gives it (null when absent). */
export type HeaderOf = (name: string) => string | null;

const CSRF_SAFE = ['x-apollo-operation-name', 'apollo-require-preflight'];
const SIMPLE_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/** Apollo's CSRF prevention: a request a browser may send without a preflight must name an operation header. */
export function csrfBlocked(header: HeaderOf): boolean {
  const type = header('content-type');
  if (type !== null) {
    const essence = type.split(';')[0].trim().toLowerCase();
    if (essence === '' || !SIMPLE_TYPES.includes(essence)) return false;
  }
  return !CSRF_SAFE.some((name) => (header(name) ?? '') !== '');
}

/** Apollo's answer to a request it refuses by CSRF prevention. */
export const CSRF_MESSAGE = 'This operation has been blocked as a potential Cross-Site Request Forgery (CSRF). Please either specify a '
  + `'content-type' header (with a type that is not one of ${SIMPLE_TYPES.join(', ')}) or provide a non-empty value for one of `
  + `the following headers: ${CSRF_SAFE.join(', ')}\n`;

export const badRequest = (message: string, status = 400, headers: Record<string, string> = {}): GraphqlAnswer =>
  ({ status, headers, body: { errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] } });

/** A GET's `query`, `variables`, `operationName` from the search string (each at most once; variables as JSON). */
export function fromSearch(url: URL): GraphqlRequest | GraphqlAnswer {
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
export function fromBody(body: unknown): GraphqlRequest | GraphqlAnswer {
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
