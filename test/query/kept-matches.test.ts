import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error the bench generator is plain JavaScript
import { generate, random } from '../../bench/generate.mjs';
import { trustedCaller } from '../../core/access/permissions.js';
import { createCms, type Cms } from '../../core/cms.js';
import { executeFind, selectNodes } from '../../core/query/execute.js';
import { renderNode } from '../../core/query/render.js';
import { parseQueryString } from '../../core/strapi/parse-query.js';

const root = mkdtempSync(join(tmpdir(), 'cms-kept-matches-'));
const andRoot = mkdtempSync(join(tmpdir(), 'cms-kept-and-'));
afterAll(() => { rmSync(root, { recursive: true, force: true }); rmSync(andRoot, { recursive: true, force: true }); });

const FILTERS = [
  'filters[views][$gt]={n}', 'filters[views][$lte]={n}', 'filters[views][$between][0]={n}&filters[views][$between][1]={m}',
  'filters[title][$containsi]={word}', 'filters[title][$startsWith]={word}', 'filters[featured][$eq]=true',
  'filters[author][name][$containsi]=author {d}', 'filters[category][name][$eq]=Category {d}', 'filters[tags][name][$in][0]=Tag {d}',
  'filters[$or][0][views][$lt]={n}&filters[$or][1][title][$containsi]={word}', 'filters[$not][readingTime][$gt]={d}',
  'filters[author][$null]=true', 'filters[publishDate][$gte]=2025-0{d}-01',
];
const SORTS = ['', 'sort=views:desc', 'sort=title:asc', 'sort=publishDate:desc,views:asc', 'sort=readingTime:asc', 'sort=author.name:asc'];
const SCOPES = ['', 'status=draft', 'locale=fr', 'locale=*'];
const WORDS = ['coffee', 'pizza', 'Rome', 'night', 'river'];

/** A random list query over the generated articles: 1–2 filters, a sort, a scope and a page. */
function randomQuery(rand: () => number): string {
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const fill = (text: string) => text.replace('{n}', String(Math.floor(rand() * 1000))).replace('{m}', String(Math.floor(rand() * 1000)))
    .replace('{word}', pick(WORDS)).replace(/\{d\}/g, String(1 + Math.floor(rand() * 8)));
  const filters = Array.from({ length: 1 + Math.floor(rand() * 2) }, () => fill(pick(FILTERS)))
    // two filters on the same path would merge into a list: keep the pair on different fields
    .filter((filter, at, all) => all.findIndex((other) => other.split('[$')[0] === filter.split('[$')[0]) === at);
  const page = `pagination[page]=${1 + Math.floor(rand() * 4)}&pagination[pageSize]=${pick([1, 5, 10, 25])}`;
  return [...filters, pick(SORTS), pick(SCOPES), page].filter(Boolean).join('&');
}

/** The page and total a query selects, found twice: by the kept positions of its filter, and by a scan of the whole list. */
function bothWays(cms: Cms, search: string) {
  const model = cms.contentType('articles');
  const query = cms.service.normalize(model, parseQueryString(search), trustedCaller, 'find');
  const ctx = cms.service.context(query, trustedCaller);
  const kept = executeFind(ctx, query);
  const scanned = selectNodes(ctx, query);
  const { start, limit } = query.pagination;
  const page = scanned.slice(start, start + limit).map((node) => renderNode(ctx, node, query.fields, query.populate));
  return { kept: { data: kept.data, total: kept.total }, scanned: { data: page, total: scanned.length } };
}

