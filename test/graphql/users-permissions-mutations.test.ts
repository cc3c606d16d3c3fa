// The users-permissions plugin's CRUD mutations over GraphQL: createUsersPermissionsUser / updateUsersPermissionsUser
// run the user controller's rules (core/auth/user-admin.ts) behind its scopes; the role mutations answer for the
// config's two fixed roles. Never a password or token in an answer; refused without the grant.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cms } from '../../core/cms.js';
import { createCms } from '../../core/cms.js';
import { createApp } from '../../core/http/app.js';
import { tempDir } from '../studio/git-site.js';

const ENV = { CMS_JWT_SECRET: 'up-mutations-jwt-secret-0123456789abcdef0123', CMS_API_TOKEN_SALT: 'up-mutations-salt-0123456789abcdef01234567' };
let root = '';
let cms: Cms;
let app: ReturnType<typeof createApp>;
let token = '';
let ada: { jwt: string; id: number };

const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
async function send(path: string, body: unknown, bearer?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) };
  const response = await app.request(path, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}
const gql = (query: string, bearer?: string) => send('/graphql', { query }, bearer);
const errorOf = (answer: { body: { errors?: Array<{ message: string; extensions: { code: string } }> } }) =>
  answer.body.errors && { message: answer.body.errors[0].message, code: answer.body.errors[0].extensions.code };

beforeAll(async () => {
  root = tempDir('cms-graphql-up-mutations-');
  write('cms.config.json', JSON.stringify({ permissions: { public: {} }, graphql: { enabled: true } }));
  write('schemas/api/tag/content-types/tag/schema.json', JSON.stringify({
    kind: 'collectionType', collectionName: 'tags', options: { draftAndPublish: false },
    info: { singularName: 'tag', pluralName: 'tags', displayName: 'Tag' }, attributes: { name: { type: 'string' } },
  }));
  cms = await createCms({ root, env: ENV, reportProblems: false });
  app = createApp(cms, { log: () => {} });
  token = (await cms.auth.tokens.create({ name: 'full', type: 'full-access' })).accessKey;
  const signedUp = await send('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'correct-horse' });
  ada = { jwt: signedUp.body.jwt, id: signedUp.body.user.id };
});

afterAll(async () => {
  await cms?.close();
  rmSync(root, { recursive: true, force: true });
});

const CREATE = 'mutation { createUsersPermissionsUser(data: { username: "hal", email: "HAL@example.com", password: "hal-password", role: "1" }) '
  + '{ data { username email confirmed blocked provider role { name } } } }';

describe('createUsersPermissionsUser and updateUsersPermissionsUser', () => {
  it('refuses the Public role and a signed-in user without the grant', async () => {
    expect(errorOf(await gql(CREATE))).toEqual({ message: 'Forbidden access', code: 'FORBIDDEN' });
    expect(errorOf(await gql(CREATE, ada.jwt))).toEqual({ message: 'Forbidden access', code: 'FORBIDDEN' });
    // a user updating another (or itself) through the admin mutation: refused, the account unchanged
    const other = await gql(`mutation { updateUsersPermissionsUser(id: "${ada.id}", data: { blocked: true }) { data { blocked } } }`, ada.jwt);
    expect(errorOf(other)).toEqual({ message: 'Forbidden access', code: 'FORBIDDEN' });
    expect(cms.auth.users.byId(ada.id)!.blocked).toBe(false);
  });

  it('validates as the user controller does: role and the credentials required', async () => {
    const noRole = await gql('mutation { createUsersPermissionsUser(data: { username: "x", email: "x@example.com", password: "x" }) { data { username } } }', token);
    expect(errorOf(noRole)).toEqual({ message: 'role is a required field', code: 'BAD_USER_INPUT' });
    const missing = await gql('mutation { createUsersPermissionsUser(data: { username: "ivy", role: "1" }) { data { username } } }', token);
    expect(missing.body.errors[0].extensions.error.details.errors.map((error: { path: string[] }) => error.path)).toEqual([['email'], ['password']]);
  });

  it('creates an unconfirmed user with a hashed password, answering without it', async () => {
    const created = await gql(CREATE, token);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ data: { createUsersPermissionsUser: { data: {
      username: 'hal', email: 'hal@example.com', confirmed: false, blocked: false, provider: 'local', role: { name: 'Authenticated' },
    } } } });
    const stored = cms.auth.users.byIdentifier('hal')!;
    expect(stored.password).not.toContain('hal-password');
    expect(await cms.auth.users.checkPassword(stored, 'hal-password')).toBe(true);
    expect(errorOf(await gql(CREATE, token))).toEqual({ message: 'Email already taken', code: 'STRAPI_APPLICATION_ERROR' });
  });

  it('updates a user, refusing an unknown id and a taken email', async () => {
    const updated = await gql(`mutation { updateUsersPermissionsUser(id: "${ada.id}", data: { username: "ada-l", password: "new-password" }) `
      + '{ data { username } } }', token);
    expect(updated.body).toEqual({ data: { updateUsersPermissionsUser: { data: { username: 'ada-l' } } } });
    expect((await send('/api/auth/local', { identifier: 'ada-l', password: 'new-password' })).status).toBe(200);
    const missing = await gql('mutation { updateUsersPermissionsUser(id: "999999", data: { username: "x" }) { data { username } } }', token);
    expect(errorOf(missing)).toEqual({ message: 'User not found', code: 'STRAPI_NOT_FOUND_ERROR' });
    const taken = await gql(`mutation { updateUsersPermissionsUser(id: "${ada.id}", data: { email: "hal@example.com" }) { data { username } } }`, token);
    expect(errorOf(taken)).toEqual({ message: 'Email already taken', code: 'STRAPI_APPLICATION_ERROR' });
  });
});

