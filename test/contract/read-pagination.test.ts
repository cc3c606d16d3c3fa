import { beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestServer } from '../helpers/project.js';
import { ids, PUBLISHED_IDS } from './sample-site.js';

let server: TestServer;
beforeAll(async () => {
  server = await startApp();
});

describe('pagination over HTTP (Strapi: notes §3.5, core-api/service/pagination.ts)', () => {
  it.each([
    ['defaults: page 1, pageSize 25', '', PUBLISHED_IDS, { page: 1, pageSize: 25, pageCount: 1, total: 13 }],
    ['page style', 'pagination[page]=2&pagination[pageSize]=5', PUBLISHED_IDS.slice(5, 10),
      { page: 2, pageSize: 5, pageCount: 3, total: 13 }],
    ['the last, partial page', 'pagination[page]=3&pagination[pageSize]=5', PUBLISHED_IDS.slice(10),
      { page: 3, pageSize: 5, pageCount: 3, total: 13 }],
    ['a page beyond the end: no data, real total', 'pagination[page]=9&pagination[pageSize]=5', [],
      { page: 9, pageSize: 5, pageCount: 3, total: 13 }],
    ['offset style', 'pagination[start]=10&pagination[limit]=5', PUBLISHED_IDS.slice(10), { start: 10, limit: 5, total: 13 }],
    ['pageSize above maxLimit is clamped silently', 'pagination[pageSize]=1000', PUBLISHED_IDS,
      { page: 1, pageSize: 100, pageCount: 1, total: 13 }],
    ['pageSize 0 becomes 1', 'pagination[pageSize]=0', PUBLISHED_IDS.slice(0, 1), { page: 1, pageSize: 1, pageCount: 13, total: 13 }],
    ['page 0 is page 1', 'pagination[page]=0&pagination[pageSize]=2', PUBLISHED_IDS.slice(0, 2),
      { page: 1, pageSize: 2, pageCount: 7, total: 13 }],
    // Strapi compares the query string "-1" with the number -1, so it is a limit of 1 (recorded: conformance pagination.limit.minus1)
    ['limit -1 from the query string is a limit of 1, as in Strapi', 'pagination[limit]=-1', PUBLISHED_IDS.slice(0, 1),
      { start: 0, limit: 1, total: 13 }],
    ['negative start is 0', 'pagination[start]=-4&pagination[limit]=2', PUBLISHED_IDS.slice(0, 2), { start: 0, limit: 2, total: 13 }],
    ['withCount=false leaves out total and pageCount (page style)', 'pagination[pageSize]=5&pagination[withCount]=false',
      PUBLISHED_IDS.slice(0, 5), { page: 1, pageSize: 5 }],
    ['withCount=false leaves out total (offset style)', 'pagination[start]=2&pagination[limit]=2&pagination[withCount]=f',
      PUBLISHED_IDS.slice(2, 4), { start: 2, limit: 2 }],
    ['withCount=true keeps them', 'pagination[pageSize]=5&pagination[withCount]=t', PUBLISHED_IDS.slice(0, 5),
      { page: 1, pageSize: 5, pageCount: 3, total: 13 }],
    ['root start/limit are silently ignored', 'start=5&limit=1', PUBLISHED_IDS, { page: 1, pageSize: 25, pageCount: 1, total: 13 }],
  ])('%s', async (_name, query, expected, pagination) => {
    const { status, body } = await server.getJson(`/api/articles?fields=title&${query}`);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(ids(body)).toEqual(expected);
    expect(body.meta).toEqual({ pagination });
  });

  it('total counts after filters', async () => {
    const { body } = await server.getJson('/api/articles?filters[featured]=true&pagination[pageSize]=2&fields=title');
    expect(body.meta.pagination).toEqual({ page: 1, pageSize: 2, pageCount: 3, total: 5 });
  });

  it.each([
    ['page and start mixed', 'pagination[page]=1&pagination[start]=0', 'PaginationError',
      'Cannot use both page & offset pagination in the same query'],
    ['pageSize and limit mixed', 'pagination[pageSize]=5&pagination[limit]=5', 'PaginationError',
      'Cannot use both page & offset pagination in the same query'],
    ['root page', 'page=2', 'PaginationError',
      'Invalid pagination attributes. The page parameters are incorrect and must be in the pagination object'],
    ['root pageSize', 'pageSize=2', 'PaginationError',
      'Invalid pagination attributes. The page parameters are incorrect and must be in the pagination object'],
    ['a bad withCount', 'pagination[withCount]=maybe', 'ValidationError',
      'Invalid withCount parameter. Expected "t","1","true","false","0","f"'],
  ])('%s is a 400 %s', async (_name, query, name, message) => {
    const { status, body } = await server.getJson(`/api/articles?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ data: null, error: { status: 400, name, message, details: {} } });
  });

  it('findOne and single types have meta {} (no pagination)', async () => {
    const one = await server.getJson(`/api/articles/${PUBLISHED_IDS[0]}?pagination[pageSize]=1`);
    expect(one.body.meta).toEqual({});
    const single = await server.getJson('/api/global?pagination[pageSize]=1');
    expect(single.body.meta).toEqual({});
  });
});

describe('root page parameters (Strapi: convert-query-params.ts, PR strapi#22455)', () => {
  it('are checked after the query keys: an invalid key is reported first', async () => {
    const { body } = await server.getJson('/api/articles?page=2&filters[nope]=1');
    expect(body.error.message).toBe('Invalid key nope');
  });

  it('are ignored on one document (no start/limit to clash with)', async () => {
    const { status } = await server.getJson(`/api/articles/${PUBLISHED_IDS[0]}?page=2`);
    expect(status).toBe(200);
  });
});
