import { describe, expect, it } from 'vitest';
import { RateLimiter, RateLimitError } from '../../core/auth/rate-limit.js';
import { serve } from '../../core/http/serve.js';
import { authSite, bearer, errorBody } from './helpers.js';

const LIMITED = errorBody(429, 'RateLimitError', 'Too many requests, please try again later.');
const wrongLogin = { identifier: 'ada', password: 'wrong' };

describe('auth rate limit (10 requests per 60 s per client, path and identifier by default)', () => {
  it('answers the 11th sign-in within a minute with 429 RateLimitError and Retry-After', async () => {
    const site = await authSite();
    for (let i = 0; i < 10; i++) expect((await site.sendJson('POST', '/api/auth/local', wrongLogin)).status).toBe(400);
    const response = await site.request('/api/auth/local', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify(wrongLogin) });
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual(LIMITED);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('counts each path on its own, and leaves non-auth routes alone', async () => {
    const site = await authSite({ auth: { rateLimit: { max: 2 } } });
    for (let i = 0; i < 2; i++) await site.sendJson('POST', '/api/auth/local', wrongLogin);
    expect((await site.sendJson('POST', '/api/auth/local', wrongLogin)).body).toEqual(LIMITED);
    expect(await site.sendJson('POST', '/api/auth/forgot-password', { email: 'ada@example.com' }))
      .toEqual({ status: 200, body: { ok: true } });
    for (let i = 0; i < 5; i++) expect((await site.getJson('/api/users/me', { headers: bearer(site.jwt) })).status).toBe(200);
  });

  it('is configurable and can be switched off', async () => {
    const site = await authSite({ auth: { rateLimit: { enabled: false } } });
    for (let i = 0; i < 12; i++) {
      expect((await site.sendJson('POST', '/api/auth/forgot-password', { email: 'x@example.com' })).status).toBe(200);
    }
  });

  it('limits by client address over a real socket', async () => {
    const site = await authSite({ auth: { rateLimit: { max: 3 } } });
    const listener = await serve(site.cms, { port: 0, host: '127.0.0.1', showURL: false });
    try {
      const url = `${listener.url.replace(/\/$/, '')}/api/auth/forgot-password`;
      const send = () => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'x@example.com' }) });
      for (let i = 0; i < 3; i++) expect((await send()).status).toBe(200);
      const limited = await send();
      expect(limited.status).toBe(429);
      expect(await limited.json()).toEqual(LIMITED);
    } finally {
      await listener.close();
    }
  });
});

describe('RateLimiter', () => {
  it('opens a new window once the interval has passed', async () => {
    let now = 0;
    const limiter = new RateLimiter({ enabled: true, interval: 1000, max: 2 }, () => now);
    await limiter.hit('a');
    await limiter.hit('a');
    await expect(limiter.hit('a')).rejects.toThrow(RateLimitError);
    await limiter.hit('b');
    now = 1000;
    await expect(limiter.hit('a')).resolves.toBeUndefined();
  });

  it('counts in the shared store when there is one, and on its own while the store fails', async () => {
    const shared = { hits: 0, fail: false };
    const counter = { countHit: async () => {
      if (shared.fail) throw new Error('PostgreSQL is down');
      return { hits: ++shared.hits, resetInMs: 30_500 };
    } };
    const limiter = new RateLimiter({ enabled: true, interval: 60_000, max: 2 }, Date.now, counter);
    await limiter.hit('a');
    await limiter.hit('b');
    await expect(limiter.hit('c')).rejects.toMatchObject({ retryAfter: 31 });
    shared.fail = true;
    await limiter.hit('a');
    await limiter.hit('a');
    await expect(limiter.hit('a')).rejects.toThrow(RateLimitError);
  });
});
