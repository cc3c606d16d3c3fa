// Writes and reads addressed to a branch (`Cms-Branch`, `--branch`): commits on the branch's ref, never files in the
// served tree; reads see the base with the branch's changes over it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureBuilt, runCms } from '../cli/built-cli.js';
import { startApp, type TestServer } from '../helpers/project.js';
import { seededCopy } from '../helpers/seeded-repo.js';
import { commits, git, initRepo, status, writableSample } from '../git-workflow/helpers.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const ENV = {
  CMS_JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789abcdef',
  CMS_API_TOKEN_SALT: 'test-salt-0123456789abcdef0123456789abcdef',
};
/** Tag "Coffee" (red) of the sample site. */
const COFFEE = 'b2hjgyg2kdh9a72boali13fe';

interface Site extends TestServer { root: string; token: string }

/** The writable sample site in a fresh repository on `main`, with branches `spring` and `autumn`, served in process. */
async function site(): Promise<Site> {
  // Copied from one made per file (test/helpers/seeded-repo.ts): one git process instead of five.
  const root = await seededCopy('spring-autumn', () => {
    const made = writableSample();
    initRepo(made);
    git(made, 'branch', 'spring');
    git(made, 'branch', 'autumn');
    return made;
  });
  const server = await startApp(root, { env: ENV, report: () => {} });
  const token = (await server.cms.auth.tokens.create({ name: 'Ann Lee', type: 'full-access' })).accessKey;
  return { ...server, root, token };
}

const onBranch = (branch: string, more: Record<string, string> = {}) => ({ 'cms-branch': branch, ...more });
const names = (body: { data: Array<{ name: string }> }) => body.data.map((tag) => tag.name).sort();
/** The branch's commits since `since`, newest first. */
const commitsOn = (root: string, branch: string, since: string) => {
  const out = git(root, 'log', '--format=%H%x1f%an%x1f%ae%x1f%s', `${since}..${branch}`);
  return out ? out.split('\n').map((line) => line.split('\x1f')) : [];
};
const filesOf = (root: string, commit: string) => git(root, 'show', '--name-only', '--format=', commit).split('\n').filter(Boolean);

