import { describe, expect, it, vi } from 'vitest';
import { startApp, type TestServer } from '../helpers/project.js';
import {
  cms, commits, editJson, git, initRepo, mainTip, readText, status, writableRepo, writableSample, writeText, type Commit,
} from './helpers.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const ENV = {
  CMS_JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789abcdef',
  CMS_API_TOKEN_SALT: 'test-salt-0123456789abcdef0123456789abcdef',
};
/** Article "Pizza napoletana": en published, fr published with a newer fr draft (JSON). */
const PIZZA = 'epw01z20kac98v6t19d3eer8';
/** Article "Release notes" (YAML): published with a differing draft. */
const RELEASE = 'ws1hnjhoh5q7f19uq4u5e8yo';

interface Repo extends TestServer { root: string; head: () => string; newCommits: (since: string) => Commit[] }

/** A writable sample site in a fresh git repository, served with commit per write on. */
async function repo(options: { gitCommit?: boolean; edit?: (root: string) => void } = { gitCommit: true }): Promise<Repo> {
  // A repository of its own, copied from one per file (helpers.ts) where nothing is edited before the first commit.
  const root = options.edit ? writableSample() : await writableRepo();
  if (options.edit) (options.edit(root), initRepo(root));
  const server = await startApp(root, { gitCommit: options.gitCommit, env: ENV, report: () => {} });
  const head = () => mainTip(root);
  const newCommits = (since: string) => {
    const all = commits(root);
    return all.slice(0, all.findIndex((commit) => commit.hash === since));
  };
  return { ...server, root, head, newCommits };
}

/** Exactly one new commit since `before`; returns it. */
function onlyCommit(server: Repo, before: string): Commit {
  const added = server.newCommits(before);
  expect(added).toHaveLength(1);
  return added[0];
}

