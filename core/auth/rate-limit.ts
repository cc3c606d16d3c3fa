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

interface Window {
  start: number;
  hits: number;
}

/**
 * A fixed-window counter per key (IP + path), in memory, as koa2-ratelimit's memory store.
 * Expired windows are pruned as new ones open, so the map never outgrows the keys of one window.
 *
 * @example
 * const limiter = new RateLimiter({ enabled: true, interval: 60_000, max: 10 });
 * limiter.hit('127.0.0.1 /api/auth/local') // throws RateLimitError on the 11th hit within a minute
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private lastPrune = 0;

  constructor(private readonly options: RateLimitOptions, private readonly now: () => number = Date.now) {}

  hit(key: string): void {
    if (!this.options.enabled) return;
    const now = this.now();
    this.prune(now);
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.options.interval) {
      window = { start: now, hits: 0 };
      this.windows.set(key, window);
    }
    window.hits += 1;
    if (window.hits > this.options.max) {
      throw new RateLimitError(Math.max(1, Math.ceil((window.start + this.options.interval - now) / 1000)));
    }
  }

  private prune(now: number): void {
    if (now - this.lastPrune < this.options.interval) return;
    this.lastPrune = now;
    for (const [key, window] of this.windows) if (now - window.start >= this.options.interval) this.windows.delete(key);
  }
}
