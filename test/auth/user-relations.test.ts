// Relations to plugin::users-permissions.user read the auth state's users as rows (core/auth/user-rows.ts): a user
// registered or changed after the start is seen by the next request, the Public role sees users only when granted
// `find` on them, and a two-sided relation to users (which needs Strapi's user schema extended) is refused by name.
// Strapi's own answers are replayed in test/extensions/user-targets.test.ts.
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/program.js';
import { createCms } from '../../core/cms.js';
import { createApp } from '../../core/http/app.js';
import { modelForPath } from '../../core/index/load.js';
import { makeProject } from '../helpers/project.js';

const ENV = { CMS_JWT_SECRET: 'user-relations-jwt-secret-0123456789abcdef0123456789', CMS_API_TOKEN_SALT: 'user-relations-salt-0123456789abcdef' };
const shop = (owner: Record<string, unknown>) => ({
  kind: 'collectionType', collectionName: 'shops', info: { singularName: 'shop', pluralName: 'shops', displayName: 'Shop' },
  options: { draftAndPublish: false },
  attributes: { name: { type: 'string' }, owner: { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.user', ...owner } },
});

async function start(grants: Record<string, string[]>) {
  const root = makeProject({
    'schemas/api/shop/content-types/shop/schema.json': shop({}),
    'cms.config.json': { permissions: { public: { 'api::shop.shop': ['find'], ...grants } } },
  });
  const cms = await createCms({ root, env: ENV });
  const app = createApp(cms, { log: () => {} });
  const token = (await cms.auth.tokens.create({ name: 'writer', type: 'full-access' })).accessKey;
  const send = async (path: string, init: { method?: string; body?: unknown; auth?: boolean } = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (init.auth !== false) headers.authorization = `Bearer ${token}`;
    const response = await app.request(path, { method: init.method ?? 'GET', headers, body: init.body && JSON.stringify(init.body) });
    return { status: response.status, body: await response.json() };
  };
  return { cms, send };
}

describe('relations to users-permissions users', () => {
  it('relates a user registered after the start by id, and shows a changed username on the next read', async () => {
    const { cms, send } = await start({});
    const registered = await send('/api/auth/local/register', {
      method: 'POST', auth: false, body: { username: 'ann', email: 'ann@example.com', password: 'correct-horse' } });
    expect(registered.status).toBe(200);
    const created = await send('/api/shops', { method: 'POST', body: { data: { name: 'Ann\'s', owner: registered.body.user.id } } });
    expect(created.status).toBe(201);
    const read = await send('/api/shops?fields[0]=name&populate[owner][fields][0]=username');
    expect(read.body.data[0].owner).toEqual({ id: registered.body.user.id, documentId: registered.body.user.documentId, username: 'ann' });
    await cms.auth.users.edit(registered.body.user.id, (user) => { user.username = 'annie'; });
    const again = await send('/api/shops?fields[0]=name&populate[owner][fields][0]=username');
    expect(again.body.data[0].owner.username).toBe('annie');
    await cms.close();
  });

  it('leaves users out for the Public role unless it is granted find on them', async () => {
    for (const [grants, shown] of [[{}, false], [{ 'plugin::users-permissions.user': ['find'] }, true]] as const) {
      const { cms, send } = await start(grants);
      const user = await cms.auth.users.add({ username: 'bob', email: 'bob@example.com', password: 'correct-horse' });
      await send('/api/shops', { method: 'POST', body: { data: { name: 'Bob\'s', owner: user.documentId } } });
      const read = await send('/api/shops?fields[0]=name&populate=owner', { auth: false });
      expect(read.status).toBe(200);
      expect('owner' in read.body.data[0]).toBe(shown);
      if (shown) expect(read.body.data[0].owner).not.toHaveProperty('password');
      await cms.close();
    }
  });

  it('passes `cms validate` on content relating a user this clone has no state for (users live outside Git)', async () => {
    const root = makeProject({
      'schemas/api/shop/content-types/shop/schema.json': shop({}), 'cms.config.json': {},
      'content/shops/aaaaaaaaaaaaaaaaaaaaaaaa.json': { name: 'Elsewhere', owner: 'zzzzzzzzzzzzzzzzzzzzzzzz' },
    });
    let printed = '';
    const write = (text: string) => { printed += text; return true; };
    const code = await runCli(['validate', '--root', root], { stdout: { write }, stderr: { write }, cwd: tmpdir(),
      env: { ...process.env, CMS_ROOT: undefined } });
    expect(printed).toContain('ok: 1 rows in 1 content types');
    expect(code).toBe(0);
  });

  it('reports a committed content/users/ file as a problem, never as a user a relation can connect or a grant lists', async () => {
    const root = makeProject({
      'schemas/api/shop/content-types/shop/schema.json': shop({}),
      'cms.config.json': { permissions: { public: { 'plugin::users-permissions.user': ['find'] } } },
      'content/users/ffffffffffffffffffffffff.json': { username: 'mallory', email: 'mallory@example.com', confirmed: true },
    });
    const cms = await createCms({ root, env: ENV });
    const app = createApp(cms, { log: () => {} });
    const token = (await cms.auth.tokens.create({ name: 'writer', type: 'full-access' })).accessKey;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    expect(cms.index.problems.get('content/users/ffffffffffffffffffffffff.json')?.message).toContain('no content type has the folder "users"');
    expect(cms.index.rows('plugin::users-permissions.user').map((row) => row.documentId)).not.toContain('ffffffffffffffffffffffff');
    // The watcher, the merge driver and Git's reads ask the same question: neither folder belongs to a type.
    expect([modelForPath(cms.models, 'content/users/x.json'), modelForPath(cms.models, 'content/roles/x.json')]).toEqual([undefined, undefined]);
    const created = await app.request('/api/shops', { method: 'POST', headers,
      body: JSON.stringify({ data: { name: 'Fake', owner: { connect: ['ffffffffffffffffffffffff'] } } }) });
    expect(created.status).toBe(400);
    expect(cms.index.rows('api::shop.shop')).toHaveLength(0);
    await cms.close();
  });

  it('refuses a two-sided relation to users, naming the attribute', async () => {
    const root = makeProject({ 'schemas/api/shop/content-types/shop/schema.json': shop({ inversedBy: 'shops' }), 'cms.config.json': {} });
    await expect(createCms({ root, env: ENV })).rejects.toThrow(
      /attribute "owner": a relation to plugin::users-permissions.user is one-way here \(no mappedBy or inversedBy\)/);
  });
});
