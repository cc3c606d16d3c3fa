import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The upload plugin keys `cms.config.json`'s `upload` takes as Strapi's `config/plugins` has them. */
const CARRIED = ['provider', 'providerOptions', 'actionOptions', 'sizeLimit', 'breakpoints'] as const;

type EnvValue = { env: string; default: unknown; type?: string };
type Env = ((key: string, fallback?: unknown) => EnvValue) & Record<string, (key: string, fallback?: unknown) => EnvValue>;

/** Marks a recorded value turned into a string (`env('B') + '-media'`, `${process.env.B}`): such a string is refused. */
const MARK = '\u0000cms-env:';

/**
 * A recorded environment read, `{ "env": NAME, "default": fallback, "type"? }`: the value `cms.config.json` reads from
 * the environment at start (`type` converts it as Strapi's `env.int`/`env.bool`/…), so no secret is ever written.
 * Joined into a string it leaves a mark, so a value built from a variable is refused rather than written half-made.
 */
function recorded(key: string, fallback: unknown, type?: string): EnvValue {
  // Without a fallback Strapi's env() answers undefined when the variable is unset: `"default": null` leaves the setting out.
  const value: EnvValue = type ? { env: key, default: fallback ?? null, type } : { env: key, default: fallback ?? null };
  Object.defineProperty(value, Symbol.toPrimitive, { value: () => `${MARK}${key}\u0000`, enumerable: false });
  return value;
}

/** Strapi's `env()` as a recorder: each call answers a recorded value (see `recorded`). */
function recordingEnv(): Env {
  const env = ((key: string, fallback?: unknown) => recorded(key, fallback)) as Env;
  for (const kind of ['int', 'float', 'bool', 'json', 'array', 'date']) env[kind] = (key, fallback) => recorded(key, fallback, kind);
  return env;
}

/** `process.env` while the project's config is evaluated: every read is recorded, no real value is ever seen. */
const recordingProcessEnv = (): NodeJS.ProcessEnv =>
  new Proxy({}, { get: (_target, key) => (typeof key === 'string' ? recorded(key, undefined) : undefined) }) as NodeJS.ProcessEnv;

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** Refuses a string built from an environment variable (or a number computed from one), naming the key. */
function refuseBuiltValues(value: unknown, where: string, file: string): void {
  const fail = (why: string) => {
    throw new Error(`${file}: ${where} ${why}; cms.config.json reads a whole variable only: write env('NAME') alone or a literal`);
  };
  if (typeof value === 'string' && value.includes(MARK)) {
    fail(`is built from environment variable ${value.split(MARK)[1].split('\u0000')[0]}`);
  }
  if (typeof value === 'number' && Number.isNaN(value)) fail('is a number computed from the environment');
  if (Array.isArray(value)) value.forEach((item, at) => refuseBuiltValues(item, `${where}[${at}]`, file));
  else if (isRecord(value)) for (const [key, item] of Object.entries(value)) refuseBuiltValues(item, `${where}.${key}`, file);
}

/** Evaluates the project's `config/plugins` with `process.env` replaced by the recorder (restored afterwards). */
async function evaluatePlugins(file: string): Promise<unknown> {
  const real = process.env;
  process.env = recordingProcessEnv();
  try {
    const loaded: unknown = file.endsWith('.mjs')
      ? await import(`${pathToFileURL(file).href}?upload=${Date.now()}`) : createRequire(file)(file);
    const exported = isRecord(loaded) && 'default' in loaded ? loaded.default : loaded;
    return typeof exported === 'function' ? (exported as (deps: { env: Env }) => unknown)({ env: recordingEnv() }) : exported;
  } finally {
    process.env = real;
  }
}

/**
 * The upload plugin's settings of a Strapi project's `config/plugins` (`.js`, `.cjs`, `.mjs`), as `cms.config.json`'s
 * `upload`: provider, providerOptions (an aws-s3 block as it is, its `env('…')` calls and `process.env.X` reads kept as
 * `{ "env": "…" }`), actionOptions, sizeLimit and breakpoints. Undefined when the project keeps Strapi's default local
 * provider and limits. A string built from a variable (`env('B') + '-media'`) is refused, naming the key.
 *
 * @example
 * await strapiUploadConfig('../my-strapi-app')
 * // { provider: 'aws-s3', providerOptions: { s3Options: { credentials: { accessKeyId: { env: 'AWS_ACCESS_KEY_ID' }, … } } } }
 */
export async function strapiUploadConfig(project: string): Promise<Record<string, unknown> | undefined> {
  const file = ['plugins.js', 'plugins.cjs', 'plugins.mjs'].map((name) => join(project, 'config', name)).find(existsSync);
  if (!file) return undefined;
  const plugins = await evaluatePlugins(file);
  const block = isRecord(plugins) ? plugins.upload : undefined;
  const config = isRecord(block) && isRecord(block.config) ? block.config : undefined;
  if (!config) return undefined;
  const upload: Record<string, unknown> = {};
  for (const key of CARRIED) if (config[key] !== undefined) upload[key] = config[key];
  refuseBuiltValues(upload, 'upload', `config/${basename(file)}`);
  return Object.keys(upload).length ? JSON.parse(JSON.stringify(upload)) : undefined;
}
