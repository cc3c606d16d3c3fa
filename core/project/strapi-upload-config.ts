import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The upload plugin keys `cms.config.json`'s `upload` takes as Strapi's `config/plugins` has them. */
const CARRIED = ['provider', 'providerOptions', 'actionOptions', 'sizeLimit', 'breakpoints'] as const;

type EnvValue = { env: string; default?: unknown };
type Env = ((key: string, fallback?: unknown) => EnvValue) & Record<string, (key: string, fallback?: unknown) => EnvValue>;

/**
 * Strapi's `env()` as a recorder: each call answers `{ "env": NAME, "default": fallback }`, the value `cms.config.json`
 * reads from the environment at start, so secrets are named and never written into the file.
 */
function recordingEnv(): Env {
  // Without a fallback Strapi's env() answers undefined when the variable is unset: `"default": null` leaves the setting out.
  const value = (key: string, fallback?: unknown): EnvValue => ({ env: key, default: fallback ?? null });
  const env = value as Env;
  for (const kind of ['int', 'float', 'bool', 'json', 'array', 'date']) env[kind] = value;
  return env;
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * The upload plugin's settings of a Strapi project's `config/plugins` (`.js`, `.cjs`, `.mjs`), as `cms.config.json`'s
 * `upload`: provider, providerOptions (an aws-s3 block as it is, its `env('…')` calls kept as `{ "env": "…" }`),
 * actionOptions, sizeLimit and breakpoints. Undefined when the project keeps Strapi's default local provider and limits.
 *
 * @example
 * await strapiUploadConfig('../my-strapi-app')
 * // { provider: 'aws-s3', providerOptions: { s3Options: { credentials: { accessKeyId: { env: 'AWS_ACCESS_KEY_ID' }, … } } } }
 */
export async function strapiUploadConfig(project: string): Promise<Record<string, unknown> | undefined> {
  const file = ['plugins.js', 'plugins.cjs', 'plugins.mjs'].map((name) => join(project, 'config', name)).find(existsSync);
  if (!file) return undefined;
  const loaded: unknown = file.endsWith('.mjs') ? await import(`${pathToFileURL(file).href}?upload`) : createRequire(file)(file);
  const exported = isRecord(loaded) && 'default' in loaded ? loaded.default : loaded;
  const plugins = typeof exported === 'function' ? (exported as (deps: { env: Env }) => unknown)({ env: recordingEnv() }) : exported;
  const block = isRecord(plugins) ? plugins.upload : undefined;
  const config = isRecord(block) && isRecord(block.config) ? block.config : undefined;
  if (!config) return undefined;
  const upload: Record<string, unknown> = {};
  for (const key of CARRIED) if (config[key] !== undefined) upload[key] = config[key];
  return Object.keys(upload).length ? JSON.parse(JSON.stringify(upload)) : undefined;
}