describe('a write with Cms-Branch is a commit on the branch, never a change of the served site', () => {
  let server: Site;
  let created: string;
  beforeAll(async () => { server = await site(); });

  it('a POST lands as one commit on the ref, authored by the caller; the served tree is clean, HEAD and base answers unchanged', async () => {
    const { root, token } = server;
    const head = git(root, 'rev-parse', 'HEAD');
    const tip = git(root, 'rev-parse', 'spring');
    const baseList = await server.getJson('/api/tags');
    const answer = await server.sendJson('POST', '/api/tags', { data: { name: 'Branch only', color: 'blue' } },
      onBranch('spring', { authorization: `Bearer ${token}` }));
    expect(answer.status).toBe(201);
    created = answer.body.data.documentId;
    expect(answer.body.data).toMatchObject({ name: 'Branch only', slug: 'branch-only', color: 'blue' });

    const added = commitsOn(root, 'spring', tip);
    expect(added).toEqual([[expect.any(String), 'Ann Lee', 'ann-lee@cms.local', `Create api::tag.tag ${created}`]]);
    expect(git(root, 'rev-parse', `${added[0][0]}^`)).toBe(tip);
    expect(filesOf(root, added[0][0])).toEqual([`content/tags/${created}.json`]);
    expect(JSON.parse(git(root, 'show', `spring:content/tags/${created}.json`))).toMatchObject({ name: 'Branch only', color: 'blue' });

    expect(status(root)).toEqual([]);
    expect(git(root, 'rev-parse', 'HEAD')).toBe(head);
    expect(git(root, 'symbolic-ref', '--short', 'HEAD')).toBe('main');
    expect(existsSync(join(root, `content/tags/${created}.json`))).toBe(false);
    expect(await server.getJson('/api/tags')).toEqual(baseList);
    expect((await server.getJson(`/api/tags/${created}`)).status).toBe(404);
    const onSpring = await server.getJson(`/api/tags/${created}`, { headers: onBranch('spring') });
    expect([onSpring.status, onSpring.body.data.name]).toEqual([200, 'Branch only']);
  });

  it('a branch GET sees the base with the branch\'s changes over it: an update and a delete of base documents', async () => {
    const { root } = server;
    const base = names((await server.getJson('/api/tags')).body);
    const updated = await server.sendJson('PUT', `/api/tags/${COFFEE}`, { data: { color: 'green' } }, onBranch('spring'));
    expect([updated.status, updated.body.data.color]).toEqual([200, 'green']);
    const gone = await server.request('/api/tags/cam30tzqd480rk3dlw4dc20m', { method: 'DELETE', headers: onBranch('spring') });
    expect(gone.status).toBe(204);
    const deletedName = (await server.getJson('/api/tags/cam30tzqd480rk3dlw4dc20m')).body.data.name;

    const spring = (await server.getJson('/api/tags?pagination[pageSize]=100', { headers: onBranch('spring') })).body;
    expect(names(spring)).toEqual([...base.filter((name) => name !== deletedName), 'Branch only'].sort());
    expect(spring.data.find((tag: { documentId: string }) => tag.documentId === COFFEE).color).toBe('green');
    // The base still answers as it did.
    expect(names((await server.getJson('/api/tags')).body)).toEqual(base);
    expect((await server.getJson(`/api/tags/${COFFEE}`)).body.data.color).toBe('red');
    expect(status(root)).toEqual([]);
    expect(commitsOn(root, 'spring', 'main').map((commit) => commit[3])).toEqual([
      'Delete api::tag.tag cam30tzqd480rk3dlw4dc20m', `Update api::tag.tag ${COFFEE}`, `Create api::tag.tag ${created}`,
    ]);
  });

  it('two branches are isolated: neither sees the other\'s writes', async () => {
    const autumn = await server.sendJson('POST', '/api/tags', { data: { name: 'Autumn only' } }, onBranch('autumn'));
    expect(autumn.status).toBe(201);
    const springNames = names((await server.getJson('/api/tags?pagination[pageSize]=100', { headers: onBranch('spring') })).body);
    const autumnNames = names((await server.getJson('/api/tags?pagination[pageSize]=100', { headers: onBranch('autumn') })).body);
    expect(springNames).toContain('Branch only');
    expect(springNames).not.toContain('Autumn only');
    expect(autumnNames).toContain('Autumn only');
    expect(autumnNames).not.toContain('Branch only');
    expect((await server.getJson(`/api/tags/${COFFEE}`, { headers: onBranch('autumn') })).body.data.color).toBe('red');
    expect(commitsOn(server.root, 'autumn', 'main')).toHaveLength(1);
  });

  it('a document\'s history on a branch lists the branch\'s commits; on the base, the base\'s', async () => {
    const { token } = server;
    const auth = { authorization: `Bearer ${token}` };
    const edit = await server.sendJson('PUT', `/api/tags/${COFFEE}`, { data: { color: 'blue' } }, onBranch('autumn', auth));
    expect(edit.status).toBe(200);
    const onAutumn = await server.getJson(`/api/_cms/tags/${COFFEE}/history`, { headers: onBranch('autumn', auth) });
    const onBase = await server.getJson(`/api/_cms/tags/${COFFEE}/history`, { headers: auth });
    expect(onAutumn.status).toBe(200);
    expect(onAutumn.body.data[0].message).toBe(`Update api::tag.tag ${COFFEE}`);
    expect(onAutumn.body.data).toHaveLength(onBase.body.data.length + 1);
    expect(onBase.body.data.map((entry: { message: string }) => entry.message)).not.toContain(`Update api::tag.tag ${COFFEE}`);
  });

  it('unique values and uids are checked against the branch\'s view', async () => {
    // Taken on spring: the unique name is refused there, and a uid made from a like name steps aside.
    const twice = await server.sendJson('POST', '/api/tags', { data: { name: 'Branch only' } }, onBranch('spring'));
    expect([twice.status, twice.body.error?.name]).toEqual([400, 'ValidationError']);
    const slugged = await server.sendJson('POST', '/api/tags', { data: { name: 'Branch Only!' } }, onBranch('spring'));
    expect([slugged.status, slugged.body.data?.slug]).toEqual([201, 'branch-only-1']);
    // Free on autumn and on the base: neither sees spring's document.
    const elsewhere = await server.sendJson('POST', '/api/tags', { data: { name: 'Branch only' } }, onBranch('autumn'));
    expect([elsewhere.status, elsewhere.body.data?.slug]).toEqual([201, 'branch-only']);
    // Coffee exists on the base: its name is taken on every branch too.
    const coffee = await server.sendJson('POST', '/api/tags', { data: { name: 'Coffee' } }, onBranch('autumn'));
    expect(coffee.status).toBe(400);
  });

  it('a branch read of a URL the base answered from its cache a moment ago is the branch\'s answer, for a token as for anyone', async () => {
    const { token } = server;
    const auth = { authorization: `Bearer ${token}` };
    const url = `/api/tags/${COFFEE}`;
    await server.sendJson('PUT', url, { data: { name: 'Coffee on autumn' } }, onBranch('autumn', auth));
    for (const headers of [{}, auth]) {
      // Twice on the base: the second is answered from the server's cache.
      expect((await server.getJson(url, { headers })).body.data.name).toBe('Coffee');
      expect((await server.getJson(url, { headers })).body.data.name).toBe('Coffee');
      expect((await server.getJson(url, { headers: onBranch('autumn', headers) })).body.data.name).toBe('Coffee on autumn');
    }
  });

  it('Vary names Cms-Branch, and answers and ETags are cached per branch', async () => {
    const base = await server.request('/api/tags');
    const spring = await server.request('/api/tags', { headers: onBranch('spring') });
    expect(base.headers.get('vary')).toContain('Cms-Branch');
    expect(spring.headers.get('vary')).toContain('Cms-Branch');
    const [baseTag, springTag] = [base.headers.get('etag'), spring.headers.get('etag')];
    expect(baseTag).toBeTruthy();
    expect(springTag).toBeTruthy();
    expect(springTag).not.toBe(baseTag);
    expect(await spring.text()).not.toBe(await base.text());
    // The base's tag does not validate the branch's answer, nor the other way round.
    expect((await server.request('/api/tags', { headers: onBranch('spring', { 'if-none-match': baseTag! }) })).status).toBe(200);
    expect((await server.request('/api/tags', { headers: { 'if-none-match': springTag! } })).status).toBe(200);
    expect((await server.request('/api/tags', { headers: onBranch('spring', { 'if-none-match': springTag! }) })).status).toBe(304);
    // A cached branch answer follows the branch's next write.
    await server.sendJson('PUT', `/api/tags/${COFFEE}`, { data: { color: 'yellow' } }, onBranch('spring'));
    const after = await server.getJson(`/api/tags?filters[documentId][$eq]=${COFFEE}`, { headers: onBranch('spring') });
    expect(after.body.data[0].color).toBe('yellow');
  });
});

