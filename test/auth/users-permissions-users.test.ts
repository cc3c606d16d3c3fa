import { beforeAll, describe, expect, it } from 'vitest';
import { authSite, bearer, errorBody, PASSWORD, type AuthSite } from './helpers.js';

// The users and roles routes of users-permissions (the sign-in and account routes: users-permissions.test.ts).
const USER_KEYS = ['id', 'documentId', 'username', 'email', 'provider', 'confirmed', 'blocked', 'createdAt', 'updatedAt', 'publishedAt'];

let site: AuthSite;

beforeAll(async () => {
  site = await authSite({ auth: { rateLimit: { enabled: false } } });
});

describe('GET /api/users, /api/users/:id, /api/users/count', () => {
  let granted: AuthSite;
  beforeAll(async () => {
    granted = await authSite({ authenticated: { 'plugin::users-permissions.user': ['find', 'findOne', 'count'] } });
    await granted.cms.auth.users.add({ username: 'bob', email: 'bob@example.com', password: PASSWORD });
  });

  it('is forbidden unless the role grants it', async () => {
    expect((await site.getJson('/api/users')).body).toEqual(errorBody(403, 'ForbiddenError', 'Forbidden'));
    expect((await site.getJson('/api/users', { headers: bearer(site.jwt) })).status).toBe(403);
  });

  it('lists users bare, never with passwords', async () => {
    const { status, body } = await granted.getJson('/api/users', { headers: bearer(granted.jwt) });
    expect(status).toBe(200);
    expect(body.map((user: { username: string }) => user.username)).toEqual(['ada', 'bob']);
    for (const user of body) expect(Object.keys(user)).toEqual(USER_KEYS);
  });

  it('filters, sorts and paginates', async () => {
    const headers = bearer(granted.jwt);
    expect((await granted.getJson('/api/users?filters[username][$eq]=bob', { headers }))
      .body.map((user: { username: string }) => user.username)).toEqual(['bob']);
    expect((await granted.getJson('/api/users?sort=username:desc&limit=1', { headers }))
      .body.map((user: { username: string }) => user.username)).toEqual(['bob']);
    // only the root start/limit page a user list; pagination[…], page and pageSize change nothing
    // (recorded: users.query.pagination.*, .root.page)
    expect((await granted.getJson('/api/users?sort=username:desc&pagination[limit]=1&page=2&pageSize=1', { headers }))
      .body.map((user: { username: string }) => user.username)).toEqual(['bob', 'ada']);
    expect((await granted.getJson('/api/users?_q=BOB&filters[role][type][$eq]=authenticated&sort=role.name', { headers }))
      .body.map((user: { username: string }) => user.username)).toEqual(['bob']);
    const bad = await granted.getJson('/api/users?filters[password][$eq]=x', { headers });
    expect(bad.body).toEqual(errorBody(400, 'ValidationError', 'Invalid key password',
      { key: 'password', path: 'password', source: 'query', param: 'filters' }));
  });

  it.each([
    // recorded from Strapi 5.54: users.fields.list, .string, .one
    ['fields[0]=email&fields[1]=username', ['id', 'documentId', 'username', 'email']],
    ['fields=blocked,username', ['id', 'documentId', 'username', 'blocked']],
  ])('keeps id, documentId and the selected fields, in schema order: %s', async (query, keys) => {
    const headers = bearer(granted.jwt);
    for (const user of (await granted.getJson(`/api/users?${query}`, { headers })).body) expect(Object.keys(user)).toEqual(keys);
    expect(Object.keys((await granted.getJson(`/api/users/${granted.user.id}?${query}`, { headers })).body)).toEqual(keys);
  });

  it.each([
    // recorded: users.fields.unknown, users.fields.password
    ['fields[0]=nope', { key: 'nope', path: null, source: 'query', param: 'fields' }],
    ['fields[0]=password', { key: 'password', path: 'password', source: 'query', param: 'fields' }],
  ])('refuses an unknown or private field: %s', async (query, details) => {
    const { body } = await granted.getJson(`/api/users?${query}`, { headers: bearer(granted.jwt) });
    expect(body).toEqual(errorBody(400, 'ValidationError', `Invalid key ${details.key}`, details));
  });

  it('answers one user by numeric id, and 204 for an unknown id', async () => {
    const headers = bearer(granted.jwt);
    const { status, body } = await granted.getJson(`/api/users/${granted.user.id}`, { headers });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: granted.user.id, username: 'ada' });
    const missing = await granted.request('/api/users/999', { headers });
    expect(missing.status).toBe(204);
    expect(await missing.text()).toBe('');
  });

  it('counts users as a bare number', async () => {
    const response = await granted.request('/api/users/count?filters[username][$containsi]=B', { headers: bearer(granted.jwt) });
    expect(await response.text()).toBe('1');
  });

  it('lets a read-only token find users but not count them (count is not a read scope)', async () => {
    expect((await granted.getJson('/api/users', { headers: bearer(granted.keys.readOnly) })).status).toBe(200);
    expect((await granted.getJson('/api/users/count', { headers: bearer(granted.keys.readOnly) })).status).toBe(403);
  });
});

describe('GET /api/users-permissions/roles', () => {
  it('lists Authenticated and Public with their user counts', async () => {
    const { status, body } = await site.getJson('/api/users-permissions/roles', { headers: bearer(site.keys.readOnly) });
    expect(status).toBe(200);
    expect(body.roles.map((role: { id: number; type: string }) => [role.id, role.type])).toEqual([[1, 'authenticated'], [2, 'public']]);
    // Strapi names the count nb_users (recorded: conformance roles.list)
    expect(body.roles[0].nb_users).toBe(site.cms.auth.users.all().length);
    expect(body.roles[1].nb_users).toBe(0);
  });

  it('shows one role with its permission tree from the config', async () => {
    const { body } = await site.getJson('/api/users-permissions/roles/2', { headers: bearer(site.keys.readOnly) });
    expect(body.role).toMatchObject({ id: 2, name: 'Public', type: 'public' });
    expect(body.role.permissions['api::article'].controllers.article.find).toEqual({ enabled: true, policy: '' });
    expect(body.role.permissions['api::article'].controllers.article.create).toEqual({ enabled: false, policy: '' });
    expect(body.role.permissions['plugin::users-permissions'].controllers.auth.register).toEqual({ enabled: true, policy: '' });
  });

  it('answers 404 Role not found for an unknown id, and 403 to anonymous callers', async () => {
    expect((await site.getJson('/api/users-permissions/roles/7', { headers: bearer(site.keys.readOnly) })).body)
      .toEqual(errorBody(404, 'NotFoundError', 'Role not found'));
    expect((await site.getJson('/api/users-permissions/roles')).status).toBe(403);
  });
});
