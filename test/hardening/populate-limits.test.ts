import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../core/config/load.js';
import { ARTICLES, TAGS } from '../contract/sample-site.js';
import { copySampleSite, startApp, type TestServer } from '../helpers/project.js';

/**
 * Issue 11 item 5: populate multiplies. Ten alternating `tags`/`articles` levels (a 300-byte
 * anonymous URL) built 146 MB and held the event loop 7.7 s on the sample site. Strapi has no such
 * limit (nothing in 5.54 bounds populate depth); both bounds are project limits, checked before
 * rendering, answered as Strapi's 400 ValidationError envelope.
 */

/** `populate[a][populate][b]…=true` over the given attribute names, with optional per-level filters. */
function nestedPopulate(names: string[], filters: (string | undefined)[] = []): string {
  let key = 'populate';
  const params: string[] = [];
  names.forEach((name, level) => {
    key += level ? `[populate][${name}]` : `[${name}]`;
    if (filters[level]) params.push(`${key}[filters][documentId][$eq]=${filters[level]}`);
  });
  return [...params, `${key}=true`].join('&');
}

const alternating = (levels: number) => Array.from({ length: levels }, (_, level) => (level % 2 ? 'articles' : 'tags'));

let server: TestServer;
beforeAll(async () => {
  server = await startApp();
});

describe('populate amplification is refused before the work', () => {
  it('ten alternating tags/articles levels on the article list answer 400 ValidationError (response budget)', async () => {
    const url = `/api/articles?${nestedPopulate(alternating(10))}`;
    expect(url.length).toBeLessThan(300);
    const { status, body } = await server.getJson(url);
    expect(status).toBe(400);
    expect(body).toEqual({
      data: null,
      error: {
        status: 400,
        name: 'ValidationError',
        message: 'Populate would put more than 10000 entries into one answer (api.rest.maxPopulatedEntries): populate fewer levels, filter them, or ask for a smaller page',
        details: { source: 'query', param: 'populate', maxEntries: 10000 },
      },
    });
  });

  it('the server keeps answering after refusing many hostile populates at once', async () => {
    const url = `/api/articles?${nestedPopulate(alternating(10))}`;
    const statuses = await Promise.all(Array.from({ length: 24 }, () => server.getJson(url).then((answer) => answer.status)));
    expect(statuses).toEqual(Array(24).fill(400));
    expect((await server.getJson('/api/articles?fields=title')).status).toBe(200);
  });

  it('a populate eleven levels deep (a dot path) answers 400 naming the path, at the default maxPopulateDepth of 10', async () => {
    const path = alternating(11).join('.');
    const { status, body } = await server.getJson(`/api/articles?populate=${path}`);
    expect(status).toBe(400);
    expect(body.error).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Populate is nested too deep: at most 10 levels (api.rest.maxPopulateDepth)',
      details: { key: 'tags', path, source: 'query', param: 'populate', maxDepth: 10 },
    });
  });

  it('a populate ten levels deep that stays small (filtered at nine levels) still answers 200', async () => {
    const names = alternating(10);
    // qs reads 20 bracket levels (as Strapi): the tenth level has no room for a filter.
    const filters = names.slice(0, 9).map((name) => (name === 'tags' ? TAGS.coffee : ARTICLES.rome));
    const { status, body } = await server.getJson(`/api/articles/${ARTICLES.rome}?fields=title&${nestedPopulate(names, filters)}`);
    expect(status, JSON.stringify(body)).toBe(200);
    let level: any = body.data;
    for (const [depth, name] of names.slice(0, 9).entries()) {
      // From a tag (not localized) the inverse side lists every locale's version of Rome, as
      // Strapi joins them (recorded: dprel.tag.delta.*): each level holds only the filtered document.
      const ids = level[name].map((entry: { documentId: string }) => entry.documentId);
      expect(new Set(ids), name).toEqual(new Set([filters[depth]]));
      level = level[name][0];
    }
    expect(level.documentId).toBe(TAGS.coffee);
    expect(level.articles.map((article: { documentId: string }) => article.documentId)).toContain(ARTICLES.rome);
  });

  it('a wide but shallow list populate (populate=* on a full page) still answers 200', async () => {
    const { status, body } = await server.getJson('/api/articles?populate=*&pagination[pageSize]=100');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(Object.keys(ARTICLES).length);
  });
});

describe('the limits are configuration (api.rest.maxPopulateDepth, api.rest.maxPopulatedEntries)', () => {
  let small: TestServer;
  beforeAll(async () => {
    const root = copySampleSite();
    const file = join(root, 'cms.config.json');
    const config = JSON.parse(readFileSync(file, 'utf8'));
    config.api.rest.maxPopulateDepth = 2;
    config.api.rest.maxPopulatedEntries = 5;
    writeFileSync(file, JSON.stringify(config));
    small = await startApp(root);
  });

  it.each([
    ['two levels within both limits', `/api/articles/${ARTICLES.rome}?populate[author][populate]=avatar`, 200],
    ['three levels over maxPopulateDepth 2', `/api/articles/${ARTICLES.rome}?populate=author.articles.tags`, 400],
    ['more entries than maxPopulatedEntries 5', '/api/articles?populate=tags', 400],
    ['a count populate renders no entries', '/api/articles?populate[tags][count]=true', 200],
  ])('%s answers %s', async (_name, url, expected) => {
    const { status, body } = await small.getJson(url);
    expect(status, JSON.stringify(body)).toBe(expected);
    if (expected === 400) expect(body.error.name).toBe('ValidationError');
  });

  it.each([
    ['maxPopulateDepth', 0],
    ['maxPopulatedEntries', 1.5],
    ['maxPopulatedEntries', '10'],
  ])('api.rest.%s = %j is a config error', (key, value) => {
    expect(() => resolveConfig({ api: { rest: { [key]: value } } })).toThrow(`api.rest.${key} must be a positive integer`);
  });
});