describe('naming a branch that is not there', () => {
  let server: Site;
  beforeAll(async () => { server = await site(); });

  it('an unknown branch is a 404 in Strapi\'s envelope on GET and POST, and nothing is written', async () => {
    const notFound = {
      data: null, error: { status: 404, name: 'NotFoundError', message: 'Branch "winter" does not exist', details: {} },
    };
    expect(await server.getJson('/api/tags', { headers: onBranch('winter') })).toEqual({ status: 404, body: notFound });
    expect(await server.sendJson('POST', '/api/tags', { data: { name: 'Lost' } }, onBranch('winter')))
      .toEqual({ status: 404, body: notFound });
    expect(git(server.root, 'branch', '--list', 'winter')).toBe('');
    expect(status(server.root)).toEqual([]);
  });

  it('a name git refuses is a 400 ValidationError on GET and POST', async () => {
    for (const name of ['a..b', '-x', 'with space', 'x.lock']) {
      const read = await server.getJson('/api/tags', { headers: onBranch(name) });
      expect([name, read.status, read.body.error.name]).toEqual([name, 400, 'ValidationError']);
      const write = await server.sendJson('POST', '/api/tags', { data: { name: 'Lost' } }, onBranch(name));
      expect([name, write.status, write.body.error.name]).toEqual([name, 400, 'ValidationError']);
    }
    expect(status(server.root)).toEqual([]);
  });

  it('a branch deleted while the server runs answers 404 from then on', async () => {
    git(server.root, 'branch', 'gone');
    expect((await server.getJson('/api/tags', { headers: onBranch('gone') })).status).toBe(200);
    git(server.root, 'branch', '-D', 'gone');
    expect((await server.getJson('/api/tags', { headers: onBranch('gone') })).body.error.message).toBe('Branch "gone" does not exist');
  });

  it('the base\'s own branch is the base: its writes are the served tree\'s as without the header', async () => {
    const before = commits(server.root).length;
    const written = await server.sendJson('POST', '/api/tags', { data: { name: 'On main' } }, onBranch('main'));
    expect(written.status).toBe(201);
    expect(existsSync(join(server.root, `content/tags/${written.body.data.documentId}.json`))).toBe(true);
    expect(commits(server.root).length).toBe(before);
  });
});

