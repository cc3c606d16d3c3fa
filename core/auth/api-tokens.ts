import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { NotFoundError, ValidationError } from '../errors.js';
import type { Secrets } from './secrets.js';
import type { StateStore, StoredApiToken, TokenType } from './state-store.js';

export const TOKEN_TYPES: readonly TokenType[] = ['read-only', 'full-access', 'custom'];
/** Strapi's choices: unlimited (null) or 7, 30, 90 days. */
export const LIFESPAN_DAYS: readonly number[] = [7, 30, 90];
const DAY = 86_400_000;
/** Strapi writes `lastUsedAt` at most hourly, so a busy token does not rewrite the state file. */
const TOUCH_INTERVAL = 3_600_000;

export interface NewApiToken {
  name: string;
  type: TokenType;
  description?: string;
  /** Scopes of a `custom` token, e.g. `api::article.article.find`. */
  permissions?: string[];
  /** 7, 30 or 90; null or absent for unlimited. */
  lifespanDays?: number | null;
}

/** A token as listed: everything but the hash of its key. */
export type ApiTokenInfo = Omit<StoredApiToken, 'accessKey'>;
/** A new token with its key: the only time the key exists outside the client. */
export type CreatedApiToken = ApiTokenInfo & { accessKey: string };

/** HMAC-SHA512 of a key under the salt, hex: the only form a key is stored in. */
export const hashAccessKey = (key: string, salt: string): string => createHmac('sha512', salt).update(key).digest('hex');

const info = ({ accessKey: _hash, ...rest }: StoredApiToken): ApiTokenInfo => rest;

/**
 * API tokens (Strapi's content-api tokens) in the state store.
 *
 * @example
 * const { accessKey } = await tokens.create({ name: 'ci', type: 'read-only', lifespanDays: 30 });
 * tokens.match(accessKey)?.type // 'read-only'
 */
export class ApiTokens {
  constructor(private readonly store: StateStore, private readonly secrets: Secrets, private readonly knownScopes: () => Set<string>) {}

  async create(input: NewApiToken): Promise<CreatedApiToken> {
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (!name || name.length > 100 || /[\u0000-\u001f]/.test(name)) throw new ValidationError('name must be 1 to 100 printable characters');
    if (!TOKEN_TYPES.includes(input.type)) throw new ValidationError(`type must be one of ${TOKEN_TYPES.join(', ')}`);
    const permissions = [...new Set(input.permissions ?? [])];
    if (input.type === 'custom' && !permissions.length) throw new ValidationError('a custom token needs at least one permission');
    if (input.type !== 'custom' && permissions.length) throw new ValidationError('permissions can only be given to a custom token');
    const known = this.knownScopes();
    const unknown = permissions.filter((scope) => !known.has(scope));
    if (unknown.length) throw new ValidationError(`Unknown permissions: ${unknown.join(', ')}`);
    const days = input.lifespanDays ?? null;
    if (days !== null && !LIFESPAN_DAYS.includes(days)) {
      throw new ValidationError(`lifespan must be ${LIFESPAN_DAYS.join(', ')} days or unlimited`);
    }

    const accessKey = randomBytes(128).toString('hex');
    const salt = this.secrets.tokenSalt(true)!;
    const now = new Date();
    const stored = await this.store.insertToken({
      name,
      description: input.description ?? '',
      type: input.type,
      accessKey: hashAccessKey(accessKey, salt),
      permissions,
      lifespan: days === null ? null : days * DAY,
      expiresAt: days === null ? null : new Date(now.getTime() + days * DAY).toISOString(),
      lastUsedAt: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
    return { ...info(stored), accessKey };
  }

  list(): ApiTokenInfo[] {
    return this.store.data.apiTokens.map(info);
  }

  async revoke(name: string): Promise<ApiTokenInfo> {
    const removed = await this.store.removeToken(name);
    if (!removed) throw new NotFoundError(`No API token named "${name}"`);
    return info(removed);
  }

  /** The stored token whose key this is (constant-time comparison against every stored hash). */
  match(key: string): StoredApiToken | undefined {
    const tokens = this.store.data.apiTokens;
    const salt = tokens.length ? this.secrets.tokenSalt(false) : undefined;
    if (!salt) return undefined;
    const given = Buffer.from(hashAccessKey(key, salt), 'hex');
    let found: StoredApiToken | undefined;
    for (const token of tokens) {
      const stored = Buffer.from(token.accessKey, 'hex');
      if (stored.length === given.length && timingSafeEqual(stored, given)) found = token;
    }
    return found;
  }

  /** Record a use, at most hourly. */
  async touch(token: StoredApiToken, now = Date.now()): Promise<void> {
    if (token.lastUsedAt && now - Date.parse(token.lastUsedAt) < TOUCH_INTERVAL) return;
    await this.store.editToken(token.id, (current) => { current.lastUsedAt = new Date(now).toISOString(); });
  }
}

/**
 * When the next use of `token` is to be recorded (ms), this use included: an hour after its last recorded use, or an
 * hour from now when this one is (`touch`). A cache of verified keys looks at the token again then, so a token in
 * constant use still gets its `lastUsedAt` moved hourly, as Strapi's.
 */
export function nextUseToRecord(token: Pick<StoredApiToken, 'lastUsedAt'>, now = Date.now()): number {
  const due = token.lastUsedAt ? Date.parse(token.lastUsedAt) + TOUCH_INTERVAL : now;
  return due > now ? due : now + TOUCH_INTERVAL;
}

export const isExpired = (token: Pick<StoredApiToken, 'expiresAt'>, now = Date.now()): boolean =>
  token.expiresAt !== null && Date.parse(token.expiresAt) <= now;
