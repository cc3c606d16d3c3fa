import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyJwt } from '../../core/auth/jwt.js';
import { authSite, bearer, errorBody, TEST_ENV, type AuthSite } from '../auth/helpers.js';

/**
 * Issue 11, Low: a JWT without `exp` was accepted, so a token signed once (or leaked) worked
 * forever. Every JWT this project issues carries `exp`; one without it, or with a non-numeric one,
 * is refused like any invalid token (401).
 */

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An HS256 JWT signed with the site's own secret, with exactly `payload`. */
function signed(payload: Record<string, unknown>, secret = TEST_ENV.CMS_JWT_SECRET): string {
  const body = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

let site: AuthSite;
beforeAll(async () => {
  site = await authSite();
});

const now = () => Math.floor(Date.now() / 1000);

describe('JWTs must expire', () => {
  it('a correctly signed JWT with a future exp is accepted (the test signs as the site does)', async () => {
    const { status, body } = await site.getJson(
      '/api/users/me', { headers: bearer(signed({ id: site.user.id, iat: now(), exp: now() + 60 })) },
    );
    expect(status).toBe(200);
    expect(body.username).toBe('ada');
  });

  it.each([
    ['without exp', () => ({ id: site.user.id, iat: now() })],
    ['with exp as text', () => ({ id: site.user.id, iat: now(), exp: String(now() + 60) })],
    ['with exp null', () => ({ id: site.user.id, iat: now(), exp: null })],
    ['with exp in the past', () => ({ id: site.user.id, iat: now() - 120, exp: now() - 60 })],
  ])('a correctly signed JWT %s is a 401', async (_name, payload) => {
    const { status, body } = await site.getJson('/api/users/me', { headers: bearer(signed(payload())) });
    expect({ status, body }).toEqual({ status: 401, body: errorBody(401, 'UnauthorizedError', 'Missing or invalid credentials') });
  });

  it('verifyJwt refuses a payload without exp', () => {
    expect(verifyJwt(signed({ id: 1, iat: 1 }, 'k'), 'k')).toBeUndefined();
  });
});
