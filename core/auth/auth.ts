import type { Caller } from '../access/permissions.js';
import { knownScopes } from '../access/scopes.js';
import type { CmsConfig } from '../config/types.js';
import type { Models } from '../schema/types.js';
import { readFingerprint, scopeId } from '../access/fingerprint.js';
import { ApiTokens } from './api-tokens.js';
import { createAuthenticator, ENV_TOKEN } from './authenticate.js';
import { bearerToken } from './bearer.js';
import { createCredentialCache } from './credential-cache.js';
import { issueJwt } from './jwt.js';
import { RateLimiter } from './rate-limit.js';
import { createSecrets, type Secrets } from './secrets.js';
import { FileStateStore } from './file-state-store.js';
import { catchUpOrUnavailable, type StateStore, type StoredUser } from './state-store.js';
import { Users } from './users.js';

export interface AuthOptions {
  root: string;
  config: CmsConfig;
  models: Models;
  /** Secrets and the env token come from here (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Warnings (stderr by default); never given a secret. */
  report?: (message: string) => void;
  /** Where the state lives (see `openStateStore`); default the local file `<root>/.cms/state.json`. */
  store?: StateStore;
  /** A controller's custom actions (`api::shop.shop` → `['featured']`), listed in the roles' permission trees. */
  customActions?: (uid: string) => string[];
}

/** Access control for one project: API tokens, users, JWTs, the auth rate limit. */
export interface Auth {
  config: CmsConfig;
  models: Models;
  store: StateStore;
  secrets: Secrets;
  tokens: ApiTokens;
  users: Users;
  limiter: RateLimiter;
  /**
   * Resolve a Bearer value to a caller (see `createAuthenticator`), verified once per key and
   * auth-state revision; what the content API calls. `connection` (the client's socket), as for `readFingerprint`.
   */
  authenticate: (key: string, connection?: object) => Caller | undefined;
  /**
   * The read fingerprint of a Bearer value's caller as a short id (`scopeId`: what cached answers are
   * keyed by); undefined when the key is not valid. `connection` (the client's socket) remembers the key
   * last verified on it: its next request with that key skips the hash (see `createCredentialCache`).
   */
  readFingerprint: (key: string, connection?: object) => string | undefined;
  /**
   * Before a request is answered: when its Bearer key is not a known valid credential, catch up with
   * the shared state store first (a user or token made on another replica a moment ago). Known keys
   * and the local file cost nothing.
   */
  catchUp: (authorization: string | null | undefined) => Promise<void>;
  /** A JWT for this user (`{ id, iat, exp }`, `auth.jwtExpiresIn`). */
  issueJwt: (user: Pick<StoredUser, 'id'>) => string;
  /** A controller's custom actions, as the project's code declares them (none without it). */
  customActions: (uid: string) => string[];
}

/**
 * Compose the auth services over a state store (by default `<root>/.cms/state.json`; nothing
 * touches that file until a credential is checked or created, so reading content never needs it).
 *
 * @example
 * const auth = createAuth({ root, config, models });
 * const { accessKey } = await auth.tokens.create({ name: 'ci', type: 'read-only' });
 */
export function createAuth(options: AuthOptions): Auth {
  const env = options.env ?? process.env;
  const report = options.report ?? ((message: string) => process.stderr.write(`${message}\n`));
  const { config, models } = options;
  const store: StateStore = options.store ?? new FileStateStore(options.root);
  const secrets = createSecrets({ env, config, store, warn: report });
  let scopes: Set<string> | undefined;
  const tokens = new ApiTokens(store, secrets, () => (scopes ??= knownScopes(models)));
  const users = new Users(store);
  const verify = createAuthenticator({ config, tokens, users, secrets, envToken: env[ENV_TOKEN], report });
  const credentials = createCredentialCache(verify, () => store.revision);
  const fingerprintOf = (caller: Caller) => scopeId(readFingerprint(caller, models));
  return {
    config,
    models,
    store,
    secrets,
    tokens,
    users,
    limiter: new RateLimiter(config.auth.rateLimit, Date.now, store.countHit ? { countHit: store.countHit.bind(store) } : undefined),
    authenticate: credentials.caller,
    catchUp: async (authorization) => {
      const key = store.shared ? bearerToken(authorization) : undefined;
      if (key === undefined) return;
      try {
        if (credentials.caller(key)) return;
      } catch {
        // expired, blocked, unknown user: perhaps not yet here; look again after catching up
      }
      // Unreachable store: judge the key on the copy in memory, as every known key is (never loaded: a 503).
      await catchUpOrUnavailable(store);
    },
    readFingerprint: (key, connection) => credentials.fingerprint(key, fingerprintOf, connection),
    issueJwt: (user) => issueJwt(user.id, secrets.jwtSecret(true)!, config.auth.jwtExpiresIn),
    customActions: options.customActions ?? (() => []),
  };
}
