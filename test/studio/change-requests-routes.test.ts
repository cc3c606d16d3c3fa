import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitToBranch } from '../../core/branches/branch-commit.js';
import { branchTip } from '../../core/branches/branch-refs.js';
import { setupMergeDriver } from '../../core/git/merge-setup.js';
import { TEST_ENV } from '../auth/helpers.js';
import { ensureBuilt } from '../cli/built-cli.js';
import { REPO_ROOT, startApp, type TestServer } from '../helpers/project.js';
import { git, gitSampleSite, tempDir } from './git-site.js';

const ARTICLE = 'leo9mpmgjqi9e4y3lvswznjb'; // "Beautiful mountains of Norway"
const FILE = `content/articles/${ARTICLE}.json`;
const CATEGORY_FILE = 'content/categories/dr53qgpqqvshydcnntpfqvew.json';
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const EDITOR_GRANTS = { 'api::article.article': ['find', 'findOne', 'create', 'update'], 'api::category.category': ['find', 'findOne'] };
const ROUTES = '/admin/api/git/change-requests';

let committed: string | undefined;

/**
 * The sample site in git with the content merge driver set up (as `cms git-setup`), made once per file: each test gets a copy of
 * its own, repository and all (a folder copy costs a fraction of the git runs that made it).
 */
async function committedSite(): Promise<string> {
  if (!committed) {
    ensureBuilt();
    const made = gitSampleSite(EDITOR_GRANTS);
    await setupMergeDriver(made, `'${process.execPath}' '${join(REPO_ROOT, 'dist/cli/merge-driver.js')}'`);
    git(made, 'add', '.gitattributes');
    git(made, 'commit', '--quiet', '-m', 'Merge content files with the CMS driver');
    committed = made;
  }
  const root = tempDir('cms-change-requests-');
  cpSync(committed, root, { recursive: true });
  return root;
}

/** A copy of that site served in process, and an owner token. */
async function site() {
  const root = await committedSite();
  const app = await startApp(root, { env: TEST_ENV, report: () => {} });
  const full = (await app.cms.auth.tokens.create({ name: 'Owner Token', type: 'full-access' })).accessKey;
  return { root, app, full };
}

/**
 * An editor account on that site, signed in: made by the one test that uses it (two scrypt hashes, the account's and the
 * sign-in's, were 0.1-0.5 s of every test's setup).
 */
async function editorOf(app: TestServer): Promise<string> {
  await app.cms.auth.users.add({ username: 'editor', email: 'editor@example.com', password: 'Correct-Horse-9' });
  return (await app.sendJson('POST', '/api/auth/local', { identifier: 'editor', password: 'Correct-Horse-9' })).body.jwt as string;
}

/** Edit a JSON content file on a branch, as a branch write does (a commit on its ref, the served tree untouched). */
async function editOnBranch(root: string, branch: string, file: string, edit: (value: any) => void) {
  const value = JSON.parse(git(root, 'show', `${branch}:${file}`));
  edit(value);
  await commitToBranch(root, branch, [{ file, text: `${JSON.stringify(value, null, 2)}\n` }],
    { author: { name: 'Ann', email: 'ann@example.com' }, message: `Edit ${file}`, expectedTip: await branchTip(root, branch) });
}

const title = async (app: TestServer) => (await app.getJson(`/api/articles/${ARTICLE}`)).body.data.title;

