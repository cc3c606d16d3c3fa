import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { TypeDependencies } from '../../core/index/type-dependencies.js';
import { SAMPLE, writableSite } from './helpers.js';
import { listening, watchedSite } from './watched-site.js';

const servers: Server[] = [];
afterEach(() => { for (const server of servers.splice(0)) server.close(); });

const tagNames = (article: any) => article.tags.map((tag: any) => tag.name);
const TAGGED = `/api/articles?populate=tags&filters[tags][documentId][$eq]=${SAMPLE.coffeeTag}`;
const AUTHORS = '/api/authors?populate[articles][populate]=tags&pagination[pageSize]=100';

describe('a write invalidates exactly the cached answers it can change', () => {
  it('a cached list that populates the written type shows the change on the next request', async () => {
    const { get, put } = await watchedSite();
    const before = await get(TAGGED);
    expect(before.body.data.length).toBeGreaterThan(0);
    expect((await get(TAGGED)).etag).toBe(before.etag);
    expect(await put(`/api/tags/${SAMPLE.coffeeTag}`, { name: 'Renamed coffee tag' })).toBe(200);
    const after = await get(TAGGED);
    expect(after.etag).not.toBe(before.etag);
    for (const article of after.body.data) expect(tagNames(article)).toContain('Renamed coffee tag');
  });

  it('answers that reach the written type through two relations change too (authors → articles → tags)', async () => {
    const { get, put } = await watchedSite();
    const before = await get(AUTHORS);
    const names = (body: any) => body.data.flatMap((author: any) => author.articles.flatMap(tagNames));
    expect(names(before.body)).not.toContain('Renamed twice');
    expect(await put(`/api/tags/${SAMPLE.coffeeTag}`, { name: 'Renamed twice' })).toBe(200);
    expect(names((await get(AUTHORS)).body)).toContain('Renamed twice');
  });

  it('a client holding the old tag gets the new answer, not a 304', async () => {
    const { get, put } = await watchedSite();
    const before = await get(TAGGED);
    expect(await put(`/api/tags/${SAMPLE.coffeeTag}`, { name: 'Fresh' })).toBe(200);
    const again = await get(TAGGED, { 'if-none-match': before.etag! });
    expect(again.status).toBe(200);
    expect(tagNames(again.body.data[0])).toContain('Fresh');
  });

  it('an answer about an unrelated type survives the write: served from the cache with the same tag', async () => {
    const { get, put, computed } = await watchedSite();
    const global = await get('/api/global?populate=*');
    expect(global.status).toBe(200);
    const cachedSoFar = computed();
    expect(await put(`/api/tags/${SAMPLE.coffeeTag}`, { name: 'Unrelated to the global' })).toBe(200);
    const again = await get('/api/global?populate=*');
    expect(again.body).toEqual(global.body);
    expect(again.etag).toBe(global.etag);
    expect(computed()).toBe(cachedSoFar);
    // …while the written type's own list is computed again.
    await get('/api/tags');
    expect(computed()).toBe(cachedSoFar + 1);
  });

  it('over a socket (the Node fast path) a related list is fresh after a write, an unrelated one keeps its tag', async () => {
    const { cms, put } = await watchedSite();
    const base = await listening(cms, servers);
    const fetchJson = async (path: string) => {
      const response = await fetch(base + path);
      return { body: await response.json(), etag: response.headers.get('etag') };
    };
    await fetchJson(TAGGED);
    const global = await fetchJson('/api/global');
    const write = await fetch(`${base}/api/tags/${SAMPLE.coffeeTag}`,
      { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { name: 'Over the socket' } }) });
    expect(write.status).toBe(200);
    for (const article of (await fetchJson(TAGGED)).body.data) expect(tagNames(article)).toContain('Over the socket');
    expect((await fetchJson('/api/global')).etag).toBe(global.etag);
  });
});

describe('TypeDependencies', () => {
  it.each([
    ['api::tag.tag', ['api::article.article', 'api::author.author', 'api::category.category', 'plugin::upload.file', 'shared.seo']],
    ['api::global.global', ['plugin::upload.file', 'shared.seo', 'shared.meta-social']],
    ['plugin::upload.file', []],
  ])('%s reads its own rows and those of %j', async (uid, reached) => {
    const cms = await createCms({ root: writableSite() });
    const reads = new TypeDependencies(cms.index.models).readsOf(uid);
    expect(reads[0]).toBe(uid);
    expect(reads).toEqual(expect.arrayContaining(reached));
    if (uid === 'api::global.global') expect(reads).not.toContain('api::article.article');
  });

  it('a write to the media library reaches every type with media, not the types without', async () => {
    const cms = await createCms({ root: writableSite() });
    const readers = new TypeDependencies(cms.index.models).readersOf('plugin::upload.file');
    expect(readers).toEqual(expect.arrayContaining(['api::article.article', 'api::global.global', 'api::author.author', 'api::about.about',
      'plugin::upload.file']));
    expect(new TypeDependencies(cms.index.models).readersOf('api::global.global')).toEqual(['api::global.global']);
  });
});
