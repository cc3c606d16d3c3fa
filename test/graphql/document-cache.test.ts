// The face keeps each valid query text parsed and validated (Apollo Server's document cache): a repeated query
// still answers its own variables and caller, and an invalid one is refused every time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySampleSite, startApp, type TestServer } from '../helpers/project.js';

let server: TestServer;
beforeAll(async () => { server = await startApp(copySampleSite(), { report: () => {} }); }, 60_000);
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
