import { randomBytes } from 'node:crypto';
import type { CmsConfig } from '../config/types.js';
import { STATE_FILE, type AuthState, type StateStore } from './state-store.js';

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

type SecretKey = keyof AuthState['secrets'];

/**
 * Where secrets come from, in order: the environment (`CMS_JWT_SECRET` or `JWT_SECRET`;
 * `CMS_API_TOKEN_SALT` or `API_TOKEN_SALT`), the config (`auth.apiTokenSalt` only), else a random
 * development secret generated once into `.cms/state.json`, with a warning on first use.
 *
 * @example
 * const secrets = createSecrets({ env: process.env, config, store, warn: console.warn });
 * secrets.jwtSecret(true) // from CMS_JWT_SECRET, or generated
 */
export function createSecrets({ env, config, store, warn }: SecretSources): Secrets {
  const warned = new Set<SecretKey>();

  function stored(key: SecretKey, create: boolean, envName: string, what: string): string | undefined {
    let secret = store.data.secrets[key];
    if (!secret && !create) return undefined;
    if (!secret) {
      const fresh = randomBytes(64).toString('hex');
      // Another process may have generated one meanwhile: keep the first.
      secret = store.update((state) => (state.secrets[key] ??= fresh));
    }
    if (!warned.has(key)) {
      warned.add(key);
      warn(`warning: ${envName} is not set; using a development ${what} generated into ${STATE_FILE}. Set ${envName} in production.`);
    }
    return secret;
  }

  return {
    jwtSecret: (create) => env.CMS_JWT_SECRET || env.JWT_SECRET || stored('jwtSecret', create, 'CMS_JWT_SECRET', 'JWT secret'),
    tokenSalt: (create) => env.CMS_API_TOKEN_SALT || env.API_TOKEN_SALT || config.auth.apiTokenSalt || stored('apiTokenSalt', create, 'CMS_API_TOKEN_SALT', 'API token salt'),
  };
}
