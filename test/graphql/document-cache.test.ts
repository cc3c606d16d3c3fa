// The face keeps each valid query text parsed and validated (Apollo Server's document cache): a repeated query
// still answers its own variables and caller, and an invalid one is refused every time.
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHED_QUERY_CHARS, createDocumentCache } from '../../core/graphql/document-cache.js';
import { createGraphqlFace } from '../../core/graphql/graphql-face.js';
import { copySampleSite, startApp, type TestServer } from '../helpers/project.js';

let server: TestServer;
beforeAll(async () => { server = await startApp(copySampleSite(), { report: () => {} }); });
afterAll(async () => { await server?.cms.close(); });

const post = (query: string, variables?: unknown) => server.sendJson('POST', '/graphql', { query, variables });

describe('repeated GraphQL documents', () => {
  it('answers the same query text with each request\'s own variables', async () => {
    const query = 'query ($name: String) { tags(filters: { name: { eq: $name } }) { name } }';
    const tags = (await server.getJson('/api/tags?sort=name')).body.data.map((tag: { name: string }) => tag.name);
    for (const name of [tags[0], tags[1], tags[0], 'no such tag']) {
      const { body } = await post(query, { name });
      expect(body).toEqual({ data: { tags: name === 'no such tag' ? [] : [{ name }] } });
    }
  });

  it('refuses an invalid document every time it is sent, and a valid one sent between is answered', async () => {
    for (let round = 0; round < 3; round++) {
      const bad = await post('{ tags { nope } }');
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect((await post('{ tags(sort: "name") { name } }')).body.data.tags.length).toBeGreaterThan(0);
    }
  });
});

describe('the document cache\'s bound', () => {
  const document = parse('{ tags { name } }');

  it('keeps query texts up to its character budget, the oldest leaving first', () => {
    const cache = createDocumentCache(1_000, 400);
    const texts = ['a', 'b', 'c', 'd'].map((letter) => letter.repeat(300));
    for (const text of texts) cache.set(text, document);
    expect(cache.size()).toEqual({ entries: 3, chars: 900 });
    expect(cache.get(texts[0])).toBeUndefined();
    expect(cache.get(texts[3])).toBe(document);
    cache.set('e'.repeat(250), document);
    expect(cache.size()).toEqual({ entries: 3, chars: 850 });
    expect(cache.get(texts[1])).toBeUndefined();
  });

  it('does not keep a query text over the per-entry limit, nor count a text kept twice', () => {
    const cache = createDocumentCache(1_000, 400);
    cache.set('x'.repeat(401), document);
    cache.set('y'.repeat(400), document);
    cache.set('y'.repeat(400), document);
    expect(cache.size()).toEqual({ entries: 1, chars: 400 });
  });

  it('a query text over 64 KB is answered each time but never kept by the face', async () => {
    const face = createGraphqlFace(server.cms, server.cms.config.graphql, { log: () => {} });
    const caller = server.cms.contentApi.callerFor(null);
    const long = `{ tags(sort: "name") { name } }${' '.repeat(CACHED_QUERY_CHARS)}`;
    for (let round = 0; round < 2; round++) {
      const answer = await face.execute({ query: long }, caller);
      expect(answer.body.data).toMatchObject({ tags: expect.any(Array) });
    }
    expect(face.cached()).toEqual({ entries: 0, chars: 0 });
    await face.execute({ query: '{ tags { name } }' }, caller);
    expect(face.cached()).toEqual({ entries: 1, chars: '{ tags { name } }'.length });
  });
});
