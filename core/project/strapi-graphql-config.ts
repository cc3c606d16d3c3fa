import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The plugin keys `cms.config.json`'s `graphql` takes as they are (core/config/graphql-config.ts checks them). */
const CARRIED = ['enabled', 'endpoint', 'shadowCRUD', 'depthLimit', 'amountLimit', 'defaultLimit', 'maxLimit'] as const;

/** What `cms init --from-strapi` carries from the project's `config/plugins`: the `graphql` block, and a note per key left out. */
export interface CarriedGraphqlConfig {
  graphql?: Record<string, unknown>;
  notes: string[];
}

export type Env = ((key: string, fallback?: unknown) => unknown) & Record<string, (key: string, fallback?: unknown) => unknown>;

/** Strapi's `env()` helper for config files: the variable, else the default, with its typed variants. */
export function strapiEnv(vars: NodeJS.ProcessEnv): Env {
  const raw = (key: string) => vars[key];
  const env = ((key: string, fallback?: unknown) => raw(key) ?? fallback) as Env;
  env.int = (key, fallback) => (raw(key) === undefined ? fallback : Number.parseInt(raw(key)!, 10));
  env.float = (key, fallback) => (raw(key) === undefined ? fallback : Number.parseFloat(raw(key)!));
  env.bool = (key, fallback) => (raw(key) === undefined ? fallback : raw(key) === 'true');
  env.json = (key, fallback) => (raw(key) === undefined ? fallback : JSON.parse(raw(key)!));
  env.array = (key, fallback) => (raw(key) === undefined ? fallback : raw(key)!.replace(/^\[|\]$/g, '').split(',').map((v) => v.trim()));
  return env;
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * The GraphQL plugin's settings of a Strapi project (`config/plugins.js`, `.cjs` or `.mjs`, run as Strapi runs it with
 * `{ env }` over `vars`), as `cms.config.json`'s `graphql`: `enabled` and the plugin keys this CMS reads. `landingPage: true`,
 * `apolloServer`, `playgroundAlways` and artifact settings stay behind, each with a note; a TypeScript config is not run.
 *
 * @example
 * await strapiGraphqlConfig('../my-strapi-app') // { graphql: { enabled: true, depthLimit: 7 }, notes: [] }
 */
export async function strapiGraphqlConfig(project: string, vars: NodeJS.ProcessEnv = process.env): Promise<CarriedGraphqlConfig> {
  const notes: string[] = [];
  const file = ['plugins.js', 'plugins.cjs', 'plugins.mjs', 'plugins.ts'].map((name) => join(project, 'config', name)).find(existsSync);
  if (!file) return { notes };
  if (file.endsWith('.ts')) {
    return { notes: ['config/plugins.ts is TypeScript and was not run: set "graphql" in cms.config.json by hand (docs/guide/graphql.md)'] };
  }
  const loaded: unknown = file.endsWith('.mjs') ? await import(pathToFileURL(file).href) : createRequire(file)(file);
  const exported = isRecord(loaded) && 'default' in loaded ? loaded.default : loaded;
  const plugins = typeof exported === 'function' ? (exported as (deps: { env: Env }) => unknown)({ env: strapiEnv(vars) }) : exported;
  const block = isRecord(plugins) ? plugins.graphql : undefined;
  if (!isRecord(block)) return { notes };
  const config = isRecord(block.config) ? block.config : {};
  const graphql: Record<string, unknown> = { enabled: block.enabled !== false };
  for (const key of CARRIED) if (key !== 'enabled' && config[key] !== undefined) graphql[key] = config[key];
  for (const key of Object.keys(config)) {
    if ((CARRIED as readonly string[]).includes(key)) continue;
    if (key === 'landingPage' && config[key] === false) continue;
    notes.push(`config/plugins: graphql.config.${key} is not carried over (${key === 'landingPage'
      ? 'the Apollo landing page is not served' : key === 'apolloServer' ? '/graphql is served by graphql-js, not Apollo Server'
        : 'not a setting here'})`);
  }
  return { graphql, notes };
}
