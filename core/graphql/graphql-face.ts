import {
  execute, getOperationAST, GraphQLError, Kind, parse, specifiedRules, validate, type DocumentNode,
  type GraphQLFormattedError, type GraphQLSchema, type ValidationRule,
} from 'graphql';
import type { Caller } from '../access/permissions.js';
import type { Cms } from '../cms.js';
import { buildGraphqlSchema } from './build-schema.js';
import { CONTRIBUTIONS, withContributions, type GraphqlContribution } from './contributions.js';
import type { Model, Models } from '../schema/types.js';
import type { GraphqlConfig, GraphqlContext } from './context.js';
import { createDocumentCache } from './document-cache.js';
import { formatError, GraphqlRequestError } from './errors.js';
import { depthLimitRule, MAX_ROOT_FIELDS, rootFieldCount } from './limits.js';
import { contentReadFields, queryReadModels } from './read-roots.js';

/** One GraphQL request: Apollo's `{ query, variables, operationName }`, and how it came (a GET runs queries only). */
export interface GraphqlRequest {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
  method?: 'GET' | 'POST';
}

/** Apollo's answer: the HTTP status, extra headers, and the body `{ errors?, data? }` in Apollo's key order. */
export interface GraphqlAnswer {
  status: number;
  headers: Record<string, string>;
  body: { errors?: GraphQLFormattedError[]; data?: unknown };
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * The GraphQL face: the schema Strapi's plugin generates, and `execute`, which parses, validates (depth limit,
 * introspection as Apollo allows it) and runs a request as the caller the REST routes would see, through the content
 * service. Errors come back in the plugin's shape; the request errors Apollo answers before running carry its status.
 *
 * @example
 * const face = createGraphqlFace(cms, cms.config.graphql);
 * const { status, body } = await face.execute({ query: '{ tags { name } }' }, cms.contentApi.callerFor(null));
 */
export function createGraphqlFace(
  cms: Cms, config: GraphqlConfig, options: { log?: (message: string) => void; contributions?: GraphqlContribution[] } = {},
) {
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const schema: GraphQLSchema = siteSchema(cms.models, { ...config, locales: cms.config.locales }, options.contributions);
  // Apollo Server turns introspection off when NODE_ENV is production, as Strapi runs it there (the site's own environment:
  // a CMS embedded in a process, a test runner's, is told its NODE_ENV with `createCms({ env })`)
  const rules: ValidationRule[] = [...specifiedRules, depthLimitRule(config.depthLimit)];
  if ((cms.env ?? process.env).NODE_ENV === 'production') rules.push(introspectionDisabled);

  const failed = (error: GraphQLError, status: number, headers: Record<string, string> = {}): GraphqlAnswer =>
    ({ status, headers, body: { errors: [formatError(error, log)] } });
  const refused = (errors: readonly GraphQLError[], code: string): GraphqlAnswer =>
    ({ status: 400, headers: {}, body: { errors: errors.map((error) => formatError(withCode(error, code), log)) } });

  // Apollo Server's document cache: a query text parsed and validated once (schema and rules are the face's own),
  // so a client repeating its queries pays neither again; only valid documents are kept, bounded by their texts' size
  // (see document-cache.ts), the oldest leave first
  const documents = createDocumentCache();
  function validDocument(query: string): DocumentNode | GraphqlAnswer {
    const known = documents.get(query);
    if (known) return known;
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: MAX_TOKENS });
    } catch (error) {
      return failed(withCode(asGraphqlError(error, 'Syntax Error'), 'GRAPHQL_PARSE_FAILED'), 400);
    }
    let errors: readonly GraphQLError[];
    try {
      errors = validate(schema, document, rules);
    } catch (error) {
      errors = [asGraphqlError(error, 'Validation Error')];
    }
    if (errors.length > 0) return refused(errors, 'GRAPHQL_VALIDATION_FAILED');
    documents.set(query, document);
    return document;
  }

  async function run(request: GraphqlRequest, caller: Caller, http: GraphqlContext['http'] | undefined, site: Cms): Promise<GraphqlAnswer> {
    const { query, variables, operationName } = request;
    if (typeof query !== 'string' || query === '') {
      const message = 'GraphQL operations must contain a non-empty `query` or a `persistedQuery` extension.';
      throw new GraphqlRequestError(message, 400, 'BAD_REQUEST');
    }
    const document = validDocument(query);
    if (!('kind' in document)) return document;
    const operation = getOperationAST(document, typeof operationName === 'string' ? operationName : undefined);
    if (!operation) {
      const message = typeof operationName === 'string' ? `Unknown operation named "${operationName}".`
        : 'Must provide operation name if query contains multiple operations.';
      return failed(new GraphqlRequestError(message, 400, 'OPERATION_RESOLUTION_FAILURE'), 400);
    }
    const fragments = new Map(document.definitions.flatMap((definition) =>
      (definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition] as const] : [])));
    const asked = rootFieldCount(operation, fragments);
    if (asked > MAX_ROOT_FIELDS) {
      const message = `The operation asks ${asked} root fields (aliases counted); at most ${MAX_ROOT_FIELDS} are answered per request.`;
      return failed(new GraphqlRequestError(message, 400, 'GRAPHQL_VALIDATION_FAILED'), 400);
    }
    if (request.method === 'GET' && operation.operation !== 'query') {
      const message = `GET requests only support query operations, not ${operation.operation} operations`;
      return failed(new GraphqlRequestError(message, 405, 'BAD_REQUEST'), 405, { allow: 'POST' });
    }
    const contextValue: GraphqlContext = { cms: site, caller, config, http };
    const result = await execute({
      schema, document, contextValue, operationName: typeof operationName === 'string' ? operationName : undefined,
      variableValues: isRecord(variables) ? variables : undefined,
    });
    // a query a resolver finds it cannot answer faithfully (rest-query's sameArguments) is refused whole; a
    // mutation's error stays on its field, as its earlier fields may have written
    const request400 = result.errors?.map((error) => error.originalError).find((error) => error instanceof GraphqlRequestError);
    if (operation.operation === 'query' && request400) return failed(request400, request400.status);
    // a variable that does not fit its type is refused before anything runs: Apollo answers it with a 400
    if (result.data === undefined && result.errors) {
      return refused(result.errors, 'BAD_USER_INPUT');
    }
    const body: GraphqlAnswer['body'] = {};
    if (result.errors) body.errors = result.errors.map((error) => formatError(error, log));
    body.data = result.data;
    return { status: contextValue.status ?? 200, headers: {}, body };
  }

  /** Run a request; `site` is the view that answers it (a branch's, which shares the base's models and so its face). */
  async function executeRequest(
    request: GraphqlRequest, caller: Caller, http?: GraphqlContext['http'], site: Cms = cms,
  ): Promise<GraphqlAnswer> {
    try {
      return await run(request, caller, http, site);
    } catch (error) {
      if (error instanceof GraphqlRequestError) return failed(error, error.status, error.headers);
      throw error;
    }
  }
  const readFields = contentReadFields(cms.models);
  /** The content types a valid query reads at its root when its answer comes from them alone (see read-roots.ts). */
  function readModels(request: GraphqlRequest): Model[] | undefined {
    if (typeof request.query !== 'string' || request.query === '') return undefined;
    const document = validDocument(request.query);
    if (!('kind' in document)) return undefined;
    const operation = getOperationAST(document, typeof request.operationName === 'string' ? request.operationName : undefined);
    return operation ? queryReadModels(operation, readFields) : undefined;
  }
  /** How many documents, and characters of query text, the face keeps parsed and validated. */
  return { schema, execute: executeRequest, readModels, cached: documents.size };
}

