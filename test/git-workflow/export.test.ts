import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createCms } from '../../core/cms.js';
import { exportApi } from '../../core/export/export-api.js';
import { copySampleSite, startApp, type TestServer } from '../helpers/project.js';
import { cms, editJson, writeText } from './helpers.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

interface Manifest { version: number; prefix: string; routes: Record<string, string> }

const outDir = () => mkdtempSync(join(tmpdir(), 'cms-export-'));
const readJson = (dir: string, file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));

/** The sample site with 5 documents a page, a `full` populate shape, and tags private. */
function site(): string {
  const root = copySampleSite();
  editJson(root, 'cms.config.json', (config) => {
    config.api.rest.defaultLimit = 5;
    config.export = { populate: { full: 'populate=*', authors: 'populate[author][fields][0]=name&fields[0]=title' } };
    delete config.permissions.public['api::tag.tag'];
  });
  return root;
}

let root: string;
let out: string;
let manifest: Manifest;
let server: TestServer;

beforeAll(async () => {
  root = site();
  out = outDir();
  const result = await cms(['export', '--out', out, '--root', root]);
  expect(result.code).toBe(0);
  manifest = readJson(out, 'manifest.json');
  server = await startApp(root);
});

describe('cms export: the read API as static files', () => {
  it('writes manifest.json mapping every URL to its file, and reports the count', async () => {
    expect(manifest.version).toBe(1);
    expect(manifest.prefix).toBe('/api');
    for (const file of Object.values(manifest.routes)) expect(existsSync(join(out, file)), file).toBe(true);
    expect(manifest.routes).toMatchObject({
      '/api/articles': 'api/articles/en/_/index.json',
      '/api/articles?pagination[page]=2': 'api/articles/en/_/page/2.json',
      '/api/articles/jfsgk21o4wtsoknlvf65xsrj': 'api/articles/en/_/documents/jfsgk21o4wtsoknlvf65xsrj.json',
      '/api/articles?locale=fr': 'api/articles/fr/_/index.json',
      '/api/articles?populate=*': 'api/articles/en/full/index.json',
      '/api/articles/jfsgk21o4wtsoknlvf65xsrj?locale=fr&populate=*': 'api/articles/fr/full/documents/jfsgk21o4wtsoknlvf65xsrj.json',
      '/api/global': 'api/global/en/_/index.json',
      '/api/about': 'api/about/en/_/index.json',
    });
  });

  it('answers every URL with the very body the live API answers', async () => {
    const urls = Object.keys(manifest.routes);
    expect(urls.length).toBeGreaterThan(100);
    for (const url of urls) {
      const live = await server.getJson(url);
      expect(live.status, url).toBe(200);
      expect(readJson(out, manifest.routes[url]), url).toEqual(live.body);
    }
  });

  it('writes every list page at the default page size, per locale and populate shape', () => {
    const pages = (prefix: string) => Object.keys(manifest.routes).filter((url) => url.startsWith(prefix)
      && url.includes('pagination[page]=')).length;
    // 13 published English articles at 5 a page; 5 French ones.
    expect(pages('/api/articles?pagination')).toBe(3);
    expect(pages('/api/articles?populate=*&pagination')).toBe(3);
    expect(pages('/api/articles?locale=fr&pagination')).toBe(1);
    expect(readJson(out, 'api/articles/en/_/page/3.json').meta.pagination).toEqual({ page: 3, pageSize: 5, pageCount: 3, total: 13 });
    expect(readJson(out, 'api/articles/en/_/index.json')).toEqual(readJson(out, 'api/articles/en/_/page/1.json'));
  });

  it('writes every published document once per locale and shape, and no draft-only document', () => {
    const documents = (dir: string) => Object.values(manifest.routes).filter((file) => file.startsWith(dir)
      && /^[a-z0-9]{24}\.json$/.test(file.slice(dir.length)));
    expect(documents('api/articles/en/_/documents/')).toHaveLength(13);
    expect(documents('api/articles/fr/_/documents/')).toHaveLength(5);
    expect(documents('api/articles/en/full/documents/')).toHaveLength(13);
    expect(documents('api/articles/en/authors/documents/')).toHaveLength(13);
    // A never-published draft has no published version to export.
    expect(manifest.routes['/api/articles/a6lq8hv931vnhq1mwjzx78jv']).toBeUndefined();
  });

  it('applies a configured populate shape', () => {
    const article = readJson(out, 'api/articles/en/authors/documents/jfsgk21o4wtsoknlvf65xsrj.json').data;
    expect(Object.keys(article).sort()).toEqual(['author', 'documentId', 'id', 'title']);
    expect(article.author).toEqual({ id: expect.any(Number), documentId: 'qig4xffu7hjyawrhvhipfbv9', name: 'Marco Rossi' });
  });

  it('skips what the Public role may not read (tags, media)', () => {
    expect(Object.keys(manifest.routes).filter((url) => url.startsWith('/api/tags'))).toEqual([]);
    expect(existsSync(join(out, 'api/tags'))).toBe(false);
    expect(Object.keys(manifest.routes).some((url) => url.startsWith('/api/upload'))).toBe(false);
  });

  it('--all exports private types too, as the site owner sees them', async () => {
    const all = outDir();
    expect((await cms(['export', '--out', all, '--all', '--root', root])).code).toBe(0);
    const routes = readJson(all, 'manifest.json').routes as Record<string, string>;
    expect(routes['/api/tags']).toBe('api/tags/en/_/index.json');
    const owner = await createCms({ root });
    const body = await owner.ownerApi({ method: 'GET', path: '/tags', search: '' });
    expect(readJson(all, 'api/tags/en/_/index.json')).toEqual(body.body);
  });

  it('removes the files of a previous export that are gone (a deleted document)', async () => {
    const local = site();
    const dir = outDir();
    await exportApi(await createCms({ root: local }), { out: dir });
    expect(existsSync(join(dir, 'api/authors/en/_/documents/g5nep3nk2vklh3r9oo6o7oju.json'))).toBe(true);
    rmSync(join(local, 'content/authors/g5nep3nk2vklh3r9oo6o7oju.md'));
    await exportApi(await createCms({ root: local }), { out: dir });
    expect(existsSync(join(dir, 'api/authors/en/_/documents/g5nep3nk2vklh3r9oo6o7oju.json'))).toBe(false);
    expect(readJson(dir, 'manifest.json').routes['/api/authors/g5nep3nk2vklh3r9oo6o7oju']).toBeUndefined();
  });

  it('does not rewrite files whose body did not change', async () => {
    const local = site();
    const dir = outDir();
    await exportApi(await createCms({ root: local }), { out: dir });
    const before = statSync(join(dir, 'api/articles/en/_/index.json')).mtimeMs;
    await new Promise((resolveWait) => setTimeout(resolveWait, 20));
    await exportApi(await createCms({ root: local }), { out: dir });
    expect(statSync(join(dir, 'api/articles/en/_/index.json')).mtimeMs).toBe(before);
  });

  it('never overwrites a list with a document whose documentId is "index"', async () => {
    const local = site();
    writeText(local, 'content/categories/index.json', '{ "name": "Index", "slug": "index" }\n');
    const dir = outDir();
    const result = await exportApi(await createCms({ root: local }), { out: dir });
    const listFile = result.routes['/api/categories'];
    const documentFile = result.routes['/api/categories/index'];
    expect(listFile).toBe('api/categories/en/_/index.json');
    expect(documentFile).not.toBe(listFile);
    expect(readJson(dir, listFile).meta.pagination).toBeDefined();
    expect(readJson(dir, documentFile).data.documentId).toBe('index');
  });

  it('fails on a populate shape the API rejects, naming it', async () => {
    const local = site();
    editJson(local, 'cms.config.json', (config) => { config.export.populate = { broken: 'populate=nothing' }; });
    const result = await cms(['export', '--out', outDir(), '--root', local]);
    expect(result.stderr).toMatch(/broken/);
    expect(result.stderr).toMatch(/Invalid key nothing|nothing/);
    expect(result.code).toBe(1);
  });

  it('fails on a populate shape name that is not a plain folder name', async () => {
    const local = site();
    editJson(local, 'cms.config.json', (config) => { config.export.populate = { '../escape': 'populate=*' }; });
    const result = await cms(['export', '--out', outDir(), '--root', local]);
    expect(result.stderr).toMatch(/\.\.\/escape/);
    expect(result.code).toBe(1);
  });

  it('refuses a link below the output folder (out/api → another folder), naming it, and writes nothing through it', async () => {
    const dir = outDir();
    const elsewhere = outDir();
    symlinkSync(elsewhere, join(dir, 'api'));
    const result = await cms(['export', '--out', dir, '--root', root]);
    expect(result.stderr).toContain(`${join(dir, 'api')}: is a link`);
    expect(result.code).toBe(1);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('never deletes through a link: an old manifest entry under a linked folder is refused', async () => {
    const dir = outDir();
    const elsewhere = outDir();
    writeFileSync(join(elsewhere, 'victim.json'), '{}\n');
    mkdirSync(join(dir, 'api'));
    symlinkSync(elsewhere, join(dir, 'api/old'));
    writeFileSync(join(dir, 'manifest.json'),
      JSON.stringify({ version: 1, prefix: '/api', routes: { '/api/old/victim': 'api/old/victim.json' } }));
    const result = await cms(['export', '--out', dir, '--root', root]);
    expect(result.stderr).toContain(`${join(dir, 'api/old')}: is a link`);
    expect(result.code).toBe(1);
    expect(existsSync(join(elsewhere, 'victim.json'))).toBe(true);
  });

  it('requires --out (usage error)', async () => {
    const result = await cms(['export', '--root', root]);
    expect(result.stderr).toMatch(/--out/);
    expect(result.code).toBe(2);
  });
});