describe('cms … --branch (the real CLI) beside a running server', () => {
  let server: Site;
  beforeAll(async () => {
    ensureBuilt();
    server = await site();
  });
  const cli = (...args: string[]) => runCms([...args, '--root', server.root], { env: ENV });

  it('a CLI write to the branch is seen by the server\'s next read of it, and an API write right after keeps it', async () => {
    const { root } = server;
    // The server has the branch open already (its overlay read before the CLI's commit).
    expect((await server.getJson(`/api/tags/${COFFEE}`, { headers: onBranch('spring') })).body.data.color).toBe('red');
    const updated = await cli('update', 'tags', COFFEE, '--data', '{"name":"Coffee (CLI)"}', '--branch', 'spring');
    expect([updated.code, updated.stderr]).toEqual([0, '']);
    expect(JSON.parse(updated.stdout).data).toMatchObject({ name: 'Coffee (CLI)', color: 'red' });
    const read = await server.getJson(`/api/tags/${COFFEE}`, { headers: onBranch('spring') });
    expect(read.body.data).toMatchObject({ name: 'Coffee (CLI)', color: 'red' });

    // CLI write, then the API's write of another field of the same document: neither reverts the other.
    const cliWrite = await cli('update', 'tags', COFFEE, '--data', '{"color":"blue"}', '--branch', 'spring');
    expect(cliWrite.code).toBe(0);
    const apiWrite = await server.sendJson('PUT', `/api/tags/${COFFEE}`, { data: { slug: 'coffee-cli' } }, onBranch('spring'));
    expect(apiWrite.body.data).toMatchObject({ name: 'Coffee (CLI)', color: 'blue', slug: 'coffee-cli' });
    expect(JSON.parse(git(root, 'show', `spring:content/tags/${COFFEE}.json`)))
      .toMatchObject({ name: 'Coffee (CLI)', color: 'blue', slug: 'coffee-cli' });
    expect(commitsOn(root, 'spring', 'main')).toHaveLength(3);
    expect(status(root)).toEqual([]);
    expect((await server.getJson(`/api/tags/${COFFEE}`)).body.data).toMatchObject({ name: 'Coffee', color: 'red' });
  });

  it('get, create, delete, publish and unpublish take --branch; the served files stay as they were', { timeout: 300_000 }, async () => {
    const { root } = server;
    const created = await cli('create', 'articles', '--data', '{"title":"Branch article"}', '--status', 'draft', '--branch', 'spring');
    expect(created.code).toBe(0);
    const id = JSON.parse(created.stdout).data.documentId;
    expect((await cli('publish', 'articles', id, '--branch', 'spring')).code).toBe(0);
    const got = await cli('get', 'articles', id, '--branch', 'spring');
    expect(JSON.parse(got.stdout).data).toMatchObject({ title: 'Branch article', publishedAt: expect.any(String) });
    expect((await cli('unpublish', 'articles', id, '--branch', 'spring')).code).toBe(0);
    expect(JSON.parse((await cli('get', 'articles', id, '--branch', 'spring', '--status=draft')).stdout).data.title).toBe('Branch article');
    expect((await cli('delete', 'articles', id, '--branch', 'spring')).code).toBe(0);
    expect((await cli('get', 'articles', id)).code).not.toBe(0);
    expect(status(root)).toEqual([]);
    expect(commitsOn(root, 'spring', 'main').slice(0, 4).map((commit) => commit[3].split(' ')[0]))
      .toEqual(['Delete', 'Unpublish', 'Publish', 'Create']);
  });

  it('an unknown branch is one line on stderr and a non-zero exit, for reads and writes', async () => {
    for (const args of [['get', 'tags'], ['update', 'tags', COFFEE, '--data', '{"color":"red"}'], ['delete', 'tags', COFFEE]]) {
      const run = await cli(...args, '--branch', 'winter');
      expect(run.code).not.toBe(0);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toContain('Branch "winter" does not exist');
    }
    const refused = await cli('get', 'tags', '--branch', 'a..b');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('Branch name "a..b"');
    expect(status(server.root)).toEqual([]);
  });
});
