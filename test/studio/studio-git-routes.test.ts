import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_ENV } from '../auth/helpers.js';
import { copySampleSite, startApp, type TestServer } from '../helpers/project.js';
import { addBareRemote, git, gitSampleSite, tempDir } from './git-site.js';

const ARTICLE = 'leo9mpmgjqi9e4y3lvswznjb';
const CATEGORY = 'dr53qgpqqvshydcnntpfqvew';
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const EDITOR_GRANTS = { 'api::article.article': ['find', 'findOne', 'update'], 'api::category.category': ['find', 'findOne'] };

async function site(authenticated = EDITOR_GRANTS) {
  const root = gitSampleSite(authenticated);
  const app = await startApp(root, { env: TEST_ENV, report: () => {} });
  const full = (await app.cms.auth.tokens.create({ name: 'Owner Token', type: 'full-access' })).accessKey;
  const readOnly = (await app.cms.auth.tokens.create({ name: 'reader', type: 'read-only' })).accessKey;
  return { root, app, full, readOnly };
}

/**
 * One site for the refusals (the 18 rows below, unknown keys, the Public role and a wrong token): each request is refused (400,
 * 401, 403, 404, 405) and writes nothing, so a test finds the site as the one before it left it, and no longer commits and indexes
 * a site of its own.
 */
let refusals: ReturnType<typeof site> | undefined;
const refusalSite = () => (refusals ??= site());

const retitle = (app: TestServer, key: string, title: string) =>
  app.sendJson('PUT', `/api/articles/${ARTICLE}?status=draft`, { data: { title } }, bearer(key));

