import { createHash } from 'node:crypto';
import { CmsError, type ErrorDetails } from '../errors.js';

/** Strapi's `RateLimitError` (users-permissions auth routes): 429 with its fixed message. */
export class RateLimitError extends CmsError {
  /** Seconds until the window resets, for `Retry-After`. */
  readonly retryAfter: number;
  constructor(retryAfter: number, details: ErrorDetails = {}) {
    super('Too many requests, please try again later.', 429, details, 'RateLimitError');
    this.retryAfter = retryAfter;
  }
}

export interface RateLimitOptions {
  enabled: boolean;
  /** Window length in ms. */
  interval: number;
  /** Requests allowed per key and window. */
  max: number;
}

/** One key's window after a hit: the hits in it so far (this one counted) and the ms until it resets. */
export interface WindowCount {
  hits: number;
  resetInMs: number;
}

/** A count kept where every replica sees it (the PostgreSQL state store). */
export interface SharedHitCounter {
  countHit(key: string, interval: number): Promise<WindowCount>;
}

/** A shared count that takes longer than this is not waited for: the local count decides (sign-in never hangs on it). */
const SHARED_WAIT_MS = 2_000;

interface Window {
  start: number;
  hits: number;
}

/**
 * Strapi's users-permissions key (its `rateLimit` middleware): the identifier the route names (the sign-in's
 * `identifier`, register's and forgot-password's `email`; none for the others), lower-cased, the path and the
 * client address. A stranger's wrong passwords count against that stranger and that account, never another client's.
 *
 * @example
 * rateLimitKey('/auth/local', { identifier: 'Ada' }, '203.0.113.7') // 'ada:/auth/local:203.0.113.7'
 */
export function rateLimitKey(path: string, body: unknown, client: string): string {
  const field = path === '/auth/local' ? 'identifier' : path === '/auth/local/register' || path === '/auth/forgot-password' ? 'email' : '';
  const given = field && body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  const identifier = typeof given === 'string' ? given.toLowerCase() : '';
  return `${identifier}:${path}:${client}`;
}

/**
 * A fixed-window counter per key, as koa2-ratelimit's: in memory, or through a shared counter when the state store is
 * shared (one limit across replicas; the local count takes over while the store does not answer). Keys are hashed
 * (an identifier may be long, and the shared store keeps no address or email). Expired windows are pruned as new
 * ones open, so the map never outgrows the keys of one window.
 *
 * @example
 * const limiter = new RateLimiter({ enabled: true, interval: 60_000, max: 10 });
 * await limiter.hit('ada:/auth/local:127.0.0.1') // throws RateLimitError on the 11th hit within a minute
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private lastPrune = 0;

  constructor(
    private readonly options: RateLimitOptions,
    private readonly now: () => number = Date.now,
    private readonly shared?: SharedHitCounter,
  ) {}

  async hit(key: string): Promise<void> {
    if (!this.options.enabled) return;
    const hashed = createHash('sha256').update(key).digest('base64url');
    const count = (this.shared && await this.sharedCount(hashed)) || this.localCount(hashed);
    if (count.hits > this.options.max) throw new RateLimitError(Math.max(1, Math.ceil(count.resetInMs / 1000)));
  }

  private async sharedCount(key: string): Promise<WindowCount | undefined> {
    let giveUp: () => void = () => undefined;
    const late = new Promise<undefined>((resolve) => { giveUp = () => resolve(undefined); });
    const timer = setTimeout(giveUp, SHARED_WAIT_MS);
    const counted = this.shared!.countHit(key, this.options.interval).catch(() => undefined);
    try {
      return await Promise.race([counted, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private localCount(key: string): WindowCount {
    const now = this.now();
    this.prune(now);
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.options.interval) {
      window = { start: now, hits: 0 };
      this.windows.set(key, window);
    }
    window.hits += 1;
    return { hits: window.hits, resetInMs: window.start + this.options.interval - now };
  }

  private prune(now: number): void {
    if (now - this.lastPrune < this.options.interval) return;
    this.lastPrune = now;
    for (const [key, window] of this.windows) if (now - window.start >= this.options.interval) this.windows.delete(key);
  }
}
