// The plugin types kept outside the content index as GraphQL list types: users and roles read through the same query
// core and scopes as GET /api/users and /api/users-permissions/roles (never a private field), the locales as
// GET /api/i18n/locales behind its listLocales scope; each refused without the role's grant.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cms } from '../../core/cms.js';
import { createCms } from '../../core/cms.js';
import { createApp } from '../../core/http/app.js';
import { tempDir } from '../studio/git-site.js';

const ENV = { CMS_JWT_SECRET: 'up-lists-jwt-secret-0123456789abcdef0123456', CMS_API_TOKEN_SALT: 'up-lists-salt-0123456789abcdef0123456789ab' };
let root = '';
let cms: Cms;
let app: ReturnType<typeof createApp>;
let adaJwt = '';

const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
async function send(method: string, path: string, body: unknown, jwt?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) };
  const response = await app.request(path, { method, headers, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}
const gql = (query: string, jwt?: string) => send('POST', '/graphql', { query }, jwt);

beforeAll(async () => {
  root = tempDir('cms-graphql-up-lists-');
  // the public role may list users and roles; the authenticated role keeps Strapi's defaults (no user.find)
  write('cms.config.json', JSON.stringify({
    locales: ['en', 'fr', 'de'], defaultLocale: 'en',
    permissions: { public: {
      'plugin::users-permissions.user': ['find', 'findOne'], 'plugin::users-permissions.role': ['find'], 'plugin::i18n.locales': ['listLocales'],
    } },
    graphql: { enabled: true },
  }));
  write('schemas/api/tag/content-types/tag/schema.json', JSON.stringify({
    kind: 'collectionType', collectionName: 'tags', options: { draftAndPublish: false },
    info: { singularName: 'tag', pluralName: 'tags', displayName: 'Tag' }, attributes: { name: { type: 'string' } },
  }));
  cms = await createCms({ root, env: ENV, reportProblems: false });
  app = createApp(cms, { log: () => {} });
  const ada = await send('POST', '/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'correct-horse' });
  adaJwt = ada.body.jwt;
  await send('POST', '/api/auth/local/register', { username: 'Bea', email: 'bea@example.com', password: 'another-pass' });
});

afterAll(async () => {
  await cms?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('usersPermissionsUsers and usersPermissionsRoles over GraphQL', () => {
  it('lists users sorted and filtered as GET /api/users does, with their role', async () => {
    const list = await gql('{ usersPermissionsUsers(sort: "username") { username email confirmed role { name } } }');
    expect(list.body).toEqual({ data: { usersPermissionsUsers: [
      { username: 'Bea', email: 'bea@example.com', confirmed: true, role: { name: 'Authenticated' } },
      { username: 'ada', email: 'ada@example.com', confirmed: true, role: { name: 'Authenticated' } },
    ] } });
    const filtered = await gql('{ usersPermissionsUsers(filters: { username: { eq: "ada" } }) { email } }');
    expect(filtered.body).toEqual({ data: { usersPermissionsUsers: [{ email: 'ada@example.com' }] } });
  });

  it('answers the _connection with its total and one user by documentId', async () => {
    const connection = await gql('{ usersPermissionsUsers_connection(pagination: { pageSize: 1 }) { nodes { username } pageInfo { total } } }');
    expect(connection.body.data.usersPermissionsUsers_connection).toEqual({ nodes: [{ username: 'ada' }], pageInfo: { total: 2 } });
    const ada = cms.auth.users.byIdentifier('ada')!;
    const one = await gql(`{ usersPermissionsUser(documentId: "${ada.documentId}") { username } }`);
    expect(one.body).toEqual({ data: { usersPermissionsUser: { username: 'ada' } } });
    const none = await gql('{ usersPermissionsUser(documentId: "nobody") { username } }');
    expect(none.body).toEqual({ data: { usersPermissionsUser: null } });
  });

  it('never exposes the password or reset token, not even as a filter', async () => {
    const fields = await gql('{ usersPermissionsUsers { password resetPasswordToken } }');
    expect(fields.status).toBe(400);
    const filter = await gql('{ usersPermissionsUsers(filters: { password: { notNull: true } }) { email } }');
    expect(filter.status).toBe(400);
  });

  it('lists the roles sorted, each with its users', async () => {
    const roles = await gql('{ usersPermissionsRoles(sort: "name:desc") { name type users { username } } }');
    expect(roles.body).toEqual({ data: { usersPermissionsRoles: [
      { name: 'Public', type: 'public', users: [] },
      { name: 'Authenticated', type: 'authenticated', users: [{ username: 'ada' }, { username: 'Bea' }] },
    ] } });
  });

  it('refuses a caller whose role lacks the grant (a signed-in user by default)', async () => {
    const users = await gql('{ usersPermissionsUsers { username } }', adaJwt);
    expect(users.body).toEqual({ data: null, errors: [expect.objectContaining({ message: 'Forbidden access', path: ['usersPermissionsUsers'] })] });
    const roles = await gql('{ usersPermissionsRoles { name } }', adaJwt);
    expect(roles.body.errors[0].message).toBe('Forbidden access');
  });
});

describe('i18NLocales over GraphQL', () => {
  it('lists the configured locales as GET /api/i18n/locales, sorted, with the _connection total', async () => {
    const rest = await app.request('/api/i18n/locales');
    const restCodes = ((await rest.json()) as Array<{ code: string; name: string }>).map(({ code, name }) => ({ code, name }));
    const list = await gql('{ i18NLocales(sort: "code") { code name } }');
    expect(list.body).toEqual({ data: { i18NLocales: [...restCodes].sort((a, b) => a.code.localeCompare(b.code)) } });
    expect(list.body.data.i18NLocales.map((locale: { code: string }) => locale.code)).toEqual(['de', 'en', 'fr']);
    const connection = await gql('{ i18NLocales_connection(pagination: { limit: 1 }) { nodes { code } pageInfo { total } } }');
    expect(connection.body.data.i18NLocales_connection).toEqual({ nodes: [{ code: 'en' }], pageInfo: { total: 3 } });
  });

  it('refuses a caller without listLocales (the authenticated role here)', async () => {
    const refused = await gql('{ i18NLocales { code } }', adaJwt);
    expect(refused.body).toEqual({ data: null, errors: [expect.objectContaining({ message: 'Forbidden access', path: ['i18NLocales'] })] });
  });
});
