import { DEFAULT_CONFIG, type McpConfig } from './types.js';

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const positive = (value: unknown) => Number.isSafeInteger(value) && (value as number) > 0;

/**
 * The `mcp` block over its defaults (Strapi's `server.mcp` keys and `branch`), checked as the other settings are: a wrong
 * type is a config error naming the key, never a silent default.
 */
export function resolveMcp(raw: unknown, fail: (message: string) => never): McpConfig {
  if (raw !== undefined && !isRecord(raw)) fail('mcp must be an object such as { "enabled": true }');
  const mcp = { ...DEFAULT_CONFIG.mcp, ...(raw ?? {}) } as McpConfig;
  if (typeof mcp.enabled !== 'boolean') fail('mcp.enabled must be true or false');
  if (typeof mcp.branch !== 'boolean') fail('mcp.branch must be true or false');
  for (const key of ['connectTimeoutMs', 'requestTimeoutMs', 'maxResultChars'] as const) {
    if (!positive(mcp[key])) fail(`mcp.${key} must be a positive integer`);
  }
  return mcp;
}
