import { describe, expect, it, vi } from 'vitest';
import { createCms } from '../../core/cms.js';
import { serve } from '../../core/http/serve.js';
import { authSite, bearer, TEST_ENV, writeConfig } from '../auth/helpers.js';
import { copySampleSite, startApp } from '../helpers/project.js';
import { ARTICLES, GLOBAL_ID } from './sample-site.js';

/** The sample site with the media library readable by the Public role. */
function publicMediaSite(change: (config: any) => void = () => {}): string {
  const root = copySampleSite();
  writeConfig(root, (config) => {
    config.permissions.public['plugin::upload.content-api'] = ['find', 'findOne'];
    change(config);
  });
  return root;
}

const revalidate = (etag: string, headers: Record<string, string> = {}) => ({ headers: { 'if-none-match': etag, ...headers } });

describe('HTTP caching: ETag, If-None-Match and Cache-Control', () => {
  it.each([
    ['a collection', '/api/articles?populate=author'],
    ['a document', `/api/articles/${ARTICLES.rome}`],
    ['a single type', '/api/global'],
    ['the media library', '/api/upload/files'],
    ['one media entry', '/api/upload/files/:first'],
    ['the locales', '/api/i18n/locales'],
  ])('tags %s and answers 304 to its tag', async (_name, path) => {
    const server = await startApp(publicMediaSite());
    if (path.endsWith(':first')) path = path.replace(':first', String((await server.getJson('/api/upload/files')).body[0].id));
    const first = await server.request(path);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await server.request(path, revalidate(etag));
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('content-type')).toBeNull();
    // A list of tags (and a weak form) matches too; another tag does not.
    expect((await server.request(path, revalidate(`"other", W/${etag}`))).status).toBe(304);
    expect((await server.request(path, revalidate('"other"'))).status).toBe(200);
  });

  it('gives a new tag after a write, and the old tag a full answer', async () => {
    const server = await startApp(copySampleSite());
    const before = (await server.request('/api/tags')).headers.get('etag')!;
    await server.cms.documents('tags').create({ data: { name: 'Espresso' } });
    const after = await server.request('/api/tags', revalidate(before));
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);
  });

  it('differs with the query, the response format and the Origin, as the cache key does', async () => {
    const server = await startApp();
    const tag = async (path: string, headers: Record<string, string> = {}) => (await server.request(path, { headers })).headers.get('etag');
    const plain = await tag('/api/articles');
    const tags = [plain, await tag('/api/articles?locale=fr'), await tag('/api/articles', { 'strapi-response-format': 'v4' }),
      await tag('/api/articles', { origin: 'https://example.com' })];
    expect(new Set(tags).size).toBe(4);
    expect(await tag('/api/articles')).toBe(plain);
  });

  it('never confirms content to a caller who may not read it; callers share a tag only when they may read exactly the same', async () => {
    const site = await authSite();
    // tags are private: the read-only token may read them, the Public role may not.
    const withToken = await site.request('/api/tags', { headers: bearer(site.keys.readOnly) });
    expect(withToken.status).toBe(200);
    const etag = withToken.headers.get('etag')!;
    expect(withToken.headers.get('cache-control')).toBe('private, no-cache');
    expect((await site.request('/api/tags', revalidate(etag, bearer(site.keys.readOnly)))).status).toBe(304);
    expect((await site.request('/api/tags', revalidate(etag))).status).toBe(403);
    expect((await site.request('/api/tags', revalidate(etag, bearer('not-a-token')))).status).toBe(401);
    // A signed-in user may read tags but not authors: another read scope, so another tag.
    const other = await site.request('/api/tags', revalidate(etag, bearer(site.jwt)));
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).not.toBe(etag);
    // A full-access token may read exactly what the read-only one may: the same bytes, the same tag.
    expect((await site.request('/api/tags', revalidate(etag, bearer(site.keys.fullAccess)))).status).toBe(304);
    // Revoking the token changes the auth state: its old tag no longer confirms anything.
    await site.cms.auth.tokens.revoke('reader');
    expect((await site.request('/api/tags', revalidate(etag, bearer(site.keys.readOnly)))).status).toBe(401);
  });

  it('answers a 304 without running the query', async () => {
    const site = await authSite();
    const path = `/api/articles?populate=*`;
    const etag = (await site.request(path, { headers: bearer(site.keys.readOnly) })).headers.get('etag')!;
    const findPage = vi.spyOn(site.cms.service, 'findPage');
    expect((await site.request(path, revalidate(etag, bearer(site.keys.readOnly)))).status).toBe(304);
    expect(findPage).not.toHaveBeenCalled();
  });

  it('puts no validators on errors or writes', async () => {
    const server = await startApp(copySampleSite());
    const invalid = await server.request('/api/articles?filters[nope][$eq]=1');
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('etag')).toBeNull();
    expect((await server.request('/api/articles/nope')).headers.get('etag')).toBeNull();
    const created = await server.request('/api/tags', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: '{"data":{"name":"x"}}' });
    expect(created.headers.get('etag')).toBeNull();
  });

  it('takes Cache-Control per type from server.cacheControl', async () => {
    const root = publicMediaSite((config) => {
      config.server.cacheControl = { '*': 'public, max-age=60', articles: 'public, max-age=5, stale-while-revalidate=60',
        'plugin::upload.file': 'public, max-age=3600' };
    });
    const server = await startApp(root);
    const control = async (path: string) => (await server.request(path)).headers.get('cache-control');
    expect(await control('/api/articles')).toBe('public, max-age=5, stale-while-revalidate=60');
    expect(await control(`/api/articles/${ARTICLES.rome}`)).toBe('public, max-age=5, stale-while-revalidate=60');
    expect(await control('/api/global')).toBe('public, max-age=60');
    expect(await control('/api/upload/files')).toBe('public, max-age=3600');
  });

  it('rejects a server.cacheControl entry naming no type, or a value that is no header', async () => {
    const unknownType = copySampleSite();
    writeConfig(unknownType, (config) => { config.server.cacheControl = { artciles: 'no-store' }; });
    await expect(createCms({ root: unknownType })).rejects.toThrow('server.cacheControl.artciles names no content type');
    const badValue = copySampleSite();
    writeConfig(badValue, (config) => { config.server.cacheControl = { '*': 'no-cache\r\nset-cookie: x=1' }; });
    await expect(createCms({ root: badValue })).rejects.toThrow('server.cacheControl.* must be a Cache-Control value');
  });

  it('answers 304 on the Node fast path for cached anonymous reads', async () => {
    const cms = await createCms({ root: copySampleSite(), env: TEST_ENV });
    const listener = await serve(cms, { port: 0, host: '127.0.0.1', showURL: false });
    try {
      const url = `${listener.url.replace(/\/$/, '')}/api/global`;
      const first = await fetch(url);
      const etag = first.headers.get('etag')!;
      expect((await first.json()).data.documentId).toBe(GLOBAL_ID);
      await fetch(url); // now served from the cache
      const cached = await fetch(url, revalidate(etag));
      expect(cached.status).toBe(304);
      expect(cached.headers.get('etag')).toBe(etag);
    } finally {
      await listener.close();
    }
  });
});
