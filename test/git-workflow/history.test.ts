import { mkdirSync, mkdtempSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type TestServer } from '../helpers/project.js';
import { cms, editJson, git, initRepo, writableSample } from './helpers.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

/** Tag "Coffee" (JSON). */
const COFFEE = 'b2hjgyg2kdh9a72boali13fe';
/** Article "The best coffee in Rome" (en + fr). */
const ROME = 'jfsgk21o4wtsoknlvf65xsrj';
const TOKEN_ENV = { CMS_API_TOKEN_SALT: 'test-salt-0123456789abcdef0123456789abcdef',
  CMS_JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789abcdef' };

let root: string;
let server: TestServer;
/** Commits of the coffee tag, oldest first: initial content, then two renames. */
const versions: string[] = [];

beforeAll(async () => {
  root = writableSample();
  editJson(root, 'cms.config.json', (config) => {
    config.permissions.public['api::author.author'] = ['find']; // authors: no findOne
    config.permissions.authenticated = { 'api::tag.tag': ['find', 'findOne', 'update'] };
  });
  versions.push(initRepo(root));
  server = await startApp(root, { gitCommit: true, env: TOKEN_ENV, report: () => {} });
  for (const name of ['Coffee beans', 'Coffee roasts']) {
    expect((await server.sendJson('PUT', `/api/tags/${COFFEE}`, { data: { name } })).status).toBe(200);
    versions.push(git(root, 'rev-parse', 'HEAD'));
  }
  expect((await server.sendJson('PUT', `/api/articles/${ROME}?locale=fr`, { data: { title: 'Le café de Rome' } })).status).toBe(200);
});

const history = (...args: string[]) => cms(['history', ...args, '--root', root]);

describe('cms history', () => {
  it('lists a document\'s versions newest first: commit, author, date, message', async () => {
    const { code, stdout } = await history('tags', COFFEE);
    expect(code).toBe(0);
    const list = JSON.parse(stdout);
    expect(list.map((entry: { commit: string }) => entry.commit)).toEqual([...versions].reverse());
    expect(list[0]).toEqual({ commit: versions[2], author: 'public', email: 'public@cms.local',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/), message: `Update api::tag.tag ${COFFEE}` });
    expect(list[2]).toMatchObject({ author: 'Test Runner', message: 'Initial content' });
  });

  it('--at <commit> prints the document as it was, in the API shape', async () => {
    const { code, stdout } = await history('tags', COFFEE, '--at', versions[1]);
    expect(code).toBe(0);
    const current = (await server.getJson(`/api/tags/${COFFEE}`)).body.data;
    expect(JSON.parse(stdout))
      .toEqual({ ...current, name: 'Coffee beans', updatedAt: expect.any(String), publishedAt: expect.any(String) });
    expect(JSON.parse((await history('tags', COFFEE, '--at', versions[0].slice(0, 8))).stdout).name).toBe('Coffee');
    expect(JSON.parse((await history('tags', COFFEE, '--at', 'HEAD~2')).stdout).name).toBe('Coffee beans');
  });

  it('--at with --locale reads that locale\'s file at the commit', async () => {
    expect(JSON.parse((await history('articles', ROME, '--at', versions[2], '--locale', 'fr')).stdout).title)
      .toBe('Le meilleur café de Rome');
    expect(JSON.parse((await history('articles', ROME, '--at', 'HEAD', '--locale', 'fr')).stdout).title).toBe('Le café de Rome');
    expect(JSON.parse((await history('articles', ROME, '--at', 'HEAD')).stdout).title).toBe('The best coffee in Rome');
  });

  it('keeps the history of a deleted document, so it can be restored by an ordinary create or update', async () => {
    const local = writableSample();
    initRepo(local);
    const app = await startApp(local, { gitCommit: true, report: () => {} });
    expect((await app.request('/api/tags/s5que6tw9xi8hjptbh0q4ood', { method: 'DELETE' })).status).toBe(204);
    const run = (...args: string[]) => cms(['history', ...args, '--root', local]);
    const list = JSON.parse((await run('tags', 's5que6tw9xi8hjptbh0q4ood')).stdout);
    expect(list.map((entry: { message: string }) => entry.message))
      .toEqual(['Delete api::tag.tag s5que6tw9xi8hjptbh0q4ood', 'Initial content']);
    expect(JSON.parse((await run('tags', 's5que6tw9xi8hjptbh0q4ood', '--at', list[1].commit)).stdout).documentId)
      .toBe('s5que6tw9xi8hjptbh0q4ood');
  });

  it('works for a project in a subfolder of the repository', async () => {
    const outer = mkdtempSync(join(tmpdir(), 'cms-mono-'));
    const site = writableSample();
    mkdirSync(join(outer, 'apps'));
    renameSync(site, join(outer, 'apps/site'));
    const head = initRepo(outer);
    const list = JSON.parse((await cms(['history', 'tags', COFFEE, '--root', join(outer, 'apps/site')])).stdout);
    expect(list.map((entry: { commit: string }) => entry.commit)).toEqual([head]);
    const at = await cms(['history', 'tags', COFFEE, '--at', head, '--root', join(outer, 'apps/site')]);
    expect(at.stderr).toBe('');
    expect(JSON.parse(at.stdout).name).toBe('Coffee');
  });

  it.each([
    ['an unknown type', ['nothings', 'x'], 1, /Unknown content type "nothings"/],
    ['a malformed commit', ['tags', COFFEE, '--at', 'HEAD;rm -rf'], 1, /400 ValidationError: Invalid commit/],
    ['a commit that does not exist', ['tags', COFFEE, '--at', 'deadbeefdeadbeef'], 1,
      /400 ValidationError: Unknown commit "deadbeefdeadbeef"/],
    ['a document absent at that commit', ['tags', 'nosuchtag', '--at', 'HEAD'], 1, /404 NotFoundError/],
    ['an unknown document', ['tags', 'nosuchtag'], 1, /404 NotFoundError/],
    ['a collection type without documentId', ['tags'], 2, /give the documentId/],
  ])('fails on %s', async (_case, args, code, message) => {
    const result = await history(...args);
    expect(result.stderr).toMatch(message);
    expect(result.code).toBe(code);
  });

  it('fails outside a git repository', async () => {
    const result = await cms(['history', 'tags', COFFEE, '--root', writableSample()]);
    expect(result.stderr).toMatch(/is not a git repository/);
    expect(result.code).toBe(2);
  });
});

