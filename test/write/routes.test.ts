import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE, writeServer, type WriteServer } from './helpers.js';

let server: WriteServer;
beforeAll(async () => {
  server = await writeServer();
});

describe('POST /api/:pluralApiId (Strapi create)', () => {
  it('answers 201 with { data, meta: {} } and the new entry flat', async () => {
    // core-api/controller/collection-type.ts create: ctx.status = 201, body = transformResponse(entity) with meta {}.
    const { status, body } = await server.post('/api/tags', { name: 'Tea', color: 'green' });
    expect(status).toBe(201);
    expect(Object.keys(body)).toEqual(['data', 'meta']);
    expect(body.meta).toEqual({});
    expect(body.data).toMatchObject({ name: 'Tea', slug: 'tea', color: 'green' });
    expect(typeof body.data.id).toBe('number');
    expect(body.data.documentId).toMatch(/^[a-z][a-z0-9]{23}$/);
    expect(body.data.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(body.data.updatedAt).toBe(body.data.createdAt);
    // Non-D&P types get publishedAt on create too (notes §4.1).
    expect(body.data.publishedAt).toBe(body.data.createdAt);
    expect(body.data).not.toHaveProperty('locale');
  });

  it('is readable right after: the index changes in the same step as the file', async () => {
    const { body } = await server.post('/api/tags', { name: 'Rooibos' });
    const read = await server.getJson(`/api/tags/${body.data.documentId}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(body.data);
  });
});

describe('PUT /api/:pluralApiId/:documentId (Strapi update)', () => {
  it('answers 200 and changes only the fields sent (partial update)', async () => {
    // Notes §5: PUT is a partial update, omitted attributes are unchanged.
    const before = (await server.getJson(`/api/authors/${SAMPLE.david}`)).body.data;
    const { status, body } = await server.put(`/api/authors/${SAMPLE.david}`, { website: 'https://david.example.org' });
    expect(status).toBe(200);
    expect(body.meta).toEqual({});
    expect(body.data).toEqual({ ...before, website: 'https://david.example.org', updatedAt: body.data.updatedAt,
      publishedAt: body.data.publishedAt });
    expect(body.data.updatedAt > before.updatedAt).toBe(true);
    expect(body.data.createdAt).toBe(before.createdAt);
  });

  it('answers 404 Not Found for an unknown documentId', async () => {
    // Notes §2.4: unknown documentId on PUT → 404 "Not Found" (ctx.notFound()).
    const { status, body } = await server.put('/api/tags/nosuchdocumentid', { name: 'x' });
    expect(status).toBe(404);
    expect(body).toEqual({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
  });

  it('validates the body before looking the document up (bad body on an unknown id → 400)', async () => {
    // Notes §2.4: "PUT validates the body first, so a bad body on an unknown id is 400".
    const { status, body } = await server.put('/api/tags/nosuchdocumentid', { foo: 1 });
    expect(status).toBe(400);
    expect(body.error.message).toBe('Invalid key foo');
  });
});

describe('DELETE /api/:pluralApiId/:documentId (Strapi delete)', () => {
  it('answers 204 with an empty body and removes the file', async () => {
    const { body } = await server.post('/api/tags', { name: 'Ephemeral' });
    const id = body.data.documentId;
    expect(server.file(`content/tags/${id}.json`)).toBeDefined();
    const response = await server.del(`/api/tags/${id}`);
    expect(response).toEqual({ status: 204, text: '' });
    expect(server.file(`content/tags/${id}.json`)).toBeUndefined();
    expect((await server.getJson(`/api/tags/${id}`)).status).toBe(404);
  });

  it('answers 204 for an unknown documentId too', async () => {
    // Notes §1: the service deletes zero rows; the controller sets 204 unconditionally.
    expect(await server.del('/api/tags/nosuchdocumentid')).toEqual({ status: 204, text: '' });
  });
});

describe('single types: PUT creates or updates, DELETE 204', () => {
  it('PUT /api/global updates the document (200)', async () => {
    const { status, body } = await server.put('/api/global', { siteName: 'Renamed blog' });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ documentId: 'dw2603vqnv92za5syi7lurer', siteName: 'Renamed blog',
      siteDescription: 'A Blog made with Strapi' });
    expect(server.json('content/globals/dw2603vqnv92za5syi7lurer.json').siteName).toBe('Renamed blog');
  });

  it('DELETE /api/global answers 204; GET is then 404; PUT creates it again with 200 (never 201)', async () => {
    // Notes §1 single types: DELETE 204 even if nothing existed; PUT createOrUpdate is 200.
    expect(await server.del('/api/global')).toEqual({ status: 204, text: '' });
    expect(server.folder('globals')).toEqual([]);
    expect((await server.getJson('/api/global')).status).toBe(404);
    expect(await server.del('/api/global')).toEqual({ status: 204, text: '' });

    const { status, body } = await server.put('/api/global', { siteName: 'New site', siteDescription: 'Fresh' });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ siteName: 'New site', siteDescription: 'Fresh' });
    expect(body.data.documentId).toMatch(/^[a-z][a-z0-9]{23}$/);
    expect(server.folder('globals')).toEqual([`${body.data.documentId}.json`]);
    expect((await server.getJson('/api/global')).body.data).toEqual(body.data);
  });

  it('PUT on a missing single type still enforces required fields', async () => {
    await server.del('/api/global');
    const { status, body } = await server.put('/api/global', { siteName: 'Only a name' });
    expect(status).toBe(400);
    expect(body.error.message).toBe('siteDescription must be defined.');
    expect(server.folder('globals')).toEqual([]);
  });
});

describe('query parameters shape write responses', () => {
  it('populate on POST returns the relation populated', async () => {
    const { status, body } = await server.sendJson('POST', '/api/articles?populate[author][fields][0]=name', {
      data: { title: 'Populated on create', author: SAMPLE.david },
    });
    expect(status).toBe(201);
    expect(body.data.author).toEqual({ id: expect.any(Number), documentId: SAMPLE.david, name: 'David Doe' });
  });

  it('fields on PUT limits the returned attributes (id and documentId always come back)', async () => {
    // document-service transform/fields.ts adds documentId to any field list; the row id is always selected.
    const { status, body } = await server.sendJson('PUT', `/api/articles/${SAMPLE.coffee}?fields[0]=title`, { data: { views: 89 } });
    expect(status).toBe(200);
    expect(body.data).toEqual({ id: expect.any(Number), documentId: SAMPLE.coffee, title: 'Coffee brewing methods compared' });
  });

  it('status=draft on POST returns the draft (publishedAt null)', async () => {
    const { body } = await server.sendJson('POST', '/api/articles?status=draft', { data: { title: 'Draft response' } });
    expect(body.data.publishedAt).toBeNull();
  });

  it('locale on PUT returns that localization', async () => {
    const { status, body } = await server.sendJson('PUT', `/api/articles/${SAMPLE.pizza}?locale=fr`,
      { data: { description: 'Nouvelle description' } });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ documentId: SAMPLE.pizza, locale: 'fr', description: 'Nouvelle description' });
  });

  it('an invalid populate on a write is a 400 and nothing is written', async () => {
    // controller create/update call validateQuery(ctx) before reading the body: a bad query writes nothing.
    const before = server.folder('tags');
    const { status, body } = await server.sendJson('POST', '/api/tags?populate=nope', { data: { name: 'Never' } });
    expect(status).toBe(400);
    expect(body.error.message).toBe('Invalid key nope');
    expect(server.folder('tags')).toEqual(before);
  });
});

describe('permissions', () => {
  it('a Public role without create gets 403 and nothing is written', async () => {
    const { startApp, copySampleSite } = await import('../helpers/project.js');
    const root = copySampleSite();
    const readOnly = await startApp(root);
    const { status, body } = await readOnly.sendJson('POST', '/api/tags', { data: { name: 'x' } });
    expect(status).toBe(403);
    expect(body.error).toEqual({ status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} });
  });
});
