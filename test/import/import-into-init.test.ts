import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Listener } from 'listhen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/program.js';
import { createCms, type Cms } from '../../core/cms.js';
import { serve } from '../../core/http/serve.js';
import { TEST_ENV } from '../auth/helpers.js';
import { git } from '../git-workflow/helpers.js';
import { copySampleSite, REPO_ROOT } from '../helpers/project.js';

async function cli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const io = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } };
  const code = await runCli(args, { ...io, cwd: REPO_ROOT, env: { ...process.env, CMS_ROOT: undefined, CMS_INDEX_SNAPSHOT: '0' } });
  return { code, stdout, stderr };
}

let source: Cms;
let listener: Listener;
let token: string;
const made: string[] = [];

beforeAll(async () => {
  source = await createCms({ root: copySampleSite(), env: TEST_ENV });
  token = (await source.auth.tokens.create({ name: 'import', type: 'full-access' })).accessKey;
  listener = await serve(source, { port: 0, host: '127.0.0.1', showURL: false });
});
afterAll(async () => {
  await listener?.close();
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A project as `cms init` makes it (timestamps from Git history, one locale), in a Git repository, with the sample's schemas. */
async function initProject(historyMode: boolean): Promise<string> {
  const parent = mkdtempSync(join(tmpdir(), 'cms-import-init-'));
  made.push(parent);
  const root = join(parent, 'site');
  expect((await cli(['init', root, '--dependency', '^0.1.0'])).code).toBe(0);
  rmSync(join(root, 'schemas'), { recursive: true });
  rmSync(join(root, 'content'), { recursive: true });
  cpSync(join(source.root, 'schemas'), join(root, 'schemas'), { recursive: true });
  const config = JSON.parse(readFileSync(join(root, 'cms.config.json'), 'utf8'));
  expect(config.git.timestampsFromHistory).toBe(true);
  expect(config.locales).toEqual(['en']);
  delete config.permissions.public['api::post.post']; // the example type went with init's schemas
  if (!historyMode) config.git.timestampsFromHistory = false;
  writeFileSync(join(root, 'cms.config.json'), `${JSON.stringify(config, null, 2)}\n`);
  git(root, 'init', '--quiet', '--initial-branch=main');
  git(root, 'add', '--all');
  git(root, 'commit', '--quiet', '-m', 'Start', '--date=2020-01-01T00:00:00Z');
  return root;
}

/** Every row's timestamps, by type, locale and status, as the API answers them. */
async function timestamps(cms: Cms): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const model of cms.contentTypes()) {
    if (model.uid.startsWith('plugin::')) continue;
    const path = `/${model.kind === 'singleType' ? model.singularName : model.pluralName}`;
    for (const locale of model.localized ? ['en', 'fr'] : [undefined]) {
      for (const status of model.draftAndPublish ? ['published', 'draft'] : ['published']) {
        const search = new URLSearchParams({
          status, ...(locale ? { locale } : {}), ...(model.kind === 'singleType' ? {} : { 'pagination[pageSize]': '100' }),
        });
        const body = await cms.ownerApi({ method: 'GET', path, search: search.toString() })
          .then((answer) => answer.body as { data: unknown }, () => ({ data: null }));
        const rows = [body.data ?? []].flat() as Record<string, unknown>[];
        for (const row of rows) {
          out[`${path} ${locale} ${status} ${row.documentId}`] = {
            createdAt: row.createdAt, updatedAt: row.updatedAt, publishedAt: row.publishedAt,
          };
        }
      }
    }
  }
  // The media library over a real port, as a client reads it.
  const server = cms === source ? listener : await serve(cms, { port: 0, host: '127.0.0.1', showURL: false });
  const key = (await cms.auth.tokens.create({ name: `read ${Math.random()}`, type: 'read-only' })).accessKey;
  const files = await (await fetch(`${server.url.replace(/\/$/, '')}/api/upload/files`, { headers: { authorization: `Bearer ${key}` } }))
    .json() as Record<string, unknown>[];
  if (server !== listener) await server.close();
  for (const file of files) {
    out[`media ${file.documentId}`] = { createdAt: file.createdAt, updatedAt: file.updatedAt, publishedAt: file.publishedAt };
  }
  return out;
}

describe.each([
  ['timestamps from Git history (cms init\'s default)', true],
  ['timestamps in the files', false],
])('cms import into a project made by cms init, %s', (_, historyMode) => {
  let root: string;
  let first: Awaited<ReturnType<typeof cli>>;
  beforeAll(async () => {
    root = await initProject(historyMode);
    first = await cli(['import', '--from', listener.url, '--token', token, '--root', root]);
  });

  it('says which of the source\'s locales it did not import and how to add them', () => {
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr.includes('the imported files keep the source\'s updatedAt and publishedAt')).toBe(historyMode);
    expect(first.stderr).toContain(
      'not imported: the source\'s locale(s) fr, which cms.config.json\'s locales lack; run again with --add-locales',
    );
  });

  it('--add-locales adds the missing locales to cms.config.json and imports their content', async () => {
    const again = await cli(['import', '--from', listener.url, '--token', token, '--root', root, '--add-locales']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('added locale(s) fr to cms.config.json');
    expect(again.stderr).toMatch(/^articles \(fr\): \d+ published, \d+ drafts$/m);
    expect(again.stderr).not.toContain('not imported');
    const config = JSON.parse(readFileSync(join(root, 'cms.config.json'), 'utf8'));
    expect(config.locales).toEqual(['en', 'fr']);
    expect(config.git.timestampsFromHistory).toBe(historyMode);
  });

  it('keeps createdAt (with milliseconds), updatedAt and publishedAt of every row and media file, committed and read by a fresh server', async () => {
    git(root, 'add', '--all');
    git(root, 'commit', '--quiet', '-m', 'Import');
    const copy = await createCms({ root, env: TEST_ENV });
    expect(copy.index.fileTimes !== undefined).toBe(historyMode);
    const expected = await timestamps(source);
    expect(Object.keys(expected).length).toBeGreaterThan(40);
    expect(Object.values(expected).some((row) => /\.\d*[1-9]\d*Z$/.test((row as { createdAt: string }).createdAt))).toBe(true);
    expect(await timestamps(copy)).toEqual(expected);
  });

  it('leaves the kept times to cms fmt as they are (fmt --check is clean), and says so only where they are kept', async () => {
    const check = await cli(['fmt', '--check', '--root', root]);
    expect([check.code, check.stdout]).toEqual([0, expect.any(String)]);
    expect(first.stderr.includes('each file\'s next write hands its times to Git (cms fmt keeps them)')).toBe(historyMode);
  });
});
