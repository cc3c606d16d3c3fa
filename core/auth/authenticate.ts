import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { scopedCaller, userCaller, type Caller } from '../access/permissions.js';
import { isReadScope } from '../access/scopes.js';
import type { CmsConfig } from '../config/types.js';
import { UnauthorizedError } from '../errors.js';
import { isExpired, nextUseToRecord, type ApiTokens } from './api-tokens.js';
import { verifyJwt } from './jwt.js';
import type { VerifiedCaller } from './credential-cache.js';
import type { Secrets } from './secrets.js';
import type { StoredApiToken } from './state-store.js';
import type { Users } from './users.js';

export interface AuthenticatorDeps {
  config: CmsConfig;
  tokens: ApiTokens;
  users: Users;
  secrets: Secrets;
  /** `CMS_API_TOKEN`: a full-access key from the environment (CI, static builds). */
  envToken?: string;
  report: (message: string) => void;
}

/** Name of the environment variable that supplies a full-access key, and the token's name in commits. */
export const ENV_TOKEN = 'CMS_API_TOKEN';
/** Shorter keys from the environment are refused: they could be guessed. */
export const ENV_TOKEN_MIN_LENGTH = 32;

/** A token's type decides its rights: read-only → find/findOne scopes, custom → its list, full-access → all. */
export function tokenCaller(token: Pick<StoredApiToken, 'name' | 'type' | 'permissions'> & { id?: number }): Caller {
  const allows = token.type === 'full-access' ? () => true
    : token.type === 'read-only' ? isReadScope
      : (scope: string) => token.permissions.includes(scope);
  const caller = scopedCaller('token', token.name, allows);
  return token.id === undefined ? caller : { ...caller, tokenId: token.id };
}

/**
 * The Bearer strategies of notes §9.3, in Strapi's order: a stored API token (expired → 401
 * `Token expired`), the environment token, then a users-permissions JWT (a valid JWT whose user
 * is gone, blocked or unconfirmed → 401 `Invalid credentials`). Undefined when nothing matches,
 * which the content API answers with 401 `Missing or invalid credentials`.
 *
 * Returns the caller with the key's expiry, so a cache of verified keys knows when to forget it.
 *
 * @example
 * const verify = createAuthenticator({ config, tokens, users, secrets, report });
 * verify(key)?.caller.can(articleModel, 'find')
 */
export function createAuthenticator(deps: AuthenticatorDeps): (key: string) => VerifiedCaller | undefined {
  // The environment key is compared as an HMAC under a per-process key: equal lengths, constant time.
  const processKey = randomBytes(32);
  const digest = (key: string) => createHmac('sha512', processKey).update(key).digest();
  let envDigest: Buffer | undefined;
  if (deps.envToken && deps.envToken.length >= ENV_TOKEN_MIN_LENGTH) envDigest = digest(deps.envToken);
  else if (deps.envToken) deps.report(`warning: ${ENV_TOKEN} is shorter than ${ENV_TOKEN_MIN_LENGTH} characters and is ignored`);
  const envCaller = tokenCaller({ name: ENV_TOKEN, type: 'full-access', permissions: [] });
  let touchFailed = false;

  return (key) => {
    const stored = deps.tokens.match(key);
    if (stored) {
      const now = Date.now();
      if (isExpired(stored, now)) throw new UnauthorizedError('Token expired');
      // Recorded in the background: a read-only disk or a slow database must not hold up or lock out clients; said once.
      deps.tokens.touch(stored, now).catch((error: Error) => {
        if (!touchFailed) deps.report(`warning: cannot record API token use: ${error.message}`);
        touchFailed = true;
      });
      // Trusted until it expires or its next use is to be recorded (touch above records this one when due): then looked at again.
      const expiresAt = stored.expiresAt === null ? Infinity : Date.parse(stored.expiresAt);
      return { caller: tokenCaller(stored), expiresAt: Math.min(expiresAt, nextUseToRecord(stored, now)) };
    }
    if (envDigest && timingSafeEqual(digest(key), envDigest)) return { caller: envCaller, expiresAt: Infinity };
    const secret = deps.secrets.jwtSecret(false);
    const payload = secret ? verifyJwt(key, secret) : undefined;
    if (!payload) return undefined;
    const user = deps.users.byId(payload.id);
    if (!user || user.blocked || !user.confirmed) throw new UnauthorizedError('Invalid credentials');
    return { caller: userCaller(deps.config, user), expiresAt: payload.exp * 1000 };
  };
}
