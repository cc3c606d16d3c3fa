import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { resolveConfig } from '../../core/config/load.js';
import { createApp } from '../../core/http/app.js';
import { tagOf } from '../../core/http/studio-bundle.js';
import { TEST_ENV } from '../auth/helpers.js';
import { copySampleSite, REPO_ROOT, startApp } from '../helpers/project.js';

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe('the studio route', () => {
  it('redirects /admin to /admin/ and serves the page with the import map admitted by hash only', async () => {
    const site = await startApp(copySampleSite(), { env: TEST_ENV });
    const redirect = await site.request('/admin?x=1');
    expect([redirect.status, redirect.headers.get('location')]).toEqual([308, '/admin/?x=1']);
    const page = await site.request('/admin/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(await page.text()).toContain('data-api-prefix="/api"');
  });

  it('names the entry module (or the build\'s bundle), packages and styles by tagged URL, kept for good only while tagged', async () => {
    const site = await startApp(copySampleSite(), { env: TEST_ENV });
    const page = await (await site.request('/admin/')).text();
    const imports = JSON.parse(/<script type="importmap">([\s\S]*?)<\/script>/.exec(page)![1]).imports as Record<string, string>;
    expect(imports).toMatchObject({ preact: expect.stringMatching(/^\.\/vendor\/preact\.js\?v=[\w-]{16}$/) });
    // The bundle while the checkout's build made it from the modules as they are (which one: studio-first-load-browser.test.ts).
    const entry = /<script type="module" src="\.\/((?:app|app\.bundle)\.js\?v=[\w-]{16})">/.exec(page)?.[1];
    expect(entry).toBeDefined();
    if (!entry!.startsWith('app.bundle.js')) expect(`./${entry}`).toBe(imports['./app.js']);
    expect(page).toMatch(/<link rel="stylesheet" href="\.\/studio\.css\?v=[\w-]{16}">/);
    const kept = async (path: string) => (await site.request(`/admin/${path}`)).headers.get('cache-control');
    const fields = `fields.js?v=${tagOf(readFileSync(join(REPO_ROOT, 'studio/fields.js')))}`;
    expect([await kept(entry!), await kept(imports.preact.slice(2)), await kept(fields)])
      .toEqual(Array(3).fill('public, max-age=31536000, immutable'));
    // Asked plainly, or by a tag the file no longer has (a page loaded before it changed): checked again at each use.
    expect([await kept('fields.js'), await kept('fields.js?v=0-0'), await kept('vendor/preact.js')])
      .toEqual(['no-cache', 'no-cache', 'no-cache']);
  });

  it.each([
    ['/admin/vendor/preact.js', 'text/javascript; charset=utf-8'],
    ['/admin/vendor/hooks.js', 'text/javascript; charset=utf-8'],
    ['/admin/vendor/htm.js', 'text/javascript; charset=utf-8'],
    ['/admin/app.js', 'text/javascript; charset=utf-8'],
    ['/admin/studio.css', 'text/css; charset=utf-8'],
  ])('serves %s locally (no CDN)', async (path, type) => {
    const site = await startApp(copySampleSite(), { env: TEST_ENV });
    const response = await site.request(path);
    expect([response.status, response.headers.get('content-type')]).toEqual([200, type]);
  });

  it.each(['/admin/vendor/../package.json', '/admin/vendor/react.js', '/admin/%2e%2e/package.json', '/admin/index.html',
    '/admin/nope.js'])('answers 404 for %s', async (path) => {
    const site = await startApp(copySampleSite(), { env: TEST_ENV });
    expect((await site.request(path)).status).toBe(404);
  });

  it('wins over a public file at the same path, and lets /api, / and other public files through', async () => {
    const root = copySampleSite();
    mkdirSync(join(root, 'public/admin'), { recursive: true });
    writeFileSync(join(root, 'public/admin/app.js'), 'shadow');
    writeFileSync(join(root, 'public/robots.txt'), 'ok');
    const site = await startApp(root, { env: TEST_ENV });
    expect(await (await site.request('/admin/app.js')).text()).not.toBe('shadow');
    expect((await site.request('/robots.txt')).status).toBe(200);
    expect((await site.request('/api/articles')).status).toBe(200);
  });

  it('lists to a credential only the types it may read, and nothing to the Public role', async () => {
    const site = await startApp(copySampleSite(), { env: TEST_ENV });
    const anonymous = await site.getJson('/admin/api/schemas');
    expect([anonymous.status, anonymous.body.error.name]).toEqual([401, 'UnauthorizedError']);
    expect((await site.getJson('/admin/api/schemas', { headers: bearer('wrong') })).status).toBe(401);
    const full = (await site.cms.auth.tokens.create({ name: 'all', type: 'full-access' })).accessKey;
    const custom = (await site.cms.auth.tokens.create({ name: 'tags', type: 'custom',
      permissions: ['api::tag.tag.find', 'api::tag.tag.update'] })).accessKey;
    const all = await site.getJson('/admin/api/schemas', { headers: bearer(full) });
    expect(all.body.data.map((model: { pluralName: string }) => model.pluralName)).toEqual(['abouts', 'articles', 'authors', 'categories',
      'globals', 'tags']);
    expect(all.body.meta).toMatchObject({ locales: ['en', 'fr'], defaultLocale: 'en', prefix: '/api', user: 'all' });
    const article = all.body.data.find((model: { uid: string }) => model.uid === 'api::article.article');
    expect(article.mainField).toBe('title');
    expect(article.attributes.find((attribute: { name: string }) => attribute.name === 'author'))
      .toMatchObject({ targetPluralName: 'authors', targetMainField: 'name', targetReadable: true });
    // Which fields every locale shares is the core's rule (isLocalizedAttribute), sent with each attribute: the studio keeps no copy.
    const shared = Object.fromEntries(
      article.attributes.map((attribute: { name: string; shared: boolean }) => [attribute.name, attribute.shared]),
    );
    expect(shared).toMatchObject({ views: true, title: false, slug: false, author: false });
    const author = all.body.data.find((model: { uid: string }) => model.uid === 'api::author.author');
    expect(author.attributes.every((attribute: { shared: boolean }) => attribute.shared === false)).toBe(true); // authors are not localized
    // A private field shows to a caller who may update the type, as Strapi's admin edits it (studio-stored-route.test.ts).
    expect(author.attributes.map((attribute: { name: string }) => attribute.name)).toContain('secretNote');
    const tags = await site.getJson('/admin/api/schemas', { headers: bearer(custom) });
    expect(tags.body.data.map((model: { uid: string; actions: string[] }) => [model.uid, model.actions]))
      .toEqual([['api::tag.tag', ['find', 'update']]]);
  });

  it('is off with admin.enabled false or createApp({ admin: false }), and moves with admin.path', async () => {
    const root = copySampleSite();
    const cms = await createCms({ root, env: TEST_ENV });
    expect((await createApp(cms, { admin: false, log: () => {} }).request('/admin/')).status).toBe(404);
    const moved = await createCms({ root, env: TEST_ENV, config: { locales: ['en'], admin: { path: '/studio' } } });
    const app = createApp(moved, { log: () => {} });
    expect((await app.request('/studio/')).status).toBe(200);
    expect((await app.request('/admin/')).status).toBe(404);
    const off = await createCms({ root, env: TEST_ENV, config: { admin: { enabled: false } } });
    expect((await createApp(off, { log: () => {} }).request('/admin/')).status).toBe(404);
  });
});

describe('admin config', () => {
  it.each([
    [{ admin: { path: 'admin' } }, 'admin.path must be a path such as "/admin"'],
    [{ admin: { path: '/admin/' } }, 'admin.path must be a path such as "/admin"'],
    [{ admin: { path: '/api' } }, 'admin.path "/api" overlaps the API prefix'],
    [{ admin: { path: '/api/admin' } }, 'admin.path "/api/admin" overlaps the API prefix'],
    [{ admin: { path: '/cms' }, api: { rest: { prefix: '/cms/v1' } } }, 'admin.path "/cms" overlaps the API prefix'],
    [{ admin: { path: '/uploads' } }, 'admin.path "/uploads" overlaps /uploads'],
    [{ admin: { enabled: 'yes' } }, 'admin.enabled must be true or false'],
    [{ admin: { pth: '/x' } }, 'admin.pth is not a known setting (did you mean "path"?)'],
  ])('rejects %j', (raw, message) => {
    expect(() => resolveConfig(raw)).toThrow(message);
  });

  it('defaults to the studio at /admin', () => {
    expect(resolveConfig({}).admin).toEqual({ enabled: true, path: '/admin' });
  });
});