describe('the Git panel routes', () => {
  it('answer 403 to the Public role (as Strapi does on a route it is not granted) and 401 to a wrong token', async () => {
    const { app } = await refusalSite();
    for (const path of ['status', 'diff?path=content/articles/x.json', 'states?type=articles', 'branches']) {
      const answer = await app.getJson(`/admin/api/git/${path}`);
      expect([path, answer.status, answer.body.error.name]).toEqual([path, 403, 'ForbiddenError']);
    }
    for (const path of ['commit', 'change-requests', 'change-requests/merge',
      'push']) expect((await app.sendJson('POST', `/admin/api/git/${path}`, {})).status).toBe(403);
    expect((await app.getJson('/admin/api/git/status', { headers: bearer('wrong') })).status).toBe(401);
  });

  it('let a read-only token see status and states, and refuse it diffs and every write with 403', async () => {
    const { app, full, readOnly } = await site();
    expect((await retitle(app, full, 'Changed')).status).toBe(200);
    const status = await app.getJson('/admin/api/git/status', { headers: bearer(readOnly) });
    expect(status.status).toBe(200);
    expect(status.body.data).toMatchObject({ branch: 'main', mayCommit: false, mayManage: false });
    expect(status.body.data.changes).toEqual([{
      path: `content/articles/${ARTICLE}.draft.json`, state: 'new', writable: false,
      document: { type: 'Article', uid: 'api::article.article', apiName: 'articles', documentId: ARTICLE, locale: 'en', draft: true,
        title: 'Changed', fields: expect.arrayContaining(['title', 'body']), created: true },
    }]);
    const diff = await app.getJson(`/admin/api/git/diff?path=content/articles/${ARTICLE}.draft.json`, { headers: bearer(readOnly) });
    expect([diff.status, diff.body.error.name]).toEqual([403, 'ForbiddenError']);
    const states = await app.getJson('/admin/api/git/states?type=articles', { headers: bearer(readOnly) });
    expect(states.body.data).toEqual({ [ARTICLE]: 'modified' });
    const unknown = await app.getJson('/admin/api/git/states?type=nope', { headers: bearer(readOnly) });
    expect([unknown.status, unknown.body.error]).toEqual([404, { status: 404, name: 'NotFoundError', message: 'Unknown content type "nope"',
      details: {} }]);
    for (const [path, body] of [['commit', { message: 'x' }], ['change-requests', { name: 'edits' }],
      ['change-requests/merge', { name: 'edits' }],
      ['push', {}]] as const) {
      const answer = await app.sendJson('POST', `/admin/api/git/${path}`, body, bearer(readOnly));
      expect([path, answer.status, answer.body.error.name]).toEqual([path, 403, 'ForbiddenError']);
    }
  });

  it('commit the changed files with the message, authored by the token, and leave a clean status', async () => {
    const { root, app, full } = await site();
    await retitle(app, full, 'Committed from the studio');
    const answer = await app.sendJson('POST', '/admin/api/git/commit', { message: 'Retitle the Norway article' }, bearer(full));
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ files: [`content/articles/${ARTICLE}.draft.json`],
      author: { name: 'Owner Token', email: 'owner-token@cms.local' } });
    expect(git(root, 'log', '-1', '--format=%H|%an <%ae>|%s'))
      .toBe(`${answer.body.data.commit}|Owner Token <owner-token@cms.local>|Retitle the Norway article`);
    expect(JSON.parse(git(root, 'show', `HEAD:content/articles/${ARTICLE}.draft.json`)).title).toBe('Committed from the studio');
    expect((await app.getJson('/admin/api/git/status', { headers: bearer(full) })).body.data.changes).toEqual([]);
    const again = await app.sendJson('POST', '/admin/api/git/commit', { message: 'again' }, bearer(full));
    expect([again.status, again.body.error.message]).toEqual([400, 'Nothing to commit: no changed file you may write']);
  });

  it('commit for an account only the files of types it may write, authored by its username and email', async () => {
    const { root, app, full } = await site();
    await app.cms.auth.users.add({ username: 'editor', email: 'editor@example.com', password: 'Correct-Horse-9' });
    const jwt = (await app.sendJson('POST', '/api/auth/local', { identifier: 'editor', password: 'Correct-Horse-9' })).body.jwt;
    await retitle(app, jwt, 'By the editor');
    await app.sendJson('PUT', `/api/categories/${CATEGORY}`, { data: { name: 'Owner change' } }, bearer(full));
    const status = await app.getJson('/admin/api/git/status', { headers: bearer(jwt) });
    expect(status.body.data.changes.map((change: { path: string; writable: boolean }) => [change.path, change.writable])).toEqual([
      [`content/articles/${ARTICLE}.draft.json`, true], [`content/categories/${CATEGORY}.json`, false],
    ]);
    const refused = await app.sendJson('POST', '/admin/api/git/commit', { message: 'x', paths: [`content/categories/${CATEGORY}.json`] },
      bearer(jwt));
    expect([refused.status, refused.body.error.message]).toEqual([403, `You may not commit content/categories/${CATEGORY}.json`]);
    const unchanged = await app.sendJson('POST', '/admin/api/git/commit',
      { message: 'x', paths: ['content/articles/b21v569v53nyjqpe0huv43m6.json'] }, bearer(jwt));
    expect([unchanged.status, unchanged.body.error.message])
      .toEqual([400, 'content/articles/b21v569v53nyjqpe0huv43m6.json has no change to commit']);
    const answer = await app.sendJson('POST', '/admin/api/git/commit', { message: 'Editor work' }, bearer(jwt));
    expect(answer.status).toBe(201);
    expect(git(root, 'log', '-1', '--format=%an <%ae>',
      '--name-only')).toBe(`editor <editor@example.com>\n\ncontent/articles/${ARTICLE}.draft.json`);
    expect(git(root, 'status', '--porcelain', '--', 'content')).toBe(`M content/categories/${CATEGORY}.json`);
  });

  it.each(['-f', '--orphan', 'a..b', '@{-1}', 'with space', 'x.lock', '', 'a:b', 'refs/../x', 5,
    'x'.repeat(201)])('refuse the branch name %j with 400', async (name) => {
    const { app, full } = await refusalSite();
    const answer = await app.sendJson('POST', '/admin/api/git/change-requests', { name }, bearer(full));
    expect([answer.status, answer.body.error.name]).toEqual([400, 'ValidationError']);
    expect((await app.sendJson('POST', '/admin/api/git/change-requests/merge', { name }, bearer(full))).status).toBe(400);
  });

  it.each(['../cms.config.json', '-p', 'content/../cms.config.json', '/etc/passwd', 'cms.config.json', 'content/articles/./x.json',
    '.git/config'])('refuse the diff path %j with 400', async (path) => {
    const { app, full } = await refusalSite();
    const answer = await app.getJson(`/admin/api/git/diff?path=${encodeURIComponent(path)}`, { headers: bearer(full) });
    expect([answer.status, answer.body.error.name]).toEqual([400, 'ValidationError']);
  });

  it('show the private fields of a file in its diff only to a caller who may update the file (issue 28, finding 3)', async () => {
    const { root, app, readOnly } = await site();
    const file = join(root, 'content/authors/g5nep3nk2vklh3r9oo6o7oju.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('secretNote: Prefers to be paid in coffee',
      'secretNote: The safe code is 4711'));
    const path = 'content/authors/g5nep3nk2vklh3r9oo6o7oju.md';
    const custom = async (name: string, permissions: string[]) => (await app.cms.auth.tokens.create({ name, type: 'custom',
      permissions })).accessKey;
    const finder = await custom('finder', ['api::author.author.find', 'api::author.author.findOne']);
    const updater = await custom('updater', ['api::author.author.find', 'api::author.author.update']);
    for (const key of [readOnly, finder]) {
      const status = await app.getJson('/admin/api/git/status', { headers: bearer(key) });
      expect(status.body.data.changes).toEqual([{ path, state: 'modified', writable: false,
        document: expect.objectContaining({ fields: ['secretNote'] }) }]);
      const refused = await app.getJson(`/admin/api/git/diff?path=${path}`, { headers: bearer(key) });
      expect([refused.status, refused.body.error.name, JSON.stringify(refused.body)]).toEqual([403, 'ForbiddenError',
        expect.not.stringContaining('4711')]);
    }
    const shown = await app.getJson(`/admin/api/git/diff?path=${path}`, { headers: bearer(updater) });
    expect([shown.status, shown.body.data.diff]).toEqual([200, expect.stringContaining('+secretNote: The safe code is 4711')]);
  });

  it('read the diff path as one file name, never as a pattern matching others', async () => {
    const { root, app, full } = await site();
    writeFileSync(join(root, 'content/articles/b21v569v53nyjqpe0huv43m6.json'), '{"title":"Edited on disk"}\n');
    const exact = await app.getJson('/admin/api/git/diff?path=content/articles/b21v569v53nyjqpe0huv43m6.json', { headers: bearer(full) });
    expect(exact.body.data.diff).toContain('+{"title":"Edited on disk"}');
    for (const pattern of ['content/articles/*', 'content/articles/b21v569v53nyjqpe0huv43m6.[j]son',
      'content/articles/b21v569v53nyjqpe0huv43m6.js?n']) {
      const answer = await app.getJson(`/admin/api/git/diff?path=${encodeURIComponent(pattern)}`, { headers: bearer(full) });
      expect([pattern, answer.status, answer.body.data.diff]).toEqual([pattern, 200, '']);
    }
  });

  it('refuse unknown body keys and a missing message', async () => {
    const { app, full } = await refusalSite();
    expect((await app.sendJson('POST', '/admin/api/git/commit', { message: 'x', amend: true },
      bearer(full))).body.error.message).toBe('Unknown key: amend');
    expect((await app.sendJson('POST', '/admin/api/git/commit', { message: '  ' },
      bearer(full))).body.error.message).toBe('A commit needs a message');
    expect((await app.request('/admin/api/git/commit', { headers: bearer(full) })).status).toBe(405);
    expect((await app.getJson('/admin/api/git/nope', { headers: bearer(full) })).status).toBe(404);
  });

  it('push the current branch to origin, and say so when no remote is configured', async () => {
    const { root, app, full } = await site();
    expect((await app.getJson('/admin/api/git/branches',
      { headers: bearer(full) })).body.data).toEqual({ current: 'main', branches: ['main'], remotes: [], ahead: null });
    const none = await app.sendJson('POST', '/admin/api/git/push', {}, bearer(full));
    expect([none.status, none.body.error.message]).toEqual([409, 'No git remote is configured (git remote add origin <url>)']);
    const remote = addBareRemote(root);
    const pushed = await app.sendJson('POST', '/admin/api/git/push', {}, bearer(full));
    expect([pushed.status, pushed.body.data]).toEqual([200, { remote: 'origin', branch: 'main' }]);
    expect(git(remote, 'rev-parse', 'main')).toBe(git(root, 'rev-parse', 'HEAD'));
    const ahead = async () => (await app.getJson('/admin/api/git/branches', { headers: bearer(full) })).body.data.ahead;
    expect(await ahead()).toBe(0);
    await retitle(app, full, 'Not pushed yet');
    await app.sendJson('POST', '/admin/api/git/commit', { message: 'local' }, bearer(full));
    expect(await ahead()).toBe(1);
  });

  it('run concurrent commits one at a time: each commits its own files, none fails on .git/index.lock', async () => {
    const { root, app, full } = await site();
    const created = await Promise.all(['One', 'Two', 'Three'].map((name) => app.sendJson('POST', '/api/categories', { data: { name } },
      bearer(full))));
    const answers = await Promise.all(created.map((answer) => app.sendJson('POST', '/admin/api/git/commit',
      { message: `Add ${answer.body.data.name}`, paths: [`content/categories/${answer.body.data.documentId}.json`] }, bearer(full))));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(git(root, 'log', '-3', '--format=%s').split('\n').sort()).toEqual(['Add One', 'Add Three', 'Add Two']);
  });

  it('mark a document that is not in HEAD as new', async () => {
    const { app, full } = await site();
    const created = await app.sendJson('POST', '/api/categories', { data: { name: 'Brand new' } }, bearer(full));
    writeFileSync(join(app.cms.root, `content/categories/${CATEGORY}.json`), '{"name":"Edited by hand","slug":"x"}\n');
    const states = await app.getJson('/admin/api/git/states?type=categories', { headers: bearer(full) });
    expect(states.body.data).toEqual({ [created.body.data.documentId]: 'new', [CATEGORY]: 'modified' });
    const diff = await app.getJson(`/admin/api/git/diff?path=content/categories/${created.body.data.documentId}.json`,
      { headers: bearer(full) });
    expect(diff.body.data.diff).toMatch(/new file mode[\s\S]*\+\s*"name": "Brand new"/);
  });

  it('tell new from modified against the HEAD of each request: a commit and a reset made with plain git are seen at once', async () => {
    const { root, app, full } = await site();
    const states = async () => (await app.getJson('/admin/api/git/states?type=categories', { headers: bearer(full) })).body.data;
    const made = (await app.sendJson('POST', '/api/categories', { data: { name: 'Brand new' } }, bearer(full))).body.data.documentId;
    const file = join(root, `content/categories/${made}.json`);
    expect(await states()).toEqual({ [made]: 'new' });
    // Committed by someone with plain git, then edited by hand: now in HEAD, so modified (not new).
    git(root, '-c', 'user.name=x', '-c', 'user.email=x@example.com', 'add', '--all');
    git(root, '-c', 'user.name=x', '-c', 'user.email=x@example.com', 'commit', '--quiet', '-m', 'Brand new');
    expect(await states()).toEqual({});
    writeFileSync(file, readFileSync(file, 'utf8').replace('Brand new', 'Renamed by hand'));
    expect(await states()).toEqual({ [made]: 'modified' });
    // HEAD moved back with plain git: that commit is gone from HEAD, and the document is new again.
    git(root, 'reset', '--quiet', '--soft', 'HEAD~1');
    expect(await states()).toEqual({ [made]: 'new' });
  });

  it('work for a project in a subfolder of its repository: paths are the project\'s own', async () => {
    const site = copySampleSite();
    const repo = tempDir('cms-repo-');
    cpSync(site, join(repo, 'site'), { recursive: true });
    git(repo, 'init', '--quiet', '--initial-branch=main');
    git(repo, '-c', 'user.name=x', '-c', 'user.email=x@example.com', 'add', '--all');
    git(repo, '-c', 'user.name=x', '-c', 'user.email=x@example.com', 'commit', '--quiet', '-m', 'site');
    const app = await startApp(join(repo, 'site'), { env: TEST_ENV, report: () => {} });
    const full = (await app.cms.auth.tokens.create({ name: 'all', type: 'full-access' })).accessKey;
    await retitle(app, full, 'From a subfolder');
    const status = await app.getJson('/admin/api/git/status', { headers: bearer(full) });
    expect(status.body.data.changes.map((change: { path: string }) => change.path)).toEqual([`content/articles/${ARTICLE}.draft.json`]);
    expect((await app.getJson('/admin/api/git/states?type=articles',
      { headers: bearer(full) })).body.data).toEqual({ [ARTICLE]: 'modified' });
    expect((await app.getJson(`/admin/api/git/diff?path=content/articles/${ARTICLE}.draft.json`,
      { headers: bearer(full) })).body.data.diff).toContain('"title": "From a subfolder"');
    expect((await app.sendJson('POST', '/admin/api/git/commit', { message: 'sub' }, bearer(full))).status).toBe(201);
    expect(git(repo, 'log', '-1', '--name-only', '--format=%s')).toBe(`sub\n\nsite/content/articles/${ARTICLE}.draft.json`);
  });

  it('say when the project is not a git repository', async () => {
    const app = await startApp(copySampleSite(), { env: TEST_ENV, report: () => {} });
    const full = (await app.cms.auth.tokens.create({ name: 'all', type: 'full-access' })).accessKey;
    const answer = await app.getJson('/admin/api/git/status', { headers: bearer(full) });
    expect([answer.status, answer.body.error.message]).toEqual([409, 'This project is not a git repository (run `git init` in it)']);
  });
});
