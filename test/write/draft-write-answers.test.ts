import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { SAMPLE } from './helpers.js';
import { listening, watchedSite } from './watched-site.js';

const servers: Server[] = [];
afterEach(() => { for (const server of servers.splice(0)) server.close(); });

const PUBLISHED = '/api/articles?pagination[pageSize]=100&sort=title';
const DRAFTS = '/api/articles?pagination[pageSize]=100&sort=title&status=draft';
const titles = (text: string) => JSON.parse(text).data.map((article: { title: string }) => article.title);

describe("a draft's write leaves the published lists it cannot change", () => {
  it('a published list is still the kept answer after a draft write, and the same bytes as one computed anew', async () => {
    const { get, put, computed } = await watchedSite();
    const before = await get(PUBLISHED);
    await get(DRAFTS);
    const keptSoFar = computed();
    expect(await put(`/api/articles/${SAMPLE.coffee}?status=draft`, { title: 'A draft title only' })).toBe(200);
    const after = await get(PUBLISHED);
    expect(computed()).toBe(keptSoFar);
    expect(after.etag).toBe(before.etag);
    expect(after.text).toBe(before.text);
    // Another Origin is another key: computed from the index now, it answers the same bytes.
    expect((await get(PUBLISHED, { origin: 'http://elsewhere.test' })).text).toBe(before.text);
    // The draft list shows the write at once (read your writes, draft status).
    expect(titles((await get(DRAFTS)).text)).toContain('A draft title only');
    expect(titles(after.text)).not.toContain('A draft title only');
  });

  it('a write that publishes changes the published list on the next read', async () => {
    const { get, put } = await watchedSite();
    const before = await get(PUBLISHED);
    expect(await put(`/api/articles/${SAMPLE.coffee}`, { title: 'Published at once' })).toBe(200);
    const after = await get(PUBLISHED);
    expect(after.etag).not.toBe(before.etag);
    expect(titles(after.text)).toContain('Published at once');
  });

  it.each([
    ['a populate', '/api/articles?populate=tags'],
    ['a relation filter', `/api/articles?filters[tags][documentId][$eq]=${SAMPLE.coffeeTag}`],
    ['a relation sort', '/api/articles?sort=author.name'],
    ['a publication cohort', '/api/articles?publicationFilter=modified'],
  ])('a list with %s, which may read drafts, is computed again after a draft write', async (_, path) => {
    const { get, put, computed } = await watchedSite();
    expect((await get(path)).status).toBe(200);
    const keptSoFar = computed();
    expect(await put(`/api/articles/${SAMPLE.coffee}?status=draft`, { title: 'Another draft title' })).toBe(200);
    expect((await get(path)).status).toBe(200);
    expect(computed()).toBe(keptSoFar + 1);
  });

  it('over a socket, the published list keeps its tag across draft writes; a published read shows a publish at once', async () => {
    const { cms } = await watchedSite();
    const base = await listening(cms, servers);
    const read = async (path: string) => {
      const response = await fetch(base + path);
      return { text: await response.text(), etag: response.headers.get('etag') };
    };
    const write = async (query: string, title: string) => (await fetch(`${base}/api/articles/${SAMPLE.release}${query}`,
      { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { title } }) })).status;
    const before = await read(PUBLISHED);
    expect(await write('?status=draft', 'Draft over the socket')).toBe(200);
    expect(await read(PUBLISHED)).toEqual(before);
    expect(titles((await read(DRAFTS)).text)).toContain('Draft over the socket');
    expect(await write('', 'Published over the socket')).toBe(200);
    expect(titles((await read(PUBLISHED)).text)).toContain('Published over the socket');
  });
});