describe('commit per write: each API write is one commit of that document\'s files', () => {
  it('create: one commit adding the new file, named after the action, type and documentId, authored "public"', async () => {
    const server = await repo();
    const before = server.head();
    const { status: code, body } = await server.sendJson('POST', '/api/tags', { data: { name: 'Espresso' } });
    expect(code).toBe(201);
    const id = body.data.documentId;
    expect(onlyCommit(server, before)).toEqual({
      hash: expect.any(String), author: 'public', email: 'public@cms.local', subject: `Create api::tag.tag ${id}`,
      files: [`content/tags/${id}.json`],
    });
    expect(status(server.root)).toEqual([]);
  });

  it('update in a locale, publish, unpublish, discard-draft and delete: one commit each, naming the locale', async () => {
    const server = await repo();
    const steps: [string, () => Promise<number>, string, string[]][] = [
      ['update fr draft', async () => (await server.sendJson('PUT', `/api/articles/${PIZZA}?locale=fr&status=draft`,
        { data: { title: 'Pizza, brouillon' } })).status,
        `Update api::article.article ${PIZZA} (fr)`, [`content/articles/${PIZZA}.fr.draft.json`]],
      ['publish fr', async () => (await server.request(`/api/_cms/articles/${PIZZA}/publish?locale=fr`, { method: 'POST' })).status,
        `Publish api::article.article ${PIZZA} (fr)`, [`content/articles/${PIZZA}.fr.draft.json`, `content/articles/${PIZZA}.fr.json`]],
      ['unpublish en', async () => (await server.request(`/api/_cms/articles/${PIZZA}/unpublish`, { method: 'POST' })).status,
        `Unpublish api::article.article ${PIZZA} (en)`, [`content/articles/${PIZZA}.draft.json`, `content/articles/${PIZZA}.json`]],
      ['discard the release notes draft',
        async () => (await server.request(`/api/_cms/articles/${RELEASE}/discard-draft`, { method: 'POST' })).status,
        `Discard draft of api::article.article ${RELEASE} (en)`, [`content/articles/${RELEASE}.draft.yaml`]],
      ['delete fr', async () => (await server.request(`/api/articles/${PIZZA}?locale=fr`, { method: 'DELETE' })).status,
        `Delete api::article.article ${PIZZA} (fr)`, [`content/articles/${PIZZA}.fr.json`]],
    ];
    for (const [step, write, subject, files] of steps) {
      const before = server.head();
      expect(await write(), step).toBeLessThan(300);
      expect(onlyCommit(server, before), step).toMatchObject({ author: 'public', subject, files });
    }
    expect(status(server.root)).toEqual([]);
  });

  it('concurrent writes each get their own commit with only their own file', async () => {
    const server = await repo();
    const before = server.head();
    const created = await Promise.all(
      ['One', 'Two', 'Three', 'Four', 'Five'].map((name) => server.sendJson('POST', '/api/tags', { data: { name } })),
    );
    const ids = created.map((response) => response.body.data.documentId as string);
    const added = server.newCommits(before);
    expect(added).toHaveLength(5);
    expect(added.map((commit) => commit.files).sort()).toEqual(ids.map((id) => [`content/tags/${id}.json`]).sort());
    for (const commit of added) {
      expect(commit.subject).toBe(`Create api::tag.tag ${commit.files[0].slice('content/tags/'.length, -'.json'.length)}`);
    }
    expect(status(server.root)).toEqual([]);
  });

  it('a write that changes nothing makes no commit', async () => {
    const server = await repo();
    const before = server.head();
    expect((await server.sendJson('PUT', `/api/tags/b2hjgyg2kdh9a72boali13fe`, { data: { name: 'Coffee' } })).status).toBe(200);
    expect(server.head()).toBe(before);
  });

  it('a failed write (400, 404) makes no commit and leaves the tree clean', async () => {
    const server = await repo();
    const before = server.head();
    expect((await server.sendJson('POST', '/api/tags', { data: { color: 'purple' } })).status).toBe(400);
    expect((await server.sendJson('PUT', '/api/tags/b2hjgyg2kdh9a72boali13fe', { data: { nope: 1 } })).status).toBe(400);
    expect((await server.sendJson('PUT', '/api/tags/nosuchdocument', { data: { name: 'X' } })).status).toBe(404);
    expect(server.head()).toBe(before);
    expect(status(server.root)).toEqual([]);
  });

  it('leaves unrelated changes alone: modified, staged and untracked files stay uncommitted and unchanged', async () => {
    const server = await repo();
    const tag = 'content/tags/hxb94d9mzlcthpfatg6qqpcq.json';
    const edited = readText(server.root, tag)!.replace('"name": ', '"name":  ');
    writeText(server.root, tag, edited);
    writeText(server.root, 'notes.txt', 'my notes\n');
    writeText(server.root, 'content/categories/dr53qgpqqvshydcnntpfqvew.json',
      readText(server.root, 'content/categories/dr53qgpqqvshydcnntpfqvew.json')!.replace('Nature', 'Nature!'));
    git(server.root, 'add', 'content/categories/dr53qgpqqvshydcnntpfqvew.json');
    const dirty = status(server.root);
    const before = server.head();

    const { body } = await server.sendJson('POST', '/api/tags', { data: { name: 'Ristretto' } });
    const commit = onlyCommit(server, before);
    expect(commit.files).toEqual([`content/tags/${body.data.documentId}.json`]);
    expect(status(server.root)).toEqual(dirty);
    expect(readText(server.root, tag)).toBe(edited);
    expect(git(server.root, 'diff', '--cached', '--name-only')).toBe('content/categories/dr53qgpqqvshydcnntpfqvew.json');
  });

  it('authors a token\'s write with the token\'s name, and a user\'s with the username', async () => {
    const server = await repo({
      gitCommit: true,
      edit: (root) => editJson(root, 'cms.config.json', (config) => { config.permissions.authenticated = { 'api::tag.tag': ['create'] }; }),
    });
    const { accessKey } = await server.cms.auth.tokens.create({ name: 'Editorial Bot', type: 'full-access' });
    let before = server.head();
    await server.sendJson('POST', '/api/tags', { data: { name: 'From the bot' } }, { authorization: `Bearer ${accessKey}` });
    expect(onlyCommit(server, before)).toMatchObject({ author: 'Editorial Bot', email: 'editorial-bot@cms.local' });

    const registered = await server.sendJson('POST', '/api/auth/local/register',
      { username: 'ann', email: 'ann@example.org', password: 'a-long-password' });
    expect(registered.status).toBe(200);
    before = server.head();
    await server.sendJson('POST', '/api/tags', { data: { name: 'From Ann' } }, { authorization: `Bearer ${registered.body.jwt}` });
    expect(onlyCommit(server, before)).toMatchObject({ author: 'ann', email: 'ann@cms.local' });
  });

  it('is off by default, and on with config git.commitPerWrite', async () => {
    const off = await repo({});
    const before = off.head();
    await off.sendJson('POST', '/api/tags', { data: { name: 'Uncommitted' } });
    expect(off.head()).toBe(before);
    expect(status(off.root)).toHaveLength(1);

    const on = await repo({ edit: (root) => editJson(root, 'cms.config.json', (config) => { config.git = { commitPerWrite: true }; }) });
    const start = on.head();
    await on.sendJson('POST', '/api/tags', { data: { name: 'Committed' } });
    expect(onlyCommit(on, start).subject).toMatch(/^Create api::tag\.tag /);
  });

  it('a write outside a git repository still succeeds (the failed commit is reported, not thrown)', async () => {
    const root = writableSample();
    const reports: string[] = [];
    const server = await startApp(root, { gitCommit: true, report: (message) => reports.push(message) });
    expect((await server.sendJson('POST', '/api/tags', { data: { name: 'No repo' } })).status).toBe(201);
    expect(reports.some((line) => line.startsWith('git commit failed for content/tags/'))).toBe(true);
  });
});

