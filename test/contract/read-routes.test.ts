import { beforeAll, describe, expect, it } from 'vitest';
import { makeProject, startApp, type TestServer } from '../helpers/project.js';
import { ABOUT_ID, ARTICLES, GLOBAL_ID, ids, PUBLISHED_IDS } from './sample-site.js';

let server: TestServer;
beforeAll(async () => {
  server = await startApp();
});

describe('GET /api/:pluralApiId — find (Strapi: notes §1, controller/collection-type.ts find)', () => {
  it('lists every published default-locale document in creation order with page meta', async () => {
    const { status, body } = await server.getJson('/api/articles?pagination[pageSize]=100');
    expect(status).toBe(200);
    expect(ids(body)).toEqual(PUBLISHED_IDS);
    expect(body.meta).toEqual({ pagination: { page: 1, pageSize: 100, pageCount: 1, total: 13 } });
  });

  it('returns a document flat: id, documentId, scalars, timestamps, publishedAt, locale — no unpopulated relations', async () => {
    // Strapi: notes §4.1 entry shape; §3.6 unpopulated keys are absent (not null)
    const { body } = await server.getJson(`/api/articles/${ARTICLES.companion}`);
    expect(Object.keys(body.data)).toEqual([
      'id', 'documentId', 'title', 'description', 'slug', 'body', 'views', 'featured', 'publishDate', 'readingTime',
      'createdAt', 'updatedAt', 'publishedAt', 'locale',
    ]);
    expect(body.data).toMatchObject({
      id: 5459331822589384,
      documentId: ARTICLES.companion,
      title: 'Why PIZZA is the ultimate COFFEE companion',
      slug: 'why-pizza-is-the-ultimate-coffee-companion',
      views: 17,
      featured: false,
      publishDate: null,
      readingTime: 3.5,
      createdAt: '2025-02-27T20:30:00.005Z',
      updatedAt: '2025-02-27T22:00:00.142Z',
      publishedAt: '2025-02-27T22:00:00.142Z',
      locale: 'en',
    });
    expect(body.meta).toEqual({});
  });

  it('omits locale on a non-localized type and still returns publishedAt (Strapi: notes §4.1, PR #21495)', async () => {
    const { body } = await server.getJson('/api/tags?pagination[pageSize]=1');
    expect(body.data[0]).toEqual({
      id: 1275617316785009,
      documentId: 's5que6tw9xi8hjptbh0q4ood',
      name: 'JavaScript',
      slug: 'javascript',
      color: 'yellow',
      createdAt: '2025-02-01T10:00:11.100Z',
      updatedAt: '2025-02-01T10:00:11.100Z',
      publishedAt: '2025-02-01T10:00:11.100Z',
    });
  });

  it('answers HEAD like GET without a body (Strapi: koa-router adds HEAD to GET routes)', async () => {
    const response = await server.request('/api/articles', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});

describe('GET /api/:pluralApiId/:documentId — findOne (Strapi: controller/collection-type.ts findOne)', () => {
  it('returns one document with meta {}', async () => {
    const { status, body } = await server.getJson(`/api/articles/${ARTICLES.rome}?fields=title`);
    expect(status).toBe(200);
    expect(body).toEqual({ data: { id: 7047790394410502, documentId: ARTICLES.rome, title: 'The best coffee in Rome' }, meta: {} });
  });

  it.each([
    ['an unknown documentId', '/api/articles/doesnotexist0000000000000'],
    ['a numeric row id (URLs take documentIds only)', '/api/articles/7047790394410502'],
    ['a never-published document without status=draft', '/api/articles/e9qj0xlp3sn55zvg78mvejd7'],
    ['an unknown content type', '/api/nope'],
    ['an unknown nested route', '/api/articles/a/b'],
    ['the bare prefix', '/api'],
    ['a single type addressed with a documentId', `/api/global/${GLOBAL_ID}`],
    ['a single type by its plural name', '/api/globals'],
  ])('%s is 404 Not Found in Strapi\'s envelope (Strapi: notes §2.4)', async (_name, path) => {
    const { status, body } = await server.getJson(path);
    expect(status).toBe(404);
    expect(body).toEqual({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
  });
});

describe('single types (Strapi: controller/single-type.ts find)', () => {
  it('GET /api/global returns the document with meta {}', async () => {
    const { status, body } = await server.getJson('/api/global');
    expect(status).toBe(200);
    expect(body).toEqual({
      data: {
        id: 213119796000722,
        documentId: GLOBAL_ID,
        siteName: 'Strapi Blog',
        siteDescription: 'A Blog made with Strapi',
        createdAt: '2025-01-03T12:00:05.321Z',
        updatedAt: '2025-09-01T08:30:00.000Z',
        publishedAt: '2025-01-03T12:00:05.321Z',
      },
      meta: {},
    });
  });

  it('GET /api/about returns the published version; status=draft the newer draft (Strapi: notes §6)', async () => {
    const published = await server.getJson('/api/about?fields=title');
    const draft = await server.getJson('/api/about?fields=title&status=draft');
    expect(published.body.data).toEqual({ id: 479514286342718, documentId: ABOUT_ID, title: 'About the blog' });
    expect(draft.body.data).toMatchObject({ documentId: ABOUT_ID, title: 'About us' });
    expect(draft.body.data.id).not.toBe(published.body.data.id);
  });

  it('populates the dynamic zone of a single type', async () => {
    const { body } = await server.getJson('/api/about?populate=blocks');
    expect(body.data.blocks.map((block: { __component: string }) => block.__component)).toEqual(['shared.quote', 'shared.rich-text',
      'shared.media', 'shared.slider']);
  });

  it('answers 404 when no row matches the status: a never-published single type (Strapi: notes §1 single types)', async () => {
    const root = makeProject({
      'cms.config.json': { permissions: { public: { notice: ['find'] } } },
      'schemas/notice.json': {
        kind: 'singleType',
        info: { singularName: 'notice', pluralName: 'notices', displayName: 'Notice' },
        options: { draftAndPublish: true },
        attributes: { text: { type: 'string' } },
      },
      'content/notices/n1.draft.json': { text: 'Coming soon', createdAt: '2025-01-01T00:00:00.000Z',
        updatedAt: '2025-01-01T00:00:00.000Z' },
    });
    const site = await startApp(root);
    const published = await site.getJson('/api/notice');
    expect(published.status).toBe(404);
    expect(published.body.error).toEqual({ status: 404, name: 'NotFoundError', message: 'Not Found', details: {} });
    const draft = await site.getJson('/api/notice?status=draft');
    expect(draft.status).toBe(200);
    expect(draft.body.data).toMatchObject({ documentId: 'n1', text: 'Coming soon', publishedAt: null });
  });
});

describe('wrong verbs (Strapi: notes §2.4, koa-router allowedMethods)', () => {
  it.each([
    ['PATCH on a document', 'PATCH', `/api/articles/${ARTICLES.rome}`, 'GET, HEAD, PUT, DELETE'],
    ['PATCH on a list', 'PATCH', '/api/articles', 'GET, HEAD, POST'],
    ['POST on a document', 'POST', `/api/articles/${ARTICLES.rome}`, 'GET, HEAD, PUT, DELETE'],
    ['POST on a single type', 'POST', '/api/global', 'GET, HEAD, PUT, DELETE'],
    ['DELETE on a list', 'DELETE', '/api/articles', 'GET, HEAD, POST'],
  ])('%s is 405 plain text with an Allow header', async (_name, method, path, allow) => {
    const response = await server.request(path, { method });
    expect(response.status).toBe(405);
    // The same set as Strapi; koa-router itself lists HEAD before GET ("HEAD, GET, PUT, DELETE").
    const methods = (header: string | null) => (header ?? '').split(', ').sort();
    expect(methods(response.headers.get('allow'))).toEqual(methods(allow));
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('Method Not Allowed');
  });

  // Strapi has a GET route matching any path under /api (it answers 404), so other verbs there are
  // koa-router's 405 (recorded from Strapi 5.54: conformance route.post.unknown.plural, route.patch.unknown)
  it('an unknown one-segment path with another verb is a 405 allowing HEAD, GET', async () => {
    const response = await server.request('/api/nope', { method: 'PATCH' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('HEAD, GET');
  });

  it('so is a deeper unknown path, and the prefix itself (recorded: route.post.unknown.deeper, route.post.api)', async () => {
    for (const path of ['/api/nope/deeper/still', '/api']) {
      const response = await server.request(path, { method: 'POST' });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('HEAD, GET');
    }
  });
});
