import { randomBytes } from 'node:crypto';
import type { CmsConfig } from '../config/types.js';
import type { SecretKey, StateStore } from './state-store.js';

export interface SecretSources {
  env: NodeJS.ProcessEnv;
  config: CmsConfig;
  store: StateStore;
  /** Where the development-secret warning goes (stderr); never given a secret. */
  warn: (message: string) => void;
}

export interface Secrets {
  /** The JWT signing secret; with `create: false`, undefined when none exists yet (so no JWT can be valid). */
  jwtSecret(create: boolean): string | undefined;
  /** The API token HMAC salt; with `create: false`, undefined when none exists yet (so no token is stored). */
  tokenSalt(create: boolean): string | undefined;
}

/**
 * Where secrets come from, in order: the environment (`CMS_JWT_SECRET` or `JWT_SECRET`;
 * `CMS_API_TOKEN_SALT` or `API_TOKEN_SALT`), the config (`auth.apiTokenSalt` only), else a random
 * secret generated once into the state store (`.cms/state.json`, or the shared PostgreSQL), with a warning on first use.
 *
 * @example
 * const secrets = createSecrets({ env: process.env, config, store, warn: console.warn });
 * secrets.jwtSecret(true) // from CMS_JWT_SECRET, or generated
 */
export function createSecrets({ env, config, store, warn }: SecretSources): Secrets {
  const warned = new Set<SecretKey>();

  function stored(key: SecretKey, create: boolean, envName: string, what: string): string | undefined {
    const secret = store.secret(key, create ? randomBytes(64).toString('hex') : undefined);
    if (!secret) return undefined;
    if (!warned.has(key)) {
      warned.add(key);
      warn(`warning: ${envName} is not set; using a development ${what} generated into ${store.location}. Set ${envName} in production.`);
    }
    return secret;
  }

  return {
    jwtSecret: (create) => env.CMS_JWT_SECRET || env.JWT_SECRET || stored('jwtSecret', create, 'CMS_JWT_SECRET', 'JWT secret'),
    tokenSalt: (create) => env.CMS_API_TOKEN_SALT || env.API_TOKEN_SALT || config.auth.apiTokenSalt
      || stored('apiTokenSalt', create, 'CMS_API_TOKEN_SALT', 'API token salt'),
  };
}
