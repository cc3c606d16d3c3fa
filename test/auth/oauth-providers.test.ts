// Strapi's OAuth provider routes with no provider enabled (this server has no grant settings): `GET /api/connect/:provider`
// and a provider's `GET /api/auth/:provider/callback` answer Strapi's 400 "This provider is disabled", `local`'s callback is
// the sign-in's validation (recorded in test/extensions/internal-lms: provider.*). Also `/api/users/me` for a caller with
// no user: Strapi's 401 comes before any check of the query (recorded: auth.users.me.goals.token).
import { beforeAll, describe, expect, it } from 'vitest';
import { authSite, bearer, errorBody, type AuthSite } from './helpers.js';

let site: AuthSite;
beforeAll(async () => { site = await authSite({ auth: { rateLimit: { enabled: false } } }); });

describe('OAuth providers, none enabled', () => {
  it.each(['/api/connect/google', '/api/connect/nope', '/api/auth/github/callback', '/api/auth/google/callback?access_token=abc'])(
    '%s answers 400 This provider is disabled, to the Public role', async (path) => {
      const { status, body } = await site.getJson(path);
      expect(status).toBe(400);
      expect(body).toEqual(errorBody(400, 'ApplicationError', 'This provider is disabled'));
    });

  it('answers the local callback as the sign-in: its body is validated', async () => {
    const { status, body } = await site.getJson('/api/auth/local/callback');
    expect(status).toBe(400);
    expect(body.error.message).toBe('2 errors occurred');
    expect(body.error.details.errors.map((error: { path: string[] }) => error.path)).toEqual([['identifier'], ['password']]);
  });
});

describe('GET /api/users/me', () => {
  it('answers a token (no user) 401 even when the query would be refused', async () => {
    const { status, body } = await site.getJson('/api/users/me?populate[nope][fields][0]=x', { headers: bearer(site.keys.fullAccess) });
    expect(status).toBe(401);
    expect(body).toEqual(errorBody(401, 'UnauthorizedError', 'Unauthorized'));
  });

  it('still refuses an unknown populate key for a signed-in user', async () => {
    const { status, body } = await site.getJson('/api/users/me?populate[nope][fields][0]=x', { headers: bearer(site.jwt) });
    expect(status).toBe(400);
    expect(body.error.message).toBe('Invalid key nope');
  });
});
