import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { makeProject, REPO_ROOT, startApp, type TestServer } from '../helpers/project.js';
import { ARTICLES as A, AUTHORS, MEDIA, TAGS } from './sample-site.js';

let server: TestServer;
beforeAll(async () => {
  server = await startApp();
});

const V4 = { headers: { 'Strapi-Response-Format': 'v4' } };

describe('Strapi-Response-Format: v4 (Strapi: notes §12, core-api/controller/transform.ts)', () => {
  it('wraps an entry as {id, documentId, attributes}; relations and media as {data}; components stay flat', async () => {
    const { status, body } = await server.getJson(
      `/api/articles/${A.rome}?fields=title&populate[author][fields][0]=name&populate[tags][fields][0]=name&populate[cover][fields][0]=name&populate[seo]=true&populate[category]=true`, V4,
    );
    expect(status).toBe(200);
    expect(body.meta).toEqual({});
    expect(body.data.id).toBe(7047790394410502);
    expect(body.data.documentId).toBe(A.rome);
    const { attributes } = body.data;
    expect(Object.keys(body.data)).toEqual(['id', 'documentId', 'attributes']);
    expect(attributes.title).toBe('The best coffee in Rome');
    expect(attributes.author).toEqual({ data: { id: 3120062492957120, documentId: AUTHORS.marco, attributes: { name: 'Marco Rossi' } } });
    expect(attributes.tags).toEqual({
      data: [
        { id: 7766379403136116, documentId: TAGS.coffee, attributes: { name: 'Coffee' } },
        { id: 6664037819846616, documentId: TAGS.beautifulPlaces, attributes: { name: 'Beautiful Places' } },
      ],
    });
    expect(attributes.cover).toEqual({ data: { id: 5709077841620454, documentId: MEDIA.coffee,
      attributes: { name: 'coffee-beans.png' } } });
    expect(attributes.seo).toEqual({ id: 924470175532796, metaTitle: 'The best coffee in Rome',
      metaDescription: 'Seven espresso bars in Rome worth the detour.' });
    expect(attributes.category.data.attributes.name).toBe('Travel');
  });

  it('keeps timestamps, publishedAt and locale inside attributes', async () => {
    const { body } = await server.getJson(`/api/articles/${A.rome}`, V4);
    expect(body.data.attributes).toMatchObject({ createdAt: '2025-01-15T09:20:11.402Z', publishedAt: '2025-01-15T10:50:11.539Z',
      locale: 'en' });
    expect(body.data.attributes).not.toHaveProperty('id');
    expect(body.data.attributes).not.toHaveProperty('documentId');
  });

  it('an unset relation is {data: null}; an empty to-many {data: []}', async () => {
    const { body } = await server.getJson(`/api/articles/${A.sunset}?fields=title&populate[0]=author&populate[1]=seo`, V4);
    expect(body.data.attributes).toEqual({ title: 'A beautiful sunset over the bay', author: { data: null }, seo: null });
    const empty = await server.getJson(`/api/articles/${A.blackHole}?fields=title&populate=tags`, V4);
    expect(empty.body.data.attributes.tags).toEqual({ data: [] });
  });

  it('transforms nested relations and media inside components and related entries', async () => {
    const { body } = await server.getJson(
      `/api/articles/${A.rome}?fields=title&populate[author][fields][0]=name&populate[author][populate][avatar][fields][0]=name&populate[seo][populate][shareImage][fields][0]=name`, V4,
    );
    expect(body.data.attributes.author.data.attributes.avatar).toEqual({ data: { id: 5709077841620454, documentId: MEDIA.coffee,
      attributes: { name: 'coffee-beans.png' } } });
    expect(body.data.attributes.seo.shareImage).toEqual({ data: { id: 5709077841620454, documentId: MEDIA.coffee,
      attributes: { name: 'coffee-beans.png' } } });
  });

  it('dynamic-zone items stay flat with __component; localizations become {data: [...]}', async () => {
    const { body } = await server.getJson(
      `/api/articles/${A.rome}?fields=title&populate[blocks]=true&populate[localizations][fields][0]=title`, V4,
    );
    expect(body.data.attributes.blocks[1]).toEqual({ id: 6783004903575623, __component: 'shared.quote', title: 'Marco',
      body: 'Coffee in Rome is a sport, not a beverage.' });
    expect(body.data.attributes.localizations).toEqual({ data: [{ id: 7893674842037298, documentId: A.rome,
      attributes: { title: 'Le meilleur café de Rome' } }] });
  });

  it('a populated count is wrapped like an entry, as Strapi\'s transform does', async () => {
    const { body } = await server.getJson(`/api/articles/${A.rome}?fields=title&populate[tags][count]=true`, V4);
    expect(body.data.attributes.tags).toEqual({ data: { attributes: { count: 2 } } });
  });

  it('lists keep meta.pagination unchanged; single types are wrapped too', async () => {
    const list = await server.getJson('/api/articles?fields=title&pagination[pageSize]=2', V4);
    expect(list.body.meta).toEqual({ pagination: { page: 1, pageSize: 2, pageCount: 7, total: 13 } });
    expect(list.body.data.map((entry: { attributes: { title: string } }) => entry.attributes.title)).toEqual(['The best coffee in Rome',
      "What's inside a Black Hole"]);
    const single = await server.getJson('/api/global?fields=siteName', V4);
    expect(single.body.data).toEqual({ id: 213119796000722, documentId: 'dw2603vqnv92za5syi7lurer',
      attributes: { siteName: 'Strapi Blog' } });
  });

  it('errors keep the v5 envelope; other header values answer v5', async () => {
    const error = await server.getJson('/api/articles/nope', V4);
    expect(error.body).toEqual({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
    const v5 = await server.getJson(`/api/articles/${A.rome}?fields=title`, { headers: { 'Strapi-Response-Format': 'v5' } });
    expect(v5.body.data).not.toHaveProperty('attributes');
  });
});

describe('error envelope (Strapi: notes §2.1, services/errors.ts)', () => {
  it('every JSON error is {data: null, error: {status, name, message, details}} with the HTTP status', async () => {
    const response = await server.request('/api/articles?filters[nope]=1');
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      data: null,
      error: { status: 400, name: 'ValidationError', message: 'Invalid key nope',
        details: { key: 'nope', path: null, source: 'query', param: 'filters' } },
    });
  });

  it('unknown top-level query keys are ignored (strictParams off)', async () => {
    const { status } = await server.getJson('/api/articles?foo=1&pagination[pageSize]=1');
    expect(status).toBe(200);
  });

  it('unknown top-level query keys are a 400 Invalid key with api.rest.strictParams', async () => {
    const config = JSON.parse(readFileSync(join(REPO_ROOT, 'cms.config.json'), 'utf8'));
    const strict = await startApp(REPO_ROOT, { config: { ...config, api: { rest: { strictParams: true } } } });
    const { status, body } = await strict.getJson('/api/articles?foo=1');
    expect(status).toBe(400);
    expect(body.error).toEqual({ status: 400, name: 'ValidationError', message: 'Invalid key foo',
      details: { key: 'foo', path: null, source: 'query', param: 'foo' } });
  });
});

