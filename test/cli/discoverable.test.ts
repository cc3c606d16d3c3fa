import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startBanner } from '../../cli/commands/serve-banner.js';
import { runCli } from '../../cli/program.js';
import { writeConfig } from '../auth/helpers.js';
import { ARTICLES, DRAFT_ONLY } from '../contract/sample-site.js';
import { copySampleSite, REPO_ROOT, startApp, type TestServer } from '../helpers/project.js';

/** Run the CLI in process; stdout and stderr as text. */
async function cli(args: string[], cwd = REPO_ROOT) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) }, cwd, env: { ...process.env, CMS_ROOT: undefined } });
  return { code, stdout, stderr };
}

let server: TestServer;
beforeAll(async () => {
  server = await startApp();
});

const total = async (query: string) => (await server.getJson(`/api/articles?${query}`)).body.meta.pagination.total;

describe('cms ls', () => {
  it('--json lists every type with kind, API ids, counts per locale and status, and the Public role', async () => {
    const { code, stdout } = await cli(['ls', '--json']);
    expect(code).toBe(0);
    const types = JSON.parse(stdout);
    expect(types.map((type: { uid: string }) => type.uid)).toEqual(expect.arrayContaining(['api::article.article', 'api::global.global',
      'api::tag.tag']));
    const articles = types.find((type: { uid: string }) => type.uid === 'api::article.article');
    expect(articles).toMatchObject({ kind: 'collectionType', pluralName: 'articles', singularName: 'article', path: '/api/articles',
      draftAndPublish: true, localized: true, public: ['find', 'findOne'] });
    expect(articles.locales.en).toEqual({ published: Object.keys(ARTICLES).length,
      draft: Object.keys(ARTICLES).length + Object.keys(DRAFT_ONLY).length });
    expect(articles.locales.fr).toEqual({ published: await total('locale=fr'), draft: await total('locale=fr&status=draft') });
    expect(types.find((type: { uid: string }) => type.uid === 'api::global.global'))
      .toMatchObject({ kind: 'singleType', path: '/api/global', documents: 1 });
  });

  it('prints a table, and shows a private type as such', async () => {
    const root = copySampleSite();
    writeConfig(root, (config) => { delete config.permissions.public['api::tag.tag']; });
    const { code, stdout } = await cli(['ls', '--root', root]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^KIND +UID +PLURAL +SINGULAR +DOCS +PER LOCALE \(published\/draft\) +PUBLIC ROLE$/m);
    expect(stdout).toMatch(/^collection +api::article\.article +articles +article +16 +en 13\/16, fr \d+\/\d+ +find, findOne$/m);
    expect(stdout).toMatch(/^collection +api::tag\.tag +tags +tag +\d+ +\d+ +-$/m);
  });
});

describe('--json on every command that prints data', () => {
  it.each(['ls', 'get', 'create', 'update', 'history', 'validate', 'fmt', 'export', 'upload', 'token list',
    'files list'])('cms %s --help lists --json', async (command) => {
    const { code, stdout } = await cli([...command.split(' '), '--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ +--json +only JSON on stdout/m);
  });

  it('validate --json prints the problems as JSON', async () => {
    const { code, stdout } = await cli(['validate', '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([]);
  });

  it('fmt --check --json prints what would change as JSON', async () => {
    const { stdout } = await cli(['fmt', '--check', '--json']);
    expect(JSON.parse(stdout)).toEqual({ changed: expect.any(Array), skipped: expect.any(Array) });
  });
});

describe('GET / answers a JSON index of the API', () => {
  it('lists the types the caller may read, with their URLs', async () => {
    const root = copySampleSite();
    writeConfig(root, (config) => { delete config.permissions.public['api::tag.tag']; });
    const site = await startApp(root);
    const { status, body } = await site.getJson('/');
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: 'gitcms', api: '/api', routes: { locales: '/api/i18n/locales', health: '/_health' } });
    const urls = body.contentTypes.map((type: { url: string }) => type.url);
    expect(urls).toContain('/api/articles');
    expect(urls).toContain('/api/global');
    expect(urls).not.toContain('/api/tags');
    expect(body.contentTypes.find((type: { url: string }) => type.url === '/api/articles')).toMatchObject({ uid: 'api::article.article',
      kind: 'collectionType', actions: ['find', 'findOne'] });
    expect((await site.request('/')).headers.get('etag')).toBeTruthy();
  });

  it('never shadows public/index.html, a public file or a content route', async () => {
    const root = copySampleSite();
    mkdirSync(join(root, 'public'), { recursive: true });
    writeFileSync(join(root, 'public/index.html'), '<h1>My site</h1>');
    const site = await startApp(root);
    const home = await site.request('/');
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await home.text()).toBe('<h1>My site</h1>');
    expect((await site.request('/index.html')).status).toBe(200);
    expect((await site.request('/uploads/coffee_beans_fbe1f518bb.png')).status).toBe(200);
    expect((await site.getJson('/api/articles')).body.meta.pagination.total).toBe(13);
    expect((await site.request('/nope')).status).toBe(404);
    expect((await site.request('/', { method: 'POST' })).status).toBe(404);
  });
});

describe('the start banner', () => {
  it('says how many documents were indexed, how long it took, and gives URLs to try', () => {
    const banner = startBanner(server.cms, 'http://localhost:1337', 123.4);
    expect(banner).toMatch(/^Indexed \d+ document\(s\) of \d+ type\(s\); ready in 123 ms$/m);
    expect(banner).toContain('  http://localhost:1337/api/articles\n');
    expect(banner).toMatch(/http:\/\/localhost:1337\/api\/articles\/\w{24}\?populate=\*/);
    expect(banner).toMatch(/http:\/\/localhost:1337\/api\/(about|global)\n/);
    expect(banner).toContain('http://localhost:1337/ ');
  });

  it('says so when the Public role may read nothing', async () => {
    const root = copySampleSite();
    writeConfig(root, (config) => { config.permissions.public = {}; });
    const site = await startApp(root);
    expect(startBanner(site.cms, 'http://x', 1)).toContain('The Public role may read nothing yet');
  });
});
