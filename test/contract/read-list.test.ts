import { beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestServer } from '../helpers/project.js';

let server: TestServer;
beforeAll(async () => {
  server = await startApp();
});

describe('GET /api/:pluralApiId (Strapi v5 find)', () => {
  it('answers 200 with data and page pagination meta (defaults page 1, pageSize 25)', async () => {
    const { status, body } = await server.getJson('/api/articles');
    expect(status).toBe(200);
    expect(Array.isArray(body.data)).toBe(true);
    expect(body.meta.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 1, total: 13 });
  });

  it('returns documents flat with id, documentId, timestamps and locale, without relations unless populated', async () => {
    const { body } = await server.getJson('/api/articles?pagination[pageSize]=1');
    const [article] = body.data;
    expect(typeof article.id).toBe('number');
    expect(article.documentId).toMatch(/^[a-z][a-z0-9]{23}$/);
    expect(article).toHaveProperty('title');
    expect(article.locale).toBe('en');
    expect(article.publishedAt).not.toBeNull();
    expect(article).not.toHaveProperty('author');
    expect(article).not.toHaveProperty('attributes');
  });
});