describe('change requests in the studio: branches beside the served base, never checked out', { timeout: 180_000 }, () => {
  it('make one, list it with its documents in document words, merge it (the API follows at once), delete it', async () => {
    const { root, app, full } = await site();
    const head = git(root, 'rev-parse', 'HEAD');
    const made = await app.sendJson('POST', ROUTES, { name: 'spring' }, bearer(full));
    expect([made.status, made.body.data]).toEqual([201, { name: 'spring', base: 'main', head }]);
    expect((await app.sendJson('POST', ROUTES, { name: 'spring' }, bearer(full))).status).toBe(400);
    await editOnBranch(root, 'spring', FILE, (article) => { article.title = 'Spring title'; });
    expect(await title(app)).toBe('Beautiful mountains of Norway');
    const listed = await app.getJson(ROUTES, { headers: bearer(full) });
    expect(listed.body.data).toEqual({ base: 'main', mayManage: true, changeRequests: [{
      name: 'spring', head: git(root, 'rev-parse', 'spring'), ahead: 1, behind: 0, pushed: false,
      documents: [{ type: 'Article', uid: 'api::article.article', apiName: 'articles', documentId: ARTICLE, locale: 'en', draft: false,
        title: 'Spring title', change: 'changed', fields: ['title'] }],
    }] });
    expect(git(root, 'rev-parse', 'HEAD')).toBe(head);

    const merged = await app.sendJson('POST', `${ROUTES}/merge`, { name: 'spring' }, bearer(full));
    expect([merged.status, merged.body.data]).toEqual([200, { name: 'spring', base: 'main', commit: git(root, 'rev-parse', 'HEAD'), changed: 1 }]);
    expect(await title(app)).toBe('Spring title');
    expect(git(root, 'log', '-1', '--format=%an|%s')).toBe('Owner Token|Merge change request "spring" into main');
    expect(git(root, 'status', '--porcelain')).toBe('');

    const deleted = await app.sendJson('POST', `${ROUTES}/delete`, { name: 'spring' }, bearer(full));
    expect([deleted.status, deleted.body.data]).toEqual([200, { name: 'spring' }]);
    expect((await app.getJson(ROUTES, { headers: bearer(full) })).body.data).toEqual({ base: 'main', mayManage: true, changeRequests: [] });
    const gone = await app.sendJson('POST', `${ROUTES}/merge`, { name: 'spring' }, bearer(full));
    expect(gone.body).toEqual({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Branch "spring" does not exist', details: {} } });
  });

  it('a merge asked from a tab on the change request (Cms-Branch) moves the base\'s answers, and the branch then reads the base\'s later edits', async () => {
    const { root, app, full } = await site();
    expect((await app.sendJson('POST', ROUTES, { name: 'summer' }, bearer(full))).status).toBe(201);
    const onSummer = { ...bearer(full), 'cms-branch': 'summer' };
    const edited = await app.sendJson('PUT', `/api/articles/${ARTICLE}`, { data: { title: 'Summer title' } }, onSummer);
    expect(edited.status).toBe(200);
    expect(await title(app)).toBe('Beautiful mountains of Norway');
    const merged = await app.sendJson('POST', `${ROUTES}/merge`, { name: 'summer' }, onSummer);
    expect(merged.status).toBe(200);
    expect(await title(app)).toBe('Summer title');
    // After the merge the branch changed nothing the base lacks: a later edit of the base is what the branch reads too.
    expect((await app.sendJson('PUT', `/api/articles/${ARTICLE}`, { data: { title: 'Autumn title' } }, bearer(full))).status).toBe(200);
    const read = await app.getJson(`/api/articles/${ARTICLE}`, { headers: onSummer });
    expect(read.body.data.title).toBe('Autumn title');
  });

  it('a conflicting merge is a 409 naming the document and the field, and the base and the API are unchanged', async () => {
    const { root, app, full } = await site();
    await app.sendJson('POST', ROUTES, { name: 'clash' }, bearer(full));
    await editOnBranch(root, 'clash', FILE, (article) => { article.title = 'Title on the branch'; });
    // The base moves through the served tree (a commit there), as the site's own writes do.
    const text = readFileSync(join(root, FILE), 'utf8').replace('Beautiful mountains of Norway', 'Title on main');
    writeFileSync(join(root, FILE), text);
    git(root, '-c', 'user.name=x', '-c', 'user.email=x@example.com', 'commit', '--quiet', '-am', 'Main title');
    const head = git(root, 'rev-parse', 'HEAD');
    const refused = await app.sendJson('POST', `${ROUTES}/merge`, { name: 'clash' }, bearer(full));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ name: 'ConflictError',
      message: `"clash" conflicts with main: api::article.article ${ARTICLE} (${FILE}): field title. Nothing was merged`,
      details: { conflicts: [{ file: FILE, type: 'api::article.article', documentId: ARTICLE, field: 'title', reason: 'contents' }] } });
    expect(git(root, 'rev-parse', 'HEAD')).toBe(head);
    expect(readFileSync(join(root, FILE), 'utf8')).toBe(text);
  });

  it('an editor may make a change request but not merge one that changes a type she may not write; she sees only what she may read', async () => {
    const { root, app, full } = await site();
    const editor = await editorOf(app);
    expect((await app.sendJson('POST', ROUTES, { name: 'mixed' }, bearer(editor))).status).toBe(201);
    await editOnBranch(root, 'mixed', FILE, (article) => { article.title = 'Editor title'; });
    await editOnBranch(root, 'mixed', 'content/tags/hxb94d9mzlcthpfatg6qqpcq.json', (tag) => { tag.name = 'Renamed tag'; });
    await editOnBranch(root, 'mixed', CATEGORY_FILE, (category) => { category.name = 'Renamed'; });
    const listed = (await app.getJson(ROUTES, { headers: bearer(editor) })).body.data;
    // She may not do everything (an unmerged change request is not hers to drop): the list says so, as GET status would.
    expect(listed.mayManage).toBe(false);
    const seen = listed.changeRequests[0].documents;
    // Tags are not hers to read: not listed. Categories she may read, not write.
    expect(seen.map((document: { uid: string }) => document.uid)).toEqual(['api::article.article', 'api::category.category']);
    const refused = await app.sendJson('POST', `${ROUTES}/merge`, { name: 'mixed' }, bearer(editor));
    expect([refused.status, refused.body.error.name]).toEqual([403, 'ForbiddenError']);
    expect(refused.body.error.message).toContain(CATEGORY_FILE);
    expect(await title(app)).toBe('Beautiful mountains of Norway');
    // Unmerged work is a manager's to drop.
    expect((await app.sendJson('POST', `${ROUTES}/delete`, { name: 'mixed' }, bearer(editor))).status).toBe(403);
    expect((await app.sendJson('POST', `${ROUTES}/merge`, { name: 'mixed' }, bearer(full))).status).toBe(200);
    expect((await app.sendJson('POST', `${ROUTES}/delete`, { name: 'mixed' }, bearer(editor))).status).toBe(200);
  });

  it('the list follows what plain git does between two requests: a branch made, committed on, packed, moved and deleted, and the base moved', async () => {
    const { root, app, full } = await site();
    const list = async () => (await app.getJson(ROUTES, { headers: bearer(full) })).body.data;
    const plain = (...args: string[]) => git(root, '-c', 'user.name=Bo', '-c', 'user.email=bo@example.com', ...args);
    expect(await list()).toEqual({ base: 'main', mayManage: true, changeRequests: [] });
    plain('branch', 'plain');
    const head = git(root, 'rev-parse', 'HEAD');
    expect((await list()).changeRequests).toEqual([{ name: 'plain', head, ahead: 0, behind: 0, pushed: false, documents: [] }]);
    // Another editor's commit on the branch, made in a work tree of their own with plain git.
    const theirs = tempDir('cms-their-tree-');
    plain('worktree', 'add', '--quiet', theirs, 'plain');
    writeFileSync(join(theirs, FILE), readFileSync(join(theirs, FILE), 'utf8').replace('Beautiful mountains of Norway', 'Bo\'s title'));
    git(theirs, '-c', 'user.name=Bo', '-c', 'user.email=bo@example.com', 'commit', '--quiet', '-am', 'Bo edits');
    const listed = (await list()).changeRequests;
    expect(listed.map(({ head: tip, ahead, behind }: { head: string; ahead: number; behind: number }) => [tip, ahead, behind]))
      .toEqual([[git(root, 'rev-parse', 'plain'), 1, 0]]);
    expect(listed[0].documents.map(({ title: told, fields }: { title: string; fields: string[] }) => [told, fields])).toEqual([['Bo\'s title', ['title']]]);
    // Refs packed (as `git gc` does), then the branch moved again (a loose ref over the packed one): the newest tip is listed.
    plain('pack-refs', '--all');
    expect((await list()).changeRequests[0].head).toBe(git(root, 'rev-parse', 'plain'));
    writeFileSync(join(theirs, FILE), readFileSync(join(theirs, FILE), 'utf8').replace('Bo\'s title', 'Bo\'s second title'));
    git(theirs, '-c', 'user.name=Bo', '-c', 'user.email=bo@example.com', 'commit', '--quiet', '-am', 'Bo edits again');
    const moved = (await list()).changeRequests[0];
    expect([moved.head, moved.ahead, moved.documents[0].title]).toEqual([git(root, 'rev-parse', 'plain'), 2, 'Bo\'s second title']);
    // The base moves by a plain commit in the served tree: the branch is now behind it.
    writeFileSync(join(root, CATEGORY_FILE), readFileSync(join(root, CATEGORY_FILE), 'utf8').replace(/"name": "[^"]*"/, '"name": "Moved on main"'));
    plain('commit', '--quiet', '-am', 'Main moves');
    expect((await list()).changeRequests.map(({ ahead, behind }: { ahead: number; behind: number }) => [ahead, behind])).toEqual([[2, 1]]);
    // Deleted with plain git: gone from the next list.
    plain('worktree', 'remove', '--force', theirs);
    plain('branch', '--quiet', '-D', 'plain');
    expect(await list()).toEqual({ base: 'main', mayManage: true, changeRequests: [] });
  });

  it('propose pushes that branch alone and answers the host\'s pull-request page', async () => {
    const { root, app, full } = await site();
    const remote = tempDir('cms-remote-');
    git(remote, 'init', '--quiet', '--bare', '--initial-branch=main');
    // Fetch from "GitHub", push to the local bare repository: the link is built from the fetch URL.
    git(root, 'remote', 'add', 'origin', 'git@github.com:acme/site.git');
    git(root, 'remote', 'set-url', '--push', 'origin', remote);
    await app.sendJson('POST', ROUTES, { name: 'edits/norway' }, bearer(full));
    await app.sendJson('POST', ROUTES, { name: 'edits/other' }, bearer(full));
    await editOnBranch(root, 'edits/norway', FILE, (article) => { article.title = 'Proposed'; });
    const proposed = await app.sendJson('POST', `${ROUTES}/propose`, { name: 'edits/norway' }, bearer(full));
    expect([proposed.status, proposed.body.data]).toEqual([200, { name: 'edits/norway', remote: 'origin',
      pullRequestUrl: 'https://github.com/acme/site/compare/main...edits/norway?expand=1' }]);
    expect(git(remote, 'for-each-ref', '--format=%(refname)')).toBe('refs/heads/edits/norway');
    expect(git(remote, 'log', '-1', '--format=%s|%an', 'edits/norway')).toBe(`Edit ${FILE}|Ann`);
    expect(git(root, 'branch', '--show-current')).toBe('main');
    const bad = await app.sendJson('POST', `${ROUTES}/propose`, { name: '-x' }, bearer(full));
    expect([bad.status, bad.body.error.name]).toEqual([400, 'ValidationError']);
  });
});
