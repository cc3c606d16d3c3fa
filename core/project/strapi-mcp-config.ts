import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { strapiEnv, type Env } from './strapi-graphql-config.js';

/** Strapi's `server.mcp` keys `cms.config.json`'s `mcp` takes as they are (core/config/mcp-config.ts checks them). */
const CARRIED = ['enabled', 'connectTimeoutMs', 'requestTimeoutMs'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * The MCP server settings of a Strapi project (`config/server.js`, `.cjs` or `.mjs`, run as Strapi runs it with `{ env }`
 * over `vars`): its `mcp` block as `cms.config.json`'s `mcp`, and a note per key left out. A TypeScript config is not run.
 *
 * @example
 * await strapiMcpConfig('../my-strapi-app') // { mcp: { enabled: true }, notes: [] }
 */
export async function strapiMcpConfig(
  project: string, vars: NodeJS.ProcessEnv = process.env,
): Promise<{ mcp?: Record<string, unknown>; notes: string[] }> {
  const file = ['server.js', 'server.cjs', 'server.mjs', 'server.ts'].map((name) => join(project, 'config', name)).find(existsSync);
  if (!file) return { notes: [] };
  if (file.endsWith('.ts')) {
    return { notes: ['config/server.ts is TypeScript and was not run: set "mcp" in cms.config.json by hand (docs/guide/mcp.md)'] };
  }
  const loaded: unknown = file.endsWith('.mjs') ? await import(pathToFileURL(file).href) : createRequire(file)(file);
  const exported = isRecord(loaded) && 'default' in loaded ? loaded.default : loaded;
  const server = typeof exported === 'function' ? (exported as (deps: { env: Env }) => unknown)({ env: strapiEnv(vars) }) : exported;
  const block = isRecord(server) ? server.mcp : undefined;
  if (!isRecord(block)) return { notes: [] };
  const mcp: Record<string, unknown> = {};
  const notes: string[] = [];
  for (const [key, value] of Object.entries(block)) {
    if ((CARRIED as readonly string[]).includes(key)) mcp[key] = value;
    else notes.push(`config/server: mcp.${key} is not carried over (not a setting here)`);
  }
  return { mcp, notes };
}
