// PUT /api/users/:id, users-permissions' user update (recorded in test/extensions/internal-lms: write.users.*): granted
// to no role by default (403 to a signed-in user and the Public role), the full-access token changes the user's own
// fields and role and is answered the user with its role; Strapi's checks (unknown id, taken username) hold.
import { beforeAll, describe, expect, it } from 'vitest';
import { authSite, bearer, errorBody, PASSWORD, type AuthSite } from './helpers.js';

let site: AuthSite;
beforeAll(async () => { site = await authSite({ auth: { rateLimit: { enabled: false } } }); });
const put = (path: string, body: unknown, headers: Record<string, string> = {}) => site.sendJson('PUT', path, body, headers);

describe('PUT /api/users/:id', () => {
  it('answers 403 to the user itself and to the Public role, changing nothing', async () => {
    const self = await put(`/api/users/${site.user.id}`, { username: 'ada2' }, bearer(site.jwt));
    expect(self.status).toBe(403);
    expect(self.body).toEqual(errorBody(403, 'ForbiddenError', 'Forbidden'));
    expect((await put(`/api/users/${site.user.id}`, { username: 'ada2' })).status).toBe(403);
    expect(site.cms.auth.users.byId(site.user.id)?.username).toBe('ada');
  });

  it('changes the user for the full-access token and answers it with its role', async () => {
    const { status, body } = await put(`/api/users/${site.user.id}`, { username: 'ada-l', blocked: false }, bearer(site.keys.fullAccess));
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: site.user.id, username: 'ada-l', email: 'ada@example.com', role: { type: 'authenticated' } });
    expect(body.password).toBeUndefined();
    const stored = site.cms.auth.users.byId(site.user.id)!;
    expect(stored.username).toBe('ada-l');
    expect(await site.cms.auth.users.checkPassword(stored, PASSWORD)).toBe(true);
  });

  it('answers an unknown id 404 and a taken username 400, as Strapi does', async () => {
    const missing = await put('/api/users/999999', { username: 'x' }, bearer(site.keys.fullAccess));
    expect(missing.body).toEqual(errorBody(404, 'NotFoundError', 'User not found'));
    const other = await site.cms.auth.users.add({ username: 'bea', email: 'bea@example.com', password: PASSWORD });
    const taken = await put(`/api/users/${other.id}`, { username: 'ada-l' }, bearer(site.keys.fullAccess));
    expect(taken.body).toEqual(errorBody(400, 'ApplicationError', 'Username already taken'));
  });
});