describe('commit per write from the CLI', () => {
  it('CMS_GIT_COMMIT=1: cms create, update and delete each commit, authored by the project\'s git identity', async () => {
    const root = await writableRepo();
    git(root, 'config', 'user.name', 'Ann Editor');
    git(root, 'config', 'user.email', 'ann@example.org');
    const env = { CMS_GIT_COMMIT: '1' };
    let before = mainTip(root);
    const created = await cms(['create', 'tags', '--data', '{"name":"From the CLI"}', '--root', root], { env });
    expect(created.code).toBe(0);
    const id = JSON.parse(created.stdout).data.documentId;
    let log = commits(root);
    expect(log[0]).toMatchObject({ author: 'Ann Editor', email: 'ann@example.org', subject: `Create api::tag.tag ${id}`,
      files: [`content/tags/${id}.json`] });
    expect(log[1].hash).toBe(before);

    before = mainTip(root);
    expect((await cms(['update', 'tags', id, '--data', '{"color":"blue"}', '--root', root], { env })).code).toBe(0);
    expect((await cms(['delete', 'tags', id, '--root', root], { env })).code).toBe(0);
    log = commits(root);
    expect(log.slice(0, 2).map((commit) => commit.subject)).toEqual([`Delete api::tag.tag ${id}`, `Update api::tag.tag ${id}`]);
    expect(log[2].hash).toBe(before);

    const failed = await cms(['update', 'tags', 'b2hjgyg2kdh9a72boali13fe', '--data', '{"color":"purple"}', '--root', root], { env });
    expect(failed.code).toBe(1);
    expect(commits(root)[0].subject).toBe(`Delete api::tag.tag ${id}`);
    expect(status(root)).toEqual([]);
  });

  it('--git-commit on create, update, publish and delete commits each write, authored by the person\'s git identity', async () => {
    const root = await writableRepo();
    const head = mainTip(root);
    git(root, 'config', 'user.name', 'Bo Writer');
    git(root, 'config', 'user.email', 'bo@example.org');
    const created = await cms(['create', 'articles', '--status', 'draft', '--data', '{"title":"Flagged","slug":"flagged"}', '--git-commit',
      '--root', root]);
    expect(created.code).toBe(0);
    const id = JSON.parse(created.stdout).data.documentId;
    expect((await cms([
      'update', 'articles', id, '--status', 'draft', '--data', '{"title":"Flagged again"}', '--git-commit', '--root', root,
    ])).code).toBe(0);
    expect((await cms(['publish', 'articles', id, '--git-commit', '--root', root])).code).toBe(0);
    expect((await cms(['delete', 'articles', id, '--git-commit', '--root', root])).code).toBe(0);
    const log = commits(root);
    const made = log.slice(0, log.findIndex((commit) => commit.hash === head));
    expect(made.map((commit) => commit.subject)).toEqual([
      `Delete api::article.article ${id} (en)`, `Publish api::article.article ${id} (en)`, `Update api::article.article ${id} (en)`,
      `Create api::article.article ${id} (en)`,
    ]);
    expect(new Set(made.map((commit) => `${commit.author} <${commit.email}>`))).toEqual(new Set(['Bo Writer <bo@example.org>']));
    expect(status(root)).toEqual([]);
  });

  it('without CMS_GIT_COMMIT the CLI commits nothing', async () => {
    const root = await writableRepo();
    const head = mainTip(root);
    expect((await cms(['create', 'tags', '--data', '{"name":"Loose"}', '--root', root])).code).toBe(0);
    expect(mainTip(root)).toBe(head);
  });
});