export type GraphqlFace = ReturnType<typeof createGraphqlFace>;

/**
 * A site's whole schema: the generated one with the plugins' contributions, what `/graphql` answers and
 * `cms graphql-schema` prints.
 *
 * @example
 * printSchema(siteSchema(cms.models, cms.config.graphql))
 */
export function siteSchema(
  models: Models, config: Pick<GraphqlConfig, 'shadowCRUD'> & { locales?: readonly string[] }, contributions?: GraphqlContribution[],
): GraphQLSchema {
  const added = contributions ?? CONTRIBUTIONS.map((contribute) => contribute(models));
  return withContributions(buildGraphqlSchema(models, { shadowCRUD: config.shadowCRUD, locales: config.locales }), added);
}

/**
 * The most tokens a request's document may have: graphql-js stops parsing past it, so a hostile document is refused
 * before its size costs anything (a project safeguard; Strapi's Apollo sets no limit).
 */
export const MAX_TOKENS = 15_000;

/** What parse or validate threw: its own GraphQLError, or (a stack overflow on deep nesting) a request error, never a 500. */
function asGraphqlError(error: unknown, kind: string): GraphQLError {
  if (error instanceof GraphQLError) return error;
  return new GraphQLError(`${kind}: the document is nested too deeply to be read.`);
}

function withCode(error: GraphQLError, code: string): GraphQLError {
  if (error.extensions.code) return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes, source: error.source, positions: error.positions, path: error.path, originalError: error.originalError,
    extensions: { ...error.extensions, code },
  });
}

/** Apollo's rule when introspection is off: `__schema`/`__type` are refused in validation. */
const introspectionDisabled: ValidationRule = (context) => ({
  Field(node) {
    if (node.name.value !== '__schema' && node.name.value !== '__type') return;
    context.reportError(new GraphQLError(
      'GraphQL introspection is not allowed by Apollo Server, but the query contained __schema or __type. To enable introspection, '
        + 'pass introspection: true to ApolloServer in production',
      { nodes: node, extensions: { validationErrorCode: 'INTROSPECTION_DISABLED' } },
    ));
  },
});