describe('kept lists and filter matches: a page answers exactly what a scan, or a fresh start, answers', () => {
  it('for random filters, sorts, scopes and pages, asked again, and after writes (spliced into the kept lists) change them', async () => {
    generate(400, root, 11);
    const cms = await createCms({ root, report: () => {} });
    const rand = random(7);
    const queries = Array.from({ length: 120 }, () => randomQuery(rand));
    let nonEmpty = 0;
    // (ids and totals against a fresh start: a write's timestamps are kept to the millisecond in memory,
    // to the second in its file)
    const ids = ({ data, total }: { data: Record<string, unknown>[]; total: number }) =>
      ({ ids: data.map((item) => item.documentId), total });
    const askAll = () => {
      for (const search of queries) {
        const { kept, scanned } = bothWays(cms, search);
        expect(kept, search).toEqual(scanned);
        if (kept.total > 0) nonEmpty++;
      }
    };
    for (let round = 0; round < 3; round++) {
      askAll();
      // An author renamed: the articles' kept lists (they read authors) are rebuilt.
      const author = cms.index.scopedRows('api::author.author', { status: 'published', locale: null })[round];
      await cms.documents('api::author.author')
        .update({ documentId: author.documentId, data: { name: `Author 1${round} renamed` }, status: 'published' });
      askAll();
      // Articles changed, created and deleted through the one write path: spliced into the kept lists.
      const rows = cms.index.scopedRows('api::article.article', { status: 'published', locale: 'en' });
      for (const row of rows.slice(round * 7, round * 7 + 7)) {
        await cms.documents('api::article.article').update({
          documentId: row.documentId, status: 'published',
          data: { views: Math.floor(rand() * 1000), title: `${WORDS[round]} rewritten ${round}` },
        });
      }
      const created = await cms.documents('api::article.article')
        .create({ data: { title: `${WORDS[round]} created`, views: 500 + round }, status: 'published' });
      expect(created.documentId).toBeTruthy();
      await cms.documents('api::article.article').delete({ documentId: rows[50 + round].documentId });
      const fresh = await createCms({ root, report: () => {} });
      for (const search of queries) expect(ids(bothWays(cms, search).kept), search).toEqual(ids(bothWays(fresh, search).scanned));
    }
    expect(nonEmpty).toBeGreaterThan(queries.length);
  });

  it('an AND with a value never asked before is judged only where its kept part matches, as a scan and a fresh start answer', async () => {
    generate(300, andRoot, 13);
    const cms = await createCms({ root: andRoot, report: () => {} });
    const search = (n: number) => `filters[views][$gt]=${n}&filters[title][$containsi]=coffee&sort=views:desc&pagination[pageSize]=5`;
    const ask = (n: number) => {
      const { kept, scanned } = bothWays(cms, search(n));
      expect(kept, search(n)).toEqual(scanned);
      return kept.total;
    };
    expect(ask(200)).toBeGreaterThan(0);
    // The list the query reads, and what it keeps: each part's positions besides the whole AND's.
    const list = cms.index.cached('api::article.article', 'nodes|published|en|[{"path":["views"],"direction":"desc"}]', () => {
      throw new Error('the sorted list is not kept');
    }) as { verdicts: Map<string, unknown>; matches: Map<string, unknown> };
    expect([...list.matches.keys()].filter((key) => key.includes('coffee') && !key.includes('views'))).toHaveLength(1);
    const values = [201, 350, 999, 0];
    const keptOnly = values.map((n) => {
      const model = cms.contentType('articles');
      const query = cms.service.normalize(model, parseQueryString(search(n)), trustedCaller, 'find');
      return executeFind(cms.service.context(query, trustedCaller), query);
    });
    // The new values were judged at the kept `title` positions, never over the whole list.
    expect([...list.verdicts.keys()].filter((key) => key.startsWith('views|$gt|') && key !== 'views|$gt|200')).toEqual([]);
    const totals = values.map(ask);
    expect(keptOnly.map((found) => found.total)).toEqual(totals);
    expect(totals[0]).toBeGreaterThanOrEqual(totals[1]);
    expect(totals[2]).toBe(0);
    // Writes move rows in and out of the kept part's positions; new values after them still agree.
    const rows = cms.index.scopedRows('api::article.article', { status: 'published', locale: 'en' });
    for (const [at, row] of rows.slice(0, 12).entries()) {
      await cms.documents('api::article.article').update({
        documentId: row.documentId, status: 'published', data: { views: 100 * at, title: at % 2 ? `coffee ${at}` : `tea ${at}` },
      });
    }
    const fresh = await createCms({ root: andRoot, report: () => {} });
    for (const n of [202, 450, 50]) {
      ask(n);
      expect(bothWays(cms, search(n)).kept.data.map((item) => item.documentId))
        .toEqual(bothWays(fresh, search(n)).scanned.data.map((item) => item.documentId));
    }
  });

  it('a comparison on the field a list is sorted by is a run of the list: every operator, both directions, NULLs included', async () => {
    const cms = await createCms({ root: andRoot, report: () => {} });
    // Articles without views: NULL sorts first ascending and last descending, and never matches.
    for (const title of ['no views one', 'no views two']) {
      await cms.documents('api::article.article').create({ data: { title, views: null }, status: 'published' });
    }
    await cms.documents('api::article.article').create({ data: { title: 'exactly 300 coffee', views: 300 }, status: 'published' });
    expect(bothWays(cms, 'filters[views][$null]=true').kept.total).toBe(2);
    let nonEmpty = 0;
    for (const sort of ['views:asc', 'views:desc']) {
      for (const operator of ['$eq', '$gt', '$gte', '$lt', '$lte', '$ne']) {
        for (const value of [-1, 0, 300, 301, 999, 5000]) {
          for (const extra of ['', '&filters[title][$containsi]=coffee']) {
            const search = `filters[views][${operator}]=${value}${extra}&sort=${sort}&pagination[pageSize]=100`;
            const { kept, scanned } = bothWays(cms, search);
            expect(kept, search).toEqual(scanned);
            if (kept.total > 0 && kept.total < 300) nonEmpty++;
          }
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(20);
  });
  it('an AND of comparisons the sort and a field index answer is counted and paged with nothing kept, as a scan answers', async () => {
    const cms = await createCms({ root: andRoot, report: () => {} });
    const search = (x: number, n: number, page: number, size: number) => `filters[readingTime][$gte]=${x}&filters[views][$lt]=${n}`
      + `&sort=views:desc&pagination[page]=${page}&pagination[pageSize]=${size}`;
    const list = () => cms.index.cached('api::article.article', 'nodes|published|en|[{"path":["views"],"direction":"desc"}]', () => {
      throw new Error('the sorted list is not kept');
    }) as { matches: Map<string, unknown> };
    let shallow = 0;
    for (const [x, n] of [[1, 990], [0.5, 999], [2, 950], [10.5, 700], [19.5, 999], [0, 5], [25, 999], [3.3, 300]]) {
      for (const [page, size] of [[1, 1], [1, 10], [2, 5], [40, 5], [3, 25]]) {
        const { kept, scanned } = bothWays(cms, search(x, n, page, size));
        expect(kept, search(x, n, page, size)).toEqual(scanned);
        if (page * size * 16 <= kept.total) shallow++;
      }
    }
    expect(shallow).toBeGreaterThan(6);
    // Two index runs and a run of the list (or none): the count reads the narrowest index run.
    for (const [x, date, n] of [[1, '2025-06-01', 990], [10.5, '2025-03-01', 999], [0.5, '2026-01-01', 20], [3, '2025-09-01', 0]]) {
      for (const views of [`&filters[views][$lt]=${n}`, '']) {
        const both = `filters[readingTime][$gte]=${x}&filters[publishDate][$lt]=${date}${views}&sort=views:desc&pagination[pageSize]=2`;
        const { kept, scanned } = bothWays(cms, both);
        expect(kept, both).toEqual(scanned);
      }
    }
    // A shallow page of a new pair kept no array of its matches (each was megabytes at 1M documents).
    bothWays(cms, search(2.5, 951, 1, 10));
    expect([...list().matches.keys()].filter((key) => key.includes('"readingTime"') && key.includes('951'))).toEqual([]);
    // After writes that move rows across both bounds, the count and page still agree with a scan.
    const rows = cms.index.scopedRows('api::article.article', { status: 'published', locale: 'en' });
    for (const [at, row] of rows.slice(0, 10).entries()) {
      await cms.documents('api::article.article').update({
        documentId: row.documentId, status: 'published', data: { views: 97 * at, readingTime: at % 2 ? 19.9 : 0.1 },
      });
    }
    for (const [x, n] of [[1, 990], [10.5, 700], [0.1, 400]]) {
      const { kept, scanned } = bothWays(cms, search(x, n, 1, 10));
      expect(kept, search(x, n, 1, 10)).toEqual(scanned);
    }
  });

  it('a column keeps its texts only once a text comparison judged the whole list, and they follow writes from then on', async () => {
    const cms = await createCms({ root: andRoot, report: () => {} });
    const columns = () => (cms.index.cached('api::article.article', 'nodes|published|en|[{"path":["title"],"direction":"asc"}]', () => {
      throw new Error('the sorted list is not kept');
    }) as { columns: Map<string, { texts?: unknown[]; lower?: unknown[] }> }).columns;
    const asFresh = async (searches: string[]) => {
      const fresh = await createCms({ root: andRoot, report: () => {} });
      for (const search of searches) {
        const { kept, scanned } = bothWays(cms, search);
        expect(kept, search).toEqual(scanned);
        expect(kept.data.map((item) => item.documentId), search).toEqual(bothWays(fresh, search).kept.data.map((item) => item.documentId));
        expect(kept.total, search).toBe(bothWays(fresh, search).kept.total);
      }
    };
    const sorted = '&sort=title:asc&pagination[pageSize]=100';
    const write = async (round: number) => {
      const rows = cms.index.scopedRows('api::article.article', { status: 'published', locale: 'en' });
      for (const [at, row] of rows.slice(5 * round, 5 * round + 5).entries()) {
        await cms.documents('api::article.article').update({
          documentId: row.documentId, status: 'published', data: { title: `${WORDS[at]} moved ${round}`, views: at ? 10 * at : null },
        });
      }
      await cms.documents('api::article.article').create({ data: { title: `Coffee made ${round}`, views: 7 }, status: 'published' });
      await cms.documents('api::article.article').delete({ documentId: rows[40 + round].documentId });
    };
    // Comparisons of values only: the columns hold no texts, through creates, deletes and moves.
    await asFresh([`filters[title][$gt]=m&filters[views][$lt]=500${sorted}`, `filters[views][$ne]=300${sorted}`]);
    await write(0);
    expect([...columns().values()].map((column) => column.texts ?? column.lower)).toEqual([undefined, undefined]);
    await asFresh([`filters[title][$lte]=n${sorted}`, `filters[views][$ne]=20${sorted}`]);
    // A text comparison lays out the title's texts from the nodes as they are now; later writes splice them.
    await asFresh([`filters[title][$containsi]=coffee${sorted}`]);
    expect(columns().get('title')?.lower).toHaveLength(columns().get('title')!.texts!.length);
    expect(columns().get('views')?.texts).toBeUndefined();
    await write(1);
    await asFresh([`filters[title][$containsi]=coffee${sorted}`, `filters[title][$containsi]=pizza${sorted}`, `filters[views][$ne]=30${sorted}`]);
  });
});
