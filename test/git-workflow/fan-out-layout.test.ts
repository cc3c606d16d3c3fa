import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { watchProject, type ProjectWatcher } from '../../core/watch/watch.js';
import { REPO_ROOT, startApp } from '../helpers/project.js';
import { removeAfterFile } from '../helpers/temp-folders.js';
import { cms, editJson, eventually, git, initRepo, readText, status, writableSample, writeText } from './helpers.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

/** `cms merge-driver`, as git runs it: the real built CLI. */
const DRIVER = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(REPO_ROOT, 'dist/cli/bin.js'))} merge-driver`;
const TAG = 'cam30tzqd480rk3dlw4dc20m';
const TAG_PATH = `content/tags/ca/${TAG}.json`;

/** The sample site with its tags in the fan-out layout (`content/tags/<xx>/<id>.json`), committed. */
function fanOutSite(): string {
  const root = writableSample();
  editJson(root, 'cms.config.json', (config) => {
    config.content = { ...config.content, layout: { tags: 'fan-out' } };
    config.git = { timestampsFromHistory: false };
  });
  for (const name of readdirSync(join(root, 'content/tags'))) {
    mkdirSync(join(root, 'content/tags', name.slice(0, 2)), { recursive: true });
    renameSync(join(root, 'content/tags', name), join(root, 'content/tags', name.slice(0, 2), name));
  }
  initRepo(root);
  return root;
}

const run = (args: string[], root: string) => cms([...args, '--root', root]);

let root: string;
beforeAll(async () => {
  await cms(['--version']); // dist/ built for the driver
  root = fanOutSite();
});

describe('a type in the fan-out layout, through the CLI', () => {
  it('reads, creates, updates and deletes documents under content/<type>/<xx>/', async () => {
    const read = await run(['get', 'tags', TAG], root);
    expect(read.code).toBe(0);
    expect(JSON.parse(read.stdout).data.documentId).toBe(TAG);
    expect(JSON.parse((await run(['get', 'tags'], root)).stdout).meta.pagination.total).toBe(8);

    const created = await run(['create', 'tags', '--data', '{"name":"Fanned"}'], root);
    expect(created.code).toBe(0);
    const id = JSON.parse(created.stdout).data.documentId as string;
    const file = `content/tags/${id.slice(0, 2)}/${id}.json`;
    expect(JSON.parse(readText(root, file)!).name).toBe('Fanned');
    expect(existsSync(join(root, `content/tags/${id}.json`))).toBe(false);

    expect((await run(['update', 'tags', id, '--data', '{"name":"Refanned"}'], root)).code).toBe(0);
    expect(JSON.parse(readText(root, file)!).name).toBe('Refanned');
    expect(JSON.parse((await run(['get', 'tags', id], root)).stdout).data.name).toBe('Refanned');

    expect((await run(['delete', 'tags', id], root)).code).toBe(0);
    expect(existsSync(join(root, file))).toBe(false);
    expect((await run(['get', 'tags', id], root)).code).not.toBe(0);
  });

  it('validates the site, and names a file in a sub-folder its id does not start with', async () => {
    const valid = await run(['validate'], root);
    expect(valid.code, valid.stdout + valid.stderr).toBe(0);
    const broken = fanOutSite();
    mkdirSync(join(broken, 'content/tags/zz'));
    renameSync(join(broken, TAG_PATH), join(broken, `content/tags/zz/${TAG}.json`));
    const invalid = await run(['validate'], broken);
    expect(invalid.code).not.toBe(0);
    expect(invalid.stdout + invalid.stderr).toContain(`content/tags/zz/${TAG}.json`);
    expect(invalid.stdout + invalid.stderr).toContain('fan-out layout');
  });

  it('exports the documents of a fan-out type', async () => {
    const out = removeAfterFile(mkdtempSync(join(tmpdir(), 'cms-fan-export-')));
    expect((await run(['export', '--out', out], root)).code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { routes: Record<string, string> };
    const page = manifest.routes[`/api/tags/${TAG}`];
    expect(JSON.parse(readFileSync(join(out, page), 'utf8')).data.documentId).toBe(TAG);
  });
});

describe('a type in the fan-out layout, through the server', () => {
  let watcher: ProjectWatcher | undefined;
  afterEach(() => watcher?.close());

  it('lists, creates and serves files the watcher sees appear in a new sub-folder', async () => {
    const site = fanOutSite();
    const server = await startApp(site);
    expect((await server.getJson('/api/tags?pagination[pageSize]=100')).body.data).toHaveLength(8);
    const created = await server.sendJson('POST', '/api/tags', { data: { name: 'Over HTTP' } });
    expect(created.status).toBe(201);
    const id = created.body.data.documentId as string;
    expect(existsSync(join(site, `content/tags/${id.slice(0, 2)}/${id}.json`))).toBe(true);

    watcher = watchProject(server.cms, { report: () => {} });
    writeText(site, 'content/tags/q9/q9fromaneditor0000000000.json', '{ "name": "From an editor" }\n');
    await eventually(async () => (await server.getJson('/api/tags/q9fromaneditor0000000000')).body.data?.name === 'From an editor');
    expect((await server.getJson(`/api/tags/${TAG}`)).body.data.documentId).toBe(TAG);
  });
});

describe('a git merge of two edits of one fan-out file', () => {
  it('merges edits of different fields with the CMS driver', async () => {
    const site = fanOutSite();
    expect((await run(['git-setup', '--command', DRIVER], site)).code).toBe(0);
    // One line: git's own line merge would conflict on it, the driver merges field by field (it knows the path's type).
    writeText(site, TAG_PATH, `${JSON.stringify(JSON.parse(readText(site, TAG_PATH)!))}\n`);
    git(site, 'add', '.gitattributes', TAG_PATH);
    git(site, 'commit', '--quiet', '-m', 'merge driver');
    git(site, 'branch', 'other');
    writeText(site, TAG_PATH, readText(site, TAG_PATH)!.replace('"Open Source"', '"Renamed here"'));
    git(site, 'commit', '--quiet', '-am', 'rename');
    git(site, 'checkout', '--quiet', 'other');
    writeText(site, TAG_PATH, readText(site, TAG_PATH)!.replace('"blue"', '"green"'));
    git(site, 'commit', '--quiet', '-am', 'recolour');
    git(site, 'checkout', '--quiet', 'main');
    git(site, 'merge', '--no-edit', 'other');
    expect(JSON.parse(readText(site, TAG_PATH)!)).toMatchObject({ name: 'Renamed here', color: 'green' });
    expect(status(site)).toEqual([]);
  });
});

describe('a site without the setting', () => {
  it('keeps content/<type>/<documentId>.json, and no other file changes', async () => {
    const site = writableSample();
    initRepo(site);
    const created = await run(['create', 'tags', '--data', '{"name":"Flat"}'], site);
    const id = JSON.parse(created.stdout).data.documentId as string;
    expect(status(site)).toEqual([`?? content/tags/${id}.json`]);
    expect(readdirSync(join(site, 'content/tags')).every((name) => name.endsWith('.json'))).toBe(true);
  });
});
