import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createCms } from '../../core/cms.js';
import { REPO_ROOT, startApp, type TestServer } from '../helpers/project.js';
import { cms, editJson, git, initRepo, readText, status, writableSample } from './helpers.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

/** Article "The best coffee in Rome" (JSON, en + fr): both branches edit it. */
const ROME = 'jfsgk21o4wtsoknlvf65xsrj';

interface Branch { tags: string[]; articles: string[] }

/** On a fresh server over the checked-out branch: create a tag and an article that uses it, then edit one field of ROME. */
async function workOnBranch(root: string, name: string, edit: Record<string, unknown>): Promise<Branch> {
  const server: TestServer = await startApp(root);
  const tag = await server.sendJson('POST', '/api/tags', { data: { name: `Tag from ${name}` } });
  expect(tag.status).toBe(201);
  const article = await server.sendJson('POST', '/api/articles',
    { data: { title: `Article from ${name}`, tags: [tag.body.data.documentId], author: 'qig4xffu7hjyawrhvhipfbv9' } });
  expect(article.status).toBe(201);
  const updated = await server.sendJson('PUT', `/api/articles/${ROME}`, { data: edit });
  expect(updated.status).toBe(200);
  git(root, 'add', '--all');
  git(root, 'commit', '--quiet', '-m', `Work on ${name}`);
  return { tags: [tag.body.data.documentId], articles: [article.body.data.documentId] };
}

/** `cms merge-driver`, as git runs it: the real built CLI. */
const DRIVER = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(REPO_ROOT, 'dist/cli/bin.js'))} merge-driver`;

/** Merge a branch; a failed merge is returned, not thrown. */
function tryMerge(root: string, branch: string): { ok: boolean; output: string } {
  try {
    return { ok: true, output: git(root, 'merge', '--no-edit', branch) };
  } catch (error) {
    return { ok: false, output: String((error as { stdout?: string }).stdout ?? error) };
  }
}

let root: string;
let a: Branch;
let b: Branch;
let merge: { ok: boolean; output: string };

beforeAll(async () => {
  await cms(['--version']); // dist/ built for the driver
  root = writableSample();
  // Timestamps in the files (not the shipped site's history mode): every write moves them, the case only the driver merges.
  editJson(root, 'cms.config.json', (config) => { config.git = { timestampsFromHistory: false }; });
  initRepo(root);
  const setup = await cms(['git-setup', '--root', root, '--command', DRIVER]);
  expect(setup.code).toBe(0);
  expect(readFileSync(join(root, '.gitattributes'), 'utf8')).toContain('content/** merge=cms');
  git(root, 'add', '.gitattributes');
  git(root, 'commit', '--quiet', '-m', 'Content files merge with the CMS driver');
  git(root, 'branch', 'b');
  git(root, 'checkout', '--quiet', '-b', 'a');
  a = await workOnBranch(root, 'a', { title: 'The best coffee in Rome, revised' });
  git(root, 'checkout', '--quiet', 'b');
  b = await workOnBranch(root, 'b', { views: 999 });
  git(root, 'checkout', '--quiet', 'a');
  merge = tryMerge(root, 'b');
});

describe('two branches that write through the API merge without conflict', () => {
  it('git merges them without a textual conflict', () => {
    expect(merge.output).not.toMatch(/CONFLICT/);
    expect(merge.ok).toBe(true);
    expect(status(root)).toEqual([]);
  });

  it('cms validate passes on the merged content', async () => {
    const { code, stdout } = await cms(['validate', '--root', root]);
    expect(stdout).toBe('');
    expect(code).toBe(0);
  });

  it('no id or documentId collides', async () => {
    const merged = await createCms({ root, report: () => {} });
    expect(merged.problems()).toEqual([]);
    const rows = merged.contentTypes().flatMap((model) => merged.index.rows(model.uid));
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    const created = [...a.tags, ...a.articles, ...b.tags, ...b.articles];
    expect(new Set(created).size).toBe(4);
  });

  it('serves both edits of the shared document and every document of both branches', async () => {
    const server = await startApp(root);
    const rome = (await server.getJson(`/api/articles/${ROME}`)).body.data;
    expect(rome).toMatchObject({ title: 'The best coffee in Rome, revised', views: 999 });
    // The French version shares the non-localized field edited on branch b.
    expect((await server.getJson(`/api/articles/${ROME}?locale=fr`)).body.data)
      .toMatchObject({ title: 'Le meilleur café de Rome', views: 999 });
    for (const documentId of [...a.articles, ...b.articles]) {
      const article = (await server.getJson(`/api/articles/${documentId}?populate=tags`)).body.data;
      expect(article.tags).toHaveLength(1);
    }
    const tags = (await server.getJson('/api/tags?pagination[pageSize]=100')).body.data.map((tag: { name: string }) => tag.name);
    expect(tags).toEqual(expect.arrayContaining(['Tag from a', 'Tag from b']));
  });
});

describe('the content merge driver', () => {
  it('is what makes it clean: a clone without it conflicts on the timestamp lines only', () => {
    const clone = mkdtempSync(join(tmpdir(), 'cms-clone-'));
    git(clone, 'clone', '--quiet', root, '.');
    git(clone, 'checkout', '--quiet', 'a');
    git(clone, 'reset', '--quiet', '--hard', 'HEAD~1'); // a before the merge
    const plain = tryMerge(clone, 'origin/b');
    expect(plain.ok).toBe(false);
    const text = readText(clone, `content/articles/${ROME}.json`)!;
    const conflict = /<<<<<<< [^\n]*\n([\s\S]*?)=======\n([\s\S]*?)>>>>>>> /.exec(text)!;
    const keys = (side: string) => side.split('\n').filter(Boolean).map((line) => line.trim().split('"')[1]);
    expect(keys(conflict[1])).toEqual(['updatedAt', 'publishedAt']);
    expect(keys(conflict[2])).toEqual(['updatedAt', 'publishedAt']);
  });

  it('keeps a real conflict: both branches changed the same field', async () => {
    git(root, 'checkout', '--quiet', '-b', 'c', 'b');
    const server = await startApp(root);
    expect((await server.sendJson('PUT', `/api/articles/${ROME}`, { data: { title: 'A third title' } })).status).toBe(200);
    git(root, 'commit', '--quiet', '--all', '-m', 'Retitle on c');
    git(root, 'checkout', '--quiet', '-b', 'd', 'a~1');
    const result = tryMerge(root, 'c');
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/CONFLICT \(content\).*jfsgk21o4wtsoknlvf65xsrj\.json/);
    const text = readText(root, `content/articles/${ROME}.json`)!;
    expect(text).toContain('<<<<<<< ');
    expect(text).toContain('"title": "The best coffee in Rome, revised"');
    expect(text).toContain('"title": "A third title"');
    // The timestamps were agreed on, so the only conflict is the title.
    expect(text.match(/<<<<<<< /g)).toHaveLength(1);
    git(root, 'merge', '--abort');
    git(root, 'checkout', '--quiet', 'a');
  });
});