describe('a malformed content file (README: content files)', () => {
  const schema = {
    kind: 'collectionType',
    info: { singularName: 'page', pluralName: 'pages', displayName: 'Page' },
    options: { draftAndPublish: false },
    attributes: { title: { type: 'string' } },
  };

  it('is skipped and reported once; the rest is served', async () => {
    const root = makeProject({
      'cms.config.json': { permissions: { public: { pages: ['find', 'findOne'] } } },
      'schemas/page.json': { ...schema, attributes: { title: { type: 'string' }, views: { type: 'integer' } } },
      'content/pages/good.json': { title: 'Good', createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' },
      'content/pages/broken.json': '{\n  "title": "Broken",\n  oops\n}\n',
      'content/pages/also-good.yaml': 'title: Also good\ncreatedAt: "2025-01-02T00:00:00.000Z"\nupdatedAt: "2025-01-02T00:00:00.000Z"\n',
      'content/pages/bad-yaml.yaml': 'title: ok\nviews: [unclosed\n',
      'content/pages/bad-front-matter.md': '---\ntitle: ok\ntitle: twice\n---\nBody\n',
      'content/pages/wrong-type.json': '{"title": 5}\n',
    });
    const site = await startApp(root);
    const { status, body } = await site.getJson('/api/pages');
    expect(status).toBe(200);
    expect(body.data.map((page: { title: string }) => page.title)).toEqual(['Good', 'Also good']);
    expect(body.meta.pagination.total).toBe(2);
    expect((await site.getJson('/api/pages/broken')).status).toBe(404);
    const problems = site.cms.problems().map((problem) => problem.format()).sort();
    expect(problems).toHaveLength(4);
    // every problem points at file:line:col
    expect(problems[0]).toMatch(/^content\/pages\/bad-front-matter\.md:3:1: invalid YAML: Map keys must be unique/);
    expect(problems[1]).toMatch(/^content\/pages\/bad-yaml\.yaml:3:1: invalid YAML: /);
    expect(problems[2]).toMatch(/^content\/pages\/broken\.json:3:\d+: invalid JSON/);
    expect(problems[3]).toMatch(/^content\/pages\/wrong-type\.json:1:2: title /);
  });
});

describe('library API (Strapi: Document Service findMany/findOne/findFirst/count)', () => {
  it('createCms({root}).documents(plural) reads the same data as HTTP', async () => {
    const cms = await createCms({ root: REPO_ROOT });
    const articles = cms.documents('articles');
    const many = await articles.findMany({ filters: { title: { $containsi: 'coffee' } }, fields: ['title'], sort: 'title:asc' });
    expect(many).toEqual([
      { id: 6754154613599059, documentId: A.brewing, title: 'Coffee brewing methods compared' },
      { id: 7047790394410502, documentId: A.rome, title: 'The best coffee in Rome' },
      { id: 5459331822589384, documentId: A.companion, title: 'Why PIZZA is the ultimate COFFEE companion' },
    ]);
    expect(await articles.count()).toBe(13);
    expect(await articles.count({ status: 'draft' })).toBe(16);
    expect(await articles.count({ locale: 'fr' })).toBe(5);
    const one = await articles.findOne({ documentId: A.rome, populate: ['author'], fields: ['title'] });
    expect(one).toMatchObject({ documentId: A.rome, title: 'The best coffee in Rome', author: { documentId: AUTHORS.marco } });
    expect(await articles.findOne({ documentId: 'nope' })).toBeNull();
    const first = await articles.findFirst({ sort: { views: 'desc' }, fields: ['title', 'views'] });
    expect(first).toEqual({ id: 6780489339135185, documentId: A.pizza, title: "Pizza napoletana: a beginner's guide", views: 300 });
    expect(await articles.findFirst({ filters: { views: { $gt: 1000 } } })).toBeNull();
  });

  it('findMany without pagination returns everything; with it, one page', async () => {
    const cms = await createCms({ root: REPO_ROOT });
    expect(await cms.documents('api::article.article').findMany({ fields: ['title'] })).toHaveLength(13);
    const page = await cms.documents('articles').findMany({ fields: ['title'], start: 10, limit: 2 });
    expect(page.map((entry) => entry.documentId)).toEqual([A.boring, A.brewing]);
    const paged = await cms.documents('articles').findMany({ fields: ['title'], page: 2, pageSize: 5 });
    expect(paged.map((entry) => entry.documentId)).toEqual([A.norway, A.sunset, A.internet, A.shrimp, A.css]);
  });

  it('rejects an invalid query with the same typed error as HTTP', async () => {
    const cms = await createCms({ root: REPO_ROOT });
    await expect(cms.documents('articles').findMany({ filters: { nope: 1 } })).rejects.toMatchObject({ name: 'ValidationError', status: 400,
      message: 'Invalid key nope' });
  });
});
