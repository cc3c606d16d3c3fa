import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/program.js';
import { strapiClient } from '../../core/import/strapi-client.js';
import { assertContentPath } from '../../core/storage/content-file.js';
import { hostileStrapi, page, type HostileStrapi, type MockRoute } from '../helpers/hostile-strapi.js';
import { makeProject, REPO_ROOT } from '../helpers/project.js';

async function cli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const io = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } };
  const code = await runCli(args, { ...io, cwd: REPO_ROOT, env: { ...process.env, CMS_ROOT: undefined } });
  return { code, stdout, stderr };
}

/** An empty project with the sample site's schemas and config. */
function target(): string {
  const root = makeProject({ 'package.json': '{ "name": "victim" }\n' });
  cpSync(join(REPO_ROOT, 'schemas'), join(root, 'schemas'), { recursive: true });
  cpSync(join(REPO_ROOT, 'cms.config.json'), join(root, 'cms.config.json'));
  return root;
}

/** Every file under a folder, relative. */
const filesUnder = (dir: string): string[] => (existsSync(dir)
  ? readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
  : []);

let source: HostileStrapi | undefined;
afterEach(async () => { await source?.close(); source = undefined; });

async function importFrom(route: MockRoute, extra: string[] = []) {
  source = await hostileStrapi(route, { locales: ['en', 'fr'] });
  const root = target();
  const run = await cli(['import', '--from', source.url, '--root', root, ...extra]);
  return { ...run, root, requests: source.requests };
}

const tags = (answer: ReturnType<typeof page>): MockRoute => (path) => (path === '/api/tags' ? answer : undefined);
const TIME = '2024-01-01T00:00:00.000Z';
let rowIds = 0;
const tag = (documentId: unknown, extra: Record<string, unknown> = {}) => (
  { id: ++rowIds, documentId, name: 'x', createdAt: TIME, updatedAt: TIME, ...extra });

