import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Listener } from 'listhen';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/program.js';
import { createCms, type Cms } from '../../core/cms.js';
import { serve } from '../../core/http/serve.js';
import { populateAll } from '../../core/import/entry-data.js';
import { TEST_ENV } from '../auth/helpers.js';
import { copySampleSite, makeProject, REPO_ROOT } from '../helpers/project.js';

async function cli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) }, cwd: REPO_ROOT, env: { ...process.env, CMS_ROOT: undefined } });
  return { code, stdout, stderr };
}

/** Every file under content/ and public/ with its bytes and mtime. */
function snapshot(root: string): Map<string, { text: string; mtime: number }> {
  const files = new Map<string, { text: string; mtime: number }>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(relative(root, path), { text: readFileSync(path, 'latin1'), mtime: statSync(path).mtimeMs });
    }
  };
  for (const dir of ['content', 'public']) try { walk(join(root, dir)); } catch { /* none yet */ }
  return files;
}

let source: Cms;
let listener: Listener;
let token: string;
let target: string;

beforeAll(async () => {
  source = await createCms({ root: copySampleSite(), env: TEST_ENV });
  token = (await source.auth.tokens.create({ name: 'import', type: 'full-access' })).accessKey;
  listener = await serve(source, { port: 0, host: '127.0.0.1', showURL: false });
  // An empty project with the same schemas and config.
  target = makeProject({});
  cpSync(join(source.root, 'schemas'), join(target, 'schemas'), { recursive: true });
  // The same config, but timestamps in files: an import keeps every document's own times there
  // (with timestamps from history, Git answers them).
  const config = JSON.parse(readFileSync(join(source.root, 'cms.config.json'), 'utf8'));
  writeFileSync(join(target, 'cms.config.json'), JSON.stringify({ ...config, git: { ...config.git, timestampsFromHistory: false } }));
});

afterAll(async () => { await listener?.close(); });

const base = () => listener.url.replace(/\/$/, '');

describe('cms import --from <this server>', () => {
  let first: Awaited<ReturnType<typeof cli>>;
  beforeAll(async () => {
    first = await cli(['import', '--from', base(), '--token', token, '--root', target, '--json']);
  });

  it('imports every type, locale, draft and media entry, with progress on stderr', () => {
    expect(first.code, first.stderr).toBe(0);
    const result = JSON.parse(first.stdout);
    expect(result.documents['api::article.article']).toBe(16);
    expect(result.media).toBe(3);
    expect(first.stderr).toMatch(/^articles \(fr\): \d+ published, \d+ drafts$/m);
    expect(first.stderr).toMatch(/^media: 3 entries/m);
  });

  it('answers every GET as the source does: each type, locale and status, fully populated', async () => {
    const copy = await createCms({ root: target, env: TEST_ENV });
    const get = (cms: Cms, path: string, search: string) => cms.ownerApi({ method: 'GET', path, search }).then((answer) => answer.body,
      (error) => ({ error: error.name }));
    let compared = 0;
    for (const model of copy.contentTypes()) {
      const path = `/${model.kind === 'singleType' ? model.singularName : model.pluralName}`;
      for (const locale of model.localized ? ['en', 'fr'] : [undefined]) {
        for (const status of model.draftAndPublish ? ['published', 'draft'] : ['published']) {
          for (const populate of [populateAll(copy.models, model), '*']) {
            const search = qs.stringify({ locale, status, populate, pagination: model.kind === 'singleType' ? undefined
              : { pageSize: 100 } }, { encodeValuesOnly: true });
            const expected = await get(source, path, search) as { data?: unknown };
            expect(await get(copy, path, search), `${path}?${search}`).toEqual(expected);
            if (expected.data) compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThanOrEqual(20);
    const files = (cms: Cms) => cms.ownerApi({ method: 'GET', path: '/articles',
      search: 'populate[cover]=true&populate[seo][populate]=*&locale=fr' }).then((answer) => answer.body);
    expect(await files(copy)).toEqual(await files(source));
  });

  it('keeps documentIds, diverging drafts as .draft files, and copies binaries', () => {
    const articles = readdirSync(join(target, 'content/articles')).sort();
    expect(articles)
      .toEqual(readdirSync(join(source.root, 'content/articles')).map((name) => name.replace(/\.(yaml|md)$/, '.json')).sort());
    expect(readFileSync(join(target, 'public/uploads/pizza_margherita_ad0fb71956.png'))
      .equals(readFileSync(join(source.root, 'public/uploads/pizza_margherita_ad0fb71956.png')))).toBe(true);
    expect(readdirSync(join(target, 'public/uploads')).sort()).toEqual(readdirSync(join(source.root, 'public/uploads')).sort());
  });

  it('keeps each media entry\'s timestamps, publishedAt included (Strapi stamps it apart from createdAt)', async () => {
    const files = await (await fetch(`${base()}/api/upload/files`, { headers: { authorization: `Bearer ${token}` } }))
      .json() as { documentId: string; createdAt: string; updatedAt: string; publishedAt: string }[];
    expect(files.length).toBe(3);
    expect(files.every((file) => typeof file.publishedAt === 'string')).toBe(true);
    for (const file of files) {
      const stored = JSON.parse(readFileSync(join(target, 'content/upload', `${file.documentId}.json`), 'utf8'));
      expect({ createdAt: stored.createdAt, updatedAt: stored.updatedAt, publishedAt: stored.publishedAt })
        .toEqual({ createdAt: file.createdAt, updatedAt: file.updatedAt, publishedAt: file.publishedAt });
    }
  });

  it('is idempotent: a second run leaves every file byte-identical and untouched', async () => {
    const before = snapshot(target);
    const again = await cli(['import', '--from', base(), '--token', token, '--root', target]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('0 file(s) written');
    expect(snapshot(target)).toEqual(before);
  });

  it('refuses a URL that is not http(s), and a bad token is a clear failure', async () => {
    expect((await cli(['import', '--from', 'localhost:1337', '--root', target])).code).toBe(2);
    const denied = await cli(['import', '--from', base(), '--token', 'nope', '--root', target]);
    expect(denied.code).toBe(1);
    expect(denied.stderr).toContain('401');
  });
});