describe('deleteUsersPermissionsUser', () => {
  it('refuses without the grant, removes the user with the grant, and answers a 204 with no body for no one', async () => {
    const made = await cms.auth.users.add({ username: 'eve', email: 'eve@example.com', password: 'eve-password' });
    const signedIn = await send('/api/auth/local', { identifier: 'eve', password: 'eve-password' });
    const remove = `mutation { deleteUsersPermissionsUser(id: "${made.id}") { data { username email confirmed } } }`;
    expect(errorOf(await gql(remove))).toEqual({ message: 'Forbidden access', code: 'FORBIDDEN' });
    expect(cms.auth.users.byId(made.id)).toBeDefined();
    const removed = await gql(remove, token);
    expect(removed).toEqual({ status: 200, body: { data: { deleteUsersPermissionsUser: { data: {
      username: 'eve', email: 'eve@example.com', confirmed: true,
    } } } } });
    expect(cms.auth.users.byId(made.id)).toBeUndefined();
    // the removed user's JWT names no one any more
    expect((await app.request('/api/users/me', { headers: { authorization: `Bearer ${signedIn.body.jwt}` } })).status).toBe(401);
    const again = await app.request('/graphql', {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query: remove }),
    });
    expect([again.status, again.headers.get('content-type'), await again.text()]).toEqual([204, null, '']);
  });
});

describe('the role mutations', () => {
  it('refuse without the grant, and name an unknown role as not found', async () => {
    expect(errorOf(await gql('mutation { createUsersPermissionsRole(data: { name: "Nope" }) { ok } }'))).toEqual({ message: 'Forbidden access', code: 'FORBIDDEN' });
    const missing = await gql('mutation { updateUsersPermissionsRole(id: "999", data: { name: "X" }) { ok } }', token);
    expect(errorOf(missing)).toEqual({ message: 'Role not found', code: 'STRAPI_NOT_FOUND_ERROR' });
    expect(errorOf(await gql('mutation { deleteUsersPermissionsRole(id: "999") { ok } }', token)))
      .toEqual({ message: 'Role not found', code: 'STRAPI_NOT_FOUND_ERROR' });
  });

  it('refuse to change the config\'s own roles rather than pretend', async () => {
    const fixed = await gql('mutation { deleteUsersPermissionsRole(id: "1") { ok } }', token);
    expect(errorOf(fixed)?.code).toBe('STRAPI_APPLICATION_ERROR');
    const roles = await gql('{ usersPermissionsRoles { name } }', token);
    expect(roles.body.data.usersPermissionsRoles.map((role: { name: string }) => role.name)).toEqual(['Authenticated', 'Public']);
  });
});

describe('review workflows, which this CMS has none of', () => {
  it('lists none to a caller with the grant, refuses the Public role, and keeps refusing to write one', async () => {
    const lists = await gql('{ reviewWorkflowsWorkflows { name } reviewWorkflowsWorkflowStages { name } }', token);
    expect(lists.body).toEqual({ data: { reviewWorkflowsWorkflows: [], reviewWorkflowsWorkflowStages: [] } });
    expect(errorOf(await gql('{ reviewWorkflowsWorkflows { name } }'))).toEqual({ message: 'Forbidden access', code: 'FORBIDDEN' });
    const write = await gql('mutation { createReviewWorkflowsWorkflow(data: { name: "w", contentTypes: [] }) { name } }', token);
    expect(errorOf(write)?.code).toBe('STRAPI_APPLICATION_ERROR');
  });
});