describe('GET /api/_cms/:plural/:documentId/history[/:commit]', () => {
  it('answers the versions in the Strapi envelope, as the CLI lists them (e-mails to API tokens only)', async () => {
    const { accessKey } = await server.cms.auth.tokens.create({ name: 'history-reader', type: 'full-access' });
    const { status, body } = await server.getJson(`/api/_cms/tags/${COFFEE}/history`,
      { headers: { authorization: `Bearer ${accessKey}` } });
    expect(status).toBe(200);
    expect(body).toEqual({ data: JSON.parse((await history('tags', COFFEE)).stdout), meta: {} });
  });

  it('never shows editors\' e-mails to the Public role or to signed-in users (issue 11)', async () => {
    const cli: { email: string }[] = JSON.parse((await history('tags', COFFEE)).stdout);
    const withoutEmails = cli.map(({ email: _email, ...entry }) => entry);
    const anonymous = await server.getJson(`/api/_cms/tags/${COFFEE}/history`);
    expect(anonymous).toEqual({ status: 200, body: { data: withoutEmails, meta: {} } });
    expect(JSON.stringify(anonymous.body)).not.toContain('@');
    const user = await server.cms.auth.users.add({ username: 'reader', email: 'reader@example.com', password: 'correct horse battery' });
    const signedIn = await server.getJson(`/api/_cms/tags/${COFFEE}/history`,
      { headers: { authorization: `Bearer ${server.cms.auth.issueJwt(user)}` } });
    expect(signedIn).toEqual({ status: 200, body: { data: withoutEmails, meta: {} } });
  });

  it('answers the document at a commit, with the locale and status asked for', async () => {
    const { status, body } = await server.getJson(`/api/_cms/tags/${COFFEE}/history/${versions[0]}`);
    expect(status).toBe(200);
    expect(body).toEqual({ data: expect.objectContaining({ documentId: COFFEE, name: 'Coffee' }), meta: { commit: versions[0] } });
    expect((await server.getJson(`/api/_cms/articles/${ROME}/history/${versions[2]}?locale=fr`)).body.data.title)
      .toBe('Le meilleur café de Rome');
  });

  it('answers the draft with ?status=draft', async () => {
    const release = 'ws1hnjhoh5q7f19uq4u5e8yo';
    const [published, draft] = await Promise.all(
      ['', '?status=draft'].map((query) => server.getJson(`/api/_cms/articles/${release}/history/${versions[0]}${query}`)),
    );
    expect(published.body.data)
      .toMatchObject({ description: 'Fifty-three issues closed, two new ones opened. A good week.', publishedAt: expect.any(String) });
    expect(draft.body.data).toMatchObject({ description: 'Fifty-four issues closed (one more after the party).', publishedAt: null });
  });

  it('serves a single type by its singular API id', async () => {
    const { status, body } = await server.getJson('/api/_cms/global/history');
    expect(status).toBe(200);
    expect(body.data.map((entry: { message: string }) => entry.message)).toEqual(['Initial content']);
  });

  it.each([
    ['a type the caller may not findOne', `/api/_cms/authors/g5nep3nk2vklh3r9oo6o7oju/history`, 403, 'ForbiddenError'],
    ['an unknown document', '/api/_cms/tags/nosuchtag/history', 404, 'NotFoundError'],
    ['an unknown type', '/api/_cms/nothings/x/history', 404, 'NotFoundError'],
    ['a malformed commit', `/api/_cms/tags/${COFFEE}/history/not-a-commit`, 400, 'ValidationError'],
    ['a commit that does not exist', `/api/_cms/tags/${COFFEE}/history/deadbeefdeadbeef`, 400, 'ValidationError'],
    ['a document absent at that commit', `/api/_cms/tags/nosuchtag/history/${versions[0] ?? 'HEAD'}`, 404, 'NotFoundError'],
    ['a path below a commit', `/api/_cms/tags/${COFFEE}/history/HEAD/more`, 404, 'NotFoundError'],
  ])('answers %s with %i', async (_case, path, status, name) => {
    const response = await server.getJson(path);
    expect(response.status).toBe(status);
    expect(response.body.error.name).toBe(name);
  });

  it('answers 405 to another method, listing HEAD and GET as koa-router does', async () => {
    const response = await server.request(`/api/_cms/tags/${COFFEE}/history`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('HEAD, GET');
  });

  it('needs update on the type: findOne is not enough (issue 35), a token that may update reads it', async () => {
    const path = '/api/_cms/authors/g5nep3nk2vklh3r9oo6o7oju/history';
    const reader = await server.cms.auth.tokens.create({ name: 'reader', type: 'read-only' });
    expect((await server.getJson(path, { headers: { authorization: `Bearer ${reader.accessKey}` } })).status).toBe(403);
    const editor = await server.cms.auth.tokens.create({ name: 'editor', type: 'full-access' });
    const response = await server.getJson(path, { headers: { authorization: `Bearer ${editor.accessKey}` } });
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(1);
  });
});
