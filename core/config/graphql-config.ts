import { DEFAULT_CONFIG, type GraphqlConfig } from './types.js';

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const positive = (value: unknown) => Number.isSafeInteger(value) && (value as number) > 0;

/**
 * The `graphql` block over its defaults: Strapi's plugin keys, checked as the other settings are (a wrong type is a
 * config error naming the key, never a silent default).
 */
export function resolveGraphql(raw: unknown, apiPrefix: string, fail: (message: string) => never): GraphqlConfig {
  if (raw !== undefined && !isRecord(raw)) fail('graphql must be an object such as { "enabled": true }');
  const graphql = { ...DEFAULT_CONFIG.graphql, ...(raw ?? {}) } as GraphqlConfig;
  if (typeof graphql.enabled !== 'boolean') fail('graphql.enabled must be true or false');
  if (typeof graphql.shadowCRUD !== 'boolean') fail('graphql.shadowCRUD must be true or false');
  if (typeof graphql.endpoint !== 'string' || !/^(\/[A-Za-z0-9_.-]+)+$/.test(graphql.endpoint)) {
    fail('graphql.endpoint must be a path such as "/graphql"');
  }
  const prefix = apiPrefix.toLowerCase();
  const endpoint = graphql.endpoint.toLowerCase();
  if (endpoint === prefix || endpoint.startsWith(`${prefix}/`)) fail(`graphql.endpoint "${graphql.endpoint}" is inside the API prefix`);
  for (const key of ['depthLimit', 'amountLimit', 'defaultLimit'] as const) {
    if (graphql[key] !== undefined && !positive(graphql[key])) fail(`graphql.${key} must be a positive integer`);
  }
  if (graphql.maxLimit !== -1 && !positive(graphql.maxLimit)) fail('graphql.maxLimit must be a positive integer, or -1 for no bound');
  if (graphql.landingPage !== false) fail('graphql.landingPage must be false: the Apollo landing page is not served');
  if (graphql.apolloServer !== undefined && !isRecord(graphql.apolloServer)) fail('graphql.apolloServer must be an object');
  return graphql;
}
