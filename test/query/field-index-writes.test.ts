import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error the bench generator is plain JavaScript
import { generate } from '../../bench/generate.mjs';
import { ensureBuilt } from '../cli/built-cli.js';
import { serveSite, type ServedSite } from '../write/served-site.js';

const root = mkdtempSync(join(tmpdir(), 'cms-field-index-'));
let site: ServedSite;

beforeAll(async () => {
  ensureBuilt();
  generate(300, root, 17);
  const file = join(root, 'cms.config.json');
  const config = JSON.parse(readFileSync(file, 'utf8'));
  config.permissions.public = { ...config.permissions.public, 'api::article.article': ['find', 'findOne', 'create', 'update', 'delete'] };
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  site = await serveSite(root, ['--no-watch']);
}, 180_000);

afterAll(async () => {
  await site?.stop();
  rmSync(root, { recursive: true, force: true });
});

/**
 * A list filtered on a field (read off that field's index once a comparison on it was asked), and the
 * same filter inside an `$or`, which no index answers: every node is judged. Both must agree.
 */
async function both(filter: string, sort = 'views:desc') {
  const page = `&sort=${sort}&pagination[pageSize]=100&fields[0]=title`;
  const indexed = await site.send('GET', `/api/articles?${filter}${page}`);
  const scanned = await site.send('GET', `/api/articles?${filter.replaceAll('filters[', 'filters[$or][0][')}${page}`);
  expect(indexed.status, filter).toBe(200);
  const ids = (answer: { body: any }) => answer.body.data.map((entry: { documentId: string }) => entry.documentId);
  expect({ ids: ids(indexed), total: indexed.body.meta.pagination.total }, filter)
    .toEqual({ ids: ids(scanned), total: scanned.body.meta.pagination.total });
  return ids(indexed) as string[];
}

describe('a filter read off a field\'s index over the real server sees each write on the next request', { timeout: 120_000 }, () => {
  it('after updates in place, updates that move the row, creates and deletes, for values never asked before', async () => {
    // First comparisons on the fields: their indexes are built now, and kept with the sorted lists.
    expect((await both('filters[readingTime][$lt]=5')).length).toBeGreaterThan(0);
    expect(await both('filters[slug][$eq]=article-7')).toHaveLength(1);
    const list = await site.send('GET', '/api/articles?sort=views:desc&pagination[pageSize]=3');
    const [first, second] = list.body.data.map((entry: { documentId: string }) => entry.documentId);

    // An update in place (views unchanged): the new readingTime is what the next filter reads.
    expect((await site.send('PUT', `/api/articles/${first}`, { data: { readingTime: 0.011 } })).status).toBe(200);
    // (from 0.005 up: a generated article may read 0)
    expect(await both('filters[readingTime][$gt]=0.005&filters[readingTime][$lt]=0.012')).toEqual([first]);
    expect(await both('filters[readingTime][$eq]=0.011')).toEqual([first]);

    // An update that moves the row in the list (views), and renames its slug.
    expect((await site.send('PUT', `/api/articles/${second}`, { data: { views: -5, readingTime: 0.012, slug: 'moved-slug' } })).status)
      .toBe(200);
    expect(await both('filters[readingTime][$gt]=0.005&filters[readingTime][$lte]=0.012')).toEqual([first, second]);
    expect(await both('filters[slug][$eq]=moved-slug')).toEqual([second]);
    expect(await both('filters[slug][$eq]=article-1', 'title:asc')).toHaveLength(1);

    // A create lands in the index at its place; a delete leaves it.
    const created = await site.send('POST', '/api/articles', { data: { title: 'indexed create', readingTime: 0.0115, views: 500 } });
    expect(created.status).toBe(201);
    const id = created.body.data.documentId;
    expect(await both('filters[readingTime][$between][0]=0.01&filters[readingTime][$between][1]=0.0119')).toEqual([first, id]);
    expect(await both('filters[readingTime][$gte]=0.0112&filters[readingTime][$lt]=0.0125')).toEqual([id, second]);
    expect((await site.send('DELETE', `/api/articles/${id}`)).status).toBe(204);
    expect(await both('filters[readingTime][$between][0]=0.005&filters[readingTime][$between][1]=0.0125')).toEqual([first, second]);

    // Wide runs (kept once read) follow writes too: every article but the two changed ones.
    const wide = await both('filters[readingTime][$gt]=0.0125');
    expect(wide).not.toContain(first);
    expect((await site.send('PUT', `/api/articles/${first}`, { data: { readingTime: 19.5 } })).status).toBe(200);
    expect(await both('filters[readingTime][$gt]=0.0125')).toContain(first);
  });
});