describe('cms import treats everything the source sends as untrusted', () => {
  it('refuses a content documentId that climbs out of the project, naming the URL and field, and writes nothing', async () => {
    const run = await importFrom(tags(page([tag('../../../hostile-x')])));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /GET http:\/\/127\.0\.0\.1:\d+\/api\/tags\?\S+: data\[0\]\.documentId "\.\.\/\.\.\/\.\.\/hostile-x" is not a documentId/,
    );
    expect(run.stderr).not.toMatch(/TypeError/);
    expect(existsSync(join(dirname(run.root), 'hostile-x.json'))).toBe(false);
    expect(filesUnder(join(run.root, 'content'))).toEqual([]);
  });

  it('refuses a documentId with a slash instead of making a subfolder', async () => {
    const run = await importFrom(tags(page([tag('a/b')])));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('data[0].documentId "a/b" is not a documentId');
    expect(existsSync(join(run.root, 'content/tags/a'))).toBe(false);
  });

  it('refuses a media entry whose documentId would overwrite the project\'s package.json', async () => {
    const run = await importFrom((path) => (
      path === '/api/upload/files' ? { json: [tag('../../package', { url: '/uploads/a.png' })] } : undefined));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /GET http:\/\/127\.0\.0\.1:\d+\/api\/upload\/files\?start=0\S*: \[0\]\.documentId "\.\.\/\.\.\/package" is not a documentId/,
    );
    expect(readFileSync(join(run.root, 'package.json'), 'utf8')).toBe('{ "name": "victim" }\n');
  });

  it('refuses a media URL that climbs out of public/uploads, the format URLs included', async () => {
    const climbing = await importFrom((path) => (
      path === '/api/upload/files' ? { json: [tag('file1', { url: '/uploads/../../cms.config.json' })] } : undefined));
    expect(climbing.code).toBe(1);
    expect(climbing.stderr).toContain('[0].url "/uploads/../../cms.config.json" is not a file name under /uploads/');
    expect(filesUnder(join(climbing.root, 'content'))).toEqual([]);
    const format = await importFrom((path) => (path === '/api/upload/files'
      ? { json: [tag('file1', { url: '/uploads/a.png', formats: { small: { url: '/uploads/..' } } })] }
      : path === '/uploads/a.png' ? { text: 'png' } : undefined));
    expect(format.code).toBe(1);
    expect(format.stderr).toContain('[0].formats.small.url "/uploads/.." is not a file name under /uploads/');
  });

  it('refuses pageCount 1e12 at once instead of asking for ever', async () => {
    const run = await importFrom(tags(page([tag('t1')], { page: 1, pageSize: 1, pageCount: 1e12, total: 1e12 })));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('meta.pagination.pageCount 1000000000000 is over the import\'s limit of 1000000');
    expect(run.requests.filter((path) => path.startsWith('/api/tags')).length).toBe(1);
  });

  it('stops a source that answers the same full page again and again', async () => {
    const full = Array.from({ length: 100 }, (_, at) => tag(`t${at}`));
    const run = await importFrom(tags(page(full, { page: 1, pageSize: 100, pageCount: 1000, total: 100000 })));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('data[0].documentId "t0" was already listed (the source repeats entries)');
    expect(run.requests.filter((path) => path.startsWith('/api/tags')).length).toBe(2);
  });

  it('a short page is the last, whatever pageCount claims', async () => {
    const run = await importFrom(tags(page([tag('t1')], { page: 1, pageSize: 100, pageCount: 500, total: 50000 })));
    expect(run.code, run.stderr).toBe(0);
    // one page per status asked (a tag's articles are asked in both, for their order: inverse-lists.ts)
    const asked = run.requests.filter((path) => path.startsWith('/api/tags')).map((path) => new URL(path, 'http://x').searchParams);
    expect(asked.map((query) => `${query.get('status')} ${query.get('pagination[page]')}`)).toEqual(['published 1', 'draft 1']);
    expect(existsSync(join(run.root, 'content/tags/t1.json'))).toBe(true);
  });

  it.each([
    ['an object where the list of entries belongs', tags({ json: { data: { documentId: 't1' }, meta: {} } }),
      'data must be a list, got an object'],
    ['no pagination', tags({ json: { data: [], meta: {} } }), 'meta.pagination must be an object, got undefined'],
    ['an entry that is a string', tags(page(['t1'])), 'data[0] must be an object, got string'],
    ['a date that is not one', tags(page([tag('t1', { updatedAt: { $gt: 1 } })])), 'data[0].updatedAt {"$gt":1} is not a date-time'],
    ['a media list that is an object', (path: string) => (path === '/api/upload/files' ? { json: { data: [] } } : undefined),
      'the answer must be a list, got an object'],
    ['locales that are not a list', (path: string) => (path === '/api/i18n/locales' ? { json: { en: true } } : undefined),
      'the answer must be a list, got an object'],
    ['a relation list that is an object', (path: string) => (path === '/api/articles'
      ? page([tag('a1', { title: 'A', tags: { documentId: 't1' } })]) : undefined), 'data[0].tags must be a list, got an object'],
    ['a component list that holds null', (path: string) => (path === '/api/articles'
      ? page([tag('a1', { title: 'A', blocks: [null] })]) : undefined), 'data[0].blocks[0] must be an object, got null'],
    ['a body that is not JSON', tags({ text: '<html>' }), 'with a body that is not JSON'],
    ['a row id that is not a whole number', tags(page([tag('t1', { id: '7; drop' })])), 'data[0].id "7; drop" is not a row id (1 to 4294967295)'],
    ['one row id for two rows', tags(page([tag('t1', { id: 9 }), tag('t2', { id: 9 })])), 'data[1].id 9 is also the id of t1||published'],
    ['a media id below 1', (path: string) => (path === '/api/upload/files' ? { json: [tag('f1', { id: 0, url: 'https://cdn.example/f.png' })] } : undefined),
      '[0].id 0 is not a row id'],
  ] as [string, MockRoute, string][])('answers %s with one line naming the URL and field', async (_, route, message) => {
    const run = await importFrom(route);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(message);
    const last = run.stderr.trim().split('\n').at(-1)!;
    expect(last).toMatch(/^cms: 502 ImportSourceError: GET http:\/\/127\.0\.0\.1:\d+\/api\/\S+: /);
    expect(last).toContain(message);
    expect(run.stderr).not.toMatch(/TypeError/);
  });

  // The timeout applies to every request, the source's quick ones too (its locales first): it is a budget those meet on
  // a loaded machine (at 0.2 s, load 14 made the locales request the one given up), and the hang is all the test waits.
  it('a source that never answers is given up after --timeout, naming the URL', async () => {
    const run = await importFrom(tags({ hang: true } as never), ['--timeout', '2']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/api\/tags\?\S+: no answer within 2 s/);
  });

  it('an unreachable host says which URL and why', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const run = await cli(['import', '--from', `http://127.0.0.1:${port}`, '--root', target()]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `GET http://127.0.0.1:${port}/api/i18n/locales: cannot reach the server: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });
});

describe('the source client bounds what it reads', () => {
  it('refuses an answer over its size limit, declared or streamed, without holding it whole', async () => {
    const big = 'x'.repeat(5000);
    const streamed = { json: { big }, headers: { 'transfer-encoding': 'chunked' } };
    source = await hostileStrapi((path) => (path === '/declared' ? { json: { big } } : path === '/streamed' ? streamed : undefined));
    const client = strapiClient(source.url, undefined, { maxJsonBytes: 1000, maxFileBytes: 1000 });
    await expect(client.get('/declared'))
      .rejects.toThrow(`GET ${source.url}/declared: the answer is 5010 bytes, over the import's limit of 1000`);
    await expect(client.get('/streamed'))
      .rejects.toThrow(`GET ${source.url}/streamed: the answer is over the import's limit of 1000 bytes`);
    await expect(client.download('/declared')).rejects.toThrow('over the import\'s limit of 1000');
  });
});

describe('the token goes to the source only', () => {
  it('is not sent to a host whose URL merely starts like the source\'s', async () => {
    const seen: (string | undefined)[] = [];
    const fetchSpy = (async (url: string, init: RequestInit) => {
      seen.push((init.headers as Record<string, string>).authorization);
      return new Response('x', { status: 200 });
    }) as unknown as typeof fetch;
    const client = strapiClient('http://cms.example:1337', 'secret', { fetch: fetchSpy });
    await client.download('/uploads/a.png');
    await client.download('http://cms.example:1337@evil.example/uploads/a.png');
    await client.download('http://cms.example:13370/uploads/a.png');
    expect(seen).toEqual(['Bearer secret', undefined, undefined]);
  });
});

describe('every written content path stays under content/', () => {
  it.each([
    ['content/tags/a.json', true],
    ['content/upload/x.json', true],
    ['content/tags/../../package.json', false],
    ['content/../x.json', false],
    ['package.json', false],
    ['/etc/passwd', false],
    ['content/tags//a.json', false],
    ['content/tags\\..\\a.json', false],
  ])('%s → %s', (file, allowed) => {
    if (allowed) expect(() => assertContentPath(file)).not.toThrow();
    else expect(() => assertContentPath(file)).toThrow(/must stay under content\//);
  });
});
