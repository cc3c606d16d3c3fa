import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setupMergeDriver } from '../../core/git/merge-setup.js';
import { TEST_ENV } from '../auth/helpers.js';
import { REPO_ROOT, startApp } from '../helpers/project.js';
import { addBareRemote, git, gitSampleSite, tempDir } from './git-site.js';

const ARTICLE = 'leo9mpmgjqi9e4y3lvswznjb'; // "Beautiful mountains of Norway"
const FILE = `content/articles/${ARTICLE}.json`;
const MARCO = 'qig4xffu7hjyawrhvhipfbv9'; // the author "Marco Rossi"
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
/** What `cms git-setup` configures: the driver's own small entry, by absolute path. */
const DRIVER = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(REPO_ROOT, 'dist/cli/merge-driver.js'))}`;

async function site() {
  const root = gitSampleSite();
  const app = await startApp(root, { env: TEST_ENV, report: () => {} });
  const full = (await app.cms.auth.tokens.create({ name: 'Owner Token', type: 'full-access' })).accessKey;
  const readOnly = (await app.cms.auth.tokens.create({ name: 'reader', type: 'read-only' })).accessKey;
  return { root, app, full, readOnly };
}

/** A teammate's clone of the remote: edit a file's JSON, commit and push. */
function teammatePushes(remote: string, edit: (data: Record<string, unknown>) => void) {
  const clone = tempDir('cms-teammate-');
  execFileSync('git', ['clone', '--quiet', '--branch', 'main', remote, clone]);
  git(clone, 'config', 'user.name', 'Teammate');
  git(clone, 'config', 'user.email', 'mate@example.com');
  const data = JSON.parse(readFileSync(join(clone, FILE), 'utf8'));
  edit(data);
  execFileSync('sh', ['-c', `cat > ${JSON.stringify(join(clone, FILE))}`], { input: `${JSON.stringify(data, null, 2)}\n` });
  git(clone, 'commit', '--quiet', '-am', 'A better description');
  git(clone, 'push', '--quiet', 'origin', 'main');
}

describe('the Git panel for editors: documents, history, restore and pull', () => {
  it('tells a changed file as a document with old → new text per field, blocks as text', async () => {
    const { app, full } = await site();
    const body = [{ type: 'paragraph', children: [{ type: 'text', text: 'Snow, still.' }] }];
    await app.sendJson('PUT', `/api/articles/${ARTICLE}?status=published`, { data: { title: 'Norway in spring', author: MARCO, body } },
      bearer(full));
    const status = await app.getJson('/admin/api/git/status', { headers: bearer(full) });
    // The new author's file keeps its articles' order (Strapi lists a newly linked article last), so it changes too.
    expect(status.body.data.changes).toEqual([
      expect.objectContaining({ path: FILE, document: expect.objectContaining({ type: 'Article', title: 'Norway in spring',
        fields: ['title', 'author', 'body'] }) }),
      expect.objectContaining({ document: expect.objectContaining({ type: 'Author', documentId: MARCO, fields: ['articles'] }) }),
    ]);
    const diff = await app.getJson(`/admin/api/git/diff?path=${FILE}`, { headers: bearer(full) });
    const [title, author, blocks] = diff.body.data.document.fields;
    expect(title).toEqual({ field: 'title', before: 'Beautiful mountains of Norway', after: 'Norway in spring' });
    // A relation by its target's main field, not its documentId.
    expect(author).toEqual({ field: 'author', before: 'Amélie Laurent', after: 'Marco Rossi' });
    expect(blocks.after).toBe('Snow, still.');
    expect(blocks.before).toMatch(/^Norway in late summer is almost unfairly beautiful\.\n## Route\n• /);
  });

  it('names related documents only for a caller who may read their type (ids otherwise)', async () => {
    const root = gitSampleSite({ 'api::article.article': ['find', 'findOne', 'update'] });
    const app = await startApp(root, { env: TEST_ENV, report: () => {} });
    await app.cms.auth.users.add({ username: 'editor', email: 'editor@example.com', password: 'Correct-Horse-9' });
    const jwt = (await app.sendJson('POST', '/api/auth/local', { identifier: 'editor', password: 'Correct-Horse-9' })).body.jwt;
    // The owner changes the author; the editor, who may not read authors, looks at the change.
    const owner = (await app.cms.auth.tokens.create({ name: 'Owner', type: 'full-access' })).accessKey;
    const put = await app.sendJson('PUT', `/api/articles/${ARTICLE}?status=published`, { data: { author: MARCO } }, bearer(owner));
    expect([put.status, put.body.error]).toEqual([200, undefined]);
    const diff = await app.getJson(`/admin/api/git/diff?path=${FILE}`, { headers: bearer(jwt) });
    expect(diff.body.data.document.fields).toEqual([{ field: 'author', before: 'nvys3yb5qcrc89ob002blkoe', after: MARCO }]);
  });

  it('lists who changed what, when, and restores an old version through the ordinary write (a draft, validated, indexed)', async () => {
    const { root, app, full, readOnly } = await site();
    await app.sendJson('PUT', `/api/articles/${ARTICLE}?status=published`, { data: { title: 'Second title' } }, bearer(full));
    git(root, 'commit', '--quiet', '-am', 'Retitle', '--author', 'Ann <ann@example.com>');
    // A history holds old values, private fields too: a read-only credential does not see it, as with diffs.
    const refused = await app.getJson(`/admin/api/git/history?path=${FILE}`, { headers: bearer(readOnly) });
    expect([refused.status, refused.body.error?.name]).toEqual([403, 'ForbiddenError']);
    const history = await app.getJson(`/admin/api/git/history?path=${FILE}`, { headers: bearer(full) });
    expect(history.status).toBe(200);
    expect(history.body.data.map((version: { author: string; message: string; change?: { fields: { field: string }[] } }) => (
      [version.author, version.message, version.change?.fields.map((field) => field.field)])))
      .toEqual([['Ann', 'Retitle', ['title']], ['Site Owner', 'The sample site', expect.arrayContaining(['title', 'body'])]]);
    expect(history.body.data[0]).not.toHaveProperty('email');
    // A `*` names a file called `*`, never every file of the folder.
    const pattern = await app.getJson('/admin/api/git/history?path=content/articles/*', { headers: bearer(full) });
    expect([pattern.status, pattern.body.data]).toEqual([200, []]);
    const first = history.body.data[1].commit;

    expect((await app.sendJson('POST', '/admin/api/git/restore', { path: FILE, commit: first }, bearer(readOnly))).status).toBe(403);
    const restored = await app.sendJson('POST', '/admin/api/git/restore', { path: FILE, commit: first }, bearer(full));
    expect([restored.status, restored.body.data]).toEqual([200, { documentId: ARTICLE, locale: 'en', apiName: 'articles' }]);
    const draft = await app.getJson(`/api/articles/${ARTICLE}?status=draft`, { headers: bearer(full) });
    expect(draft.body.data.title).toBe('Beautiful mountains of Norway');
    const published = await app.getJson(`/api/articles/${ARTICLE}`, { headers: bearer(full) });
    expect(published.body.data.title).toBe('Second title');
    // The whole document: each of its files (at HEAD, or new like the restored draft), with its versions.
    const whole = await app.getJson(`/admin/api/git/document-history?document=articles/${ARTICLE}`, { headers: bearer(full) });
    expect(whole.body.data.map((file: { path: string; versions: unknown[] }) => [file.path, file.versions.length])).toEqual([
      // (the restored draft's non-localized fields reach the French draft, as Strapi's i18n sync does)
      [`content/articles/${ARTICLE}.draft.json`, 0], [`content/articles/${ARTICLE}.fr.draft.json`, 0],
      [`content/articles/${ARTICLE}.fr.json`, 1], [FILE, 2],
    ]);
    for (const bad of ['articles', `nope/${ARTICLE}`, 'articles/../x', `articles/${ARTICLE}/x`]) {
      expect([bad, (await app.getJson(`/admin/api/git/document-history?document=${bad}`,
        { headers: bearer(full) })).status]).toEqual([bad, 400]);
    }
    const unknown = await app.sendJson('POST', '/admin/api/git/restore', { path: FILE, commit: 'f'.repeat(40) }, bearer(full));
    expect([unknown.status, unknown.body.error.message]).toEqual([400, `Unknown commit "${'f'.repeat(40)}"`]);
  });

  it('pulls a teammate\'s change to the same file through the merge driver, and reindexes it', async () => {
    const { root, app, full, readOnly } = await site();
    const remote = addBareRemote(root);
    git(root, 'push', '--quiet', '-u', 'origin', 'main');
    teammatePushes(remote, (data) => { data.description = 'From the teammate.'; });
    // Our own change on the next line: git's line merge conflicts; the CMS driver merges field by field.
    await app.sendJson('PUT', `/api/articles/${ARTICLE}?status=published`, { data: { title: 'Ours' } }, bearer(full));
    git(root, 'commit', '--quiet', '-am', 'Our title');

    expect((await app.sendJson('POST', '/admin/api/git/pull', {}, bearer(readOnly))).status).toBe(403);
    const refused = await app.sendJson('POST', '/admin/api/git/pull', {}, bearer(full));
    expect([refused.status, refused.body.error.message])
      .toEqual([409, `The remote changes conflict with yours in ${FILE}: nothing was merged`]);
    expect(git(root, 'status', '--porcelain', '--', 'content')).toBe('');

    await setupMergeDriver(root, DRIVER);
    const pulled = await app.sendJson('POST', '/admin/api/git/pull', {}, bearer(full));
    expect([pulled.status, pulled.body.data]).toEqual([200, { remote: 'origin', branch: 'main', changed: 1 }]);
    const served = await app.getJson(`/api/articles/${ARTICLE}`, { headers: bearer(full) });
    expect([served.body.data.title, served.body.data.description]).toEqual(['Ours', 'From the teammate.']);
  });

  it('refuses a pull over an uncommitted draft the remote also has, naming the document and what to do', async () => {
    const { root, app, full } = await site();
    const remote = addBareRemote(root);
    git(root, 'push', '--quiet', '-u', 'origin', 'main');
    // A teammate commits a draft of the article; here the same draft is saved and not committed yet.
    const clone = tempDir('cms-teammate-');
    execFileSync('git', ['clone', '--quiet', '--branch', 'main', remote, clone]);
    const DRAFT = `content/articles/${ARTICLE}.draft.json`;
    const theirs = { ...JSON.parse(readFileSync(join(clone, FILE), 'utf8')), title: 'Their draft' };
    execFileSync('sh', ['-c', `cat > ${JSON.stringify(join(clone, DRAFT))}`], { input: `${JSON.stringify(theirs, null, 2)}\n` });
    git(clone, 'add', DRAFT);
    git(clone, '-c', 'user.name=Teammate', '-c', 'user.email=mate@example.com', 'commit', '--quiet', '-m', 'A draft');
    git(clone, 'push', '--quiet', 'origin', 'main');
    await app.sendJson('PUT', `/api/articles/${ARTICLE}?status=draft`, { data: { title: 'Our draft' } }, bearer(full));

    const refused = await app.sendJson('POST', '/admin/api/git/pull', {}, bearer(full));
    expect([refused.status, refused.body.error.message]).toEqual([409, 'Not pulled: the remote also changed Article “Our draft” '
      + '(English, draft), which has changes here that are saved but not committed yet. Commit it (or discard it) in this panel, '
      + 'then pull again.']);
    expect(refused.body.error.details).toEqual({ uncommitted: [DRAFT] });
    expect(JSON.parse(readFileSync(join(root, DRAFT), 'utf8')).title).toBe('Our draft'); // nothing of ours was touched
  });
});
