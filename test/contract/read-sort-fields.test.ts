import { beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestServer } from '../helpers/project.js';
import { ALL_TITLES, ARTICLES as A, ids, PUBLISHED_IDS } from './sample-site.js';

let server: TestServer;
beforeAll(async () => {
  server = await startApp();
});

const BY_VIEWS_DESC_THEN_TITLE = [A.pizza, A.rome, A.blackHole, A.brewing, A.norway, A.bug, A.internet, A.release, A.companion, A.shrimp,
  A.css, A.sunset, A.boring];
const BY_AUTHOR_NAME = [A.sunset, A.norway, A.companion, A.internet, A.boring, A.bug, A.css, A.release, A.rome, A.pizza, A.blackHole,
  A.shrimp, A.brewing];

describe('sort forms (Strapi: notes §3.4, convert-query-params.ts convertSortQueryParams)', () => {
  it.each([
    ['a comma list with directions', 'sort=views:desc,title', BY_VIEWS_DESC_THEN_TITLE],
    ['an indexed list', 'sort[0]=views:desc&sort[1]=title:asc', BY_VIEWS_DESC_THEN_TITLE],
    ['an object', 'sort[views]=desc&sort[title]=asc', BY_VIEWS_DESC_THEN_TITLE],
    ['a list of objects', 'sort[0][views]=desc&sort[1][title]=asc', BY_VIEWS_DESC_THEN_TITLE],
    ['upper-case direction', 'sort=views:DESC,title:ASC', BY_VIEWS_DESC_THEN_TITLE],
    ['a nested relation path as an object (NULL author first ascending)', 'sort[author][name]=asc', BY_AUTHOR_NAME],
    ['a nested relation path as a dotted string', 'sort=author.name', BY_AUTHOR_NAME],
    ['a nested relation path descending (NULL last)', 'sort=author.name:desc',
      [A.blackHole, A.shrimp, A.brewing, A.rome, A.pizza, A.bug, A.css, A.release, A.companion, A.internet, A.boring, A.norway, A.sunset]],
    ['a component field', 'sort=seo.metaTitle',
      [A.blackHole, A.companion, A.sunset, A.shrimp, A.css, A.boring, A.release, A.norway, A.brewing, A.bug, A.pizza, A.rome, A.internet]],
    ['a media field', 'sort=cover.name',
      [A.bug, A.css, A.boring, A.release, A.rome, A.companion, A.shrimp, A.brewing, A.internet, A.blackHole, A.pizza, A.norway, A.sunset]],
    ['a date with NULLs first, ties in creation order', 'sort=publishDate',
      [A.companion, A.norway, A.boring, A.rome, A.blackHole, A.bug, A.pizza, A.sunset, A.internet, A.shrimp, A.css, A.brewing, A.release]],
  ])('%s', async (_name, query, expected) => {
    const { status, body } = await server.getJson(`/api/articles?${ALL_TITLES}&${query}`);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(ids(body)).toEqual(expected);
  });

  it('compares text by code point: lower-case after upper-case (project choice: binary collation)', async () => {
    const { body } = await server.getJson('/api/articles?fields=title&sort=title:desc&pagination[pageSize]=2');
    expect(body.data.map((entry: { title: string }) => entry.title)).toEqual(['beautiful code is boring code',
      'Why PIZZA is the ultimate COFFEE companion']);
  });

  it('without sort, lists come in creation order (project choice)', async () => {
    const { body } = await server.getJson(`/api/articles?${ALL_TITLES}`);
    expect(ids(body)).toEqual(PUBLISHED_IDS);
  });

  it.each([
    ['an unknown key', 'sort=foo', 'Invalid key foo', { key: 'foo', path: null }],
    ['a relation without a field', 'sort=author', 'Invalid key author', { key: 'author', path: 'author' }],
    ['a component without a field', 'sort=seo:asc', 'Invalid key seo', { key: 'seo', path: 'seo' }],
    ['a dynamic zone', 'sort=blocks', 'Invalid key blocks', { key: 'blocks', path: 'blocks' }],
    ['an unknown field through a relation', 'sort=author.foo', 'Invalid key foo at author', { key: 'foo', path: 'author' }],
    ['a private field through a relation', 'sort=author.secretNote', 'Invalid key secretNote at author.secretNote',
      { key: 'secretNote', path: 'author.secretNote' }],
  ])('%s is a 400 Invalid key (param sort)', async (_name, query, message, details) => {
    const { status, body } = await server.getJson(`/api/articles?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ data: null, error: { status: 400, name: 'ValidationError', message,
      details: { ...details, source: 'query', param: 'sort' } } });
  });

  it('an empty direction in the object form leaves the key unsorted', async () => {
    const { body } = await server.getJson(`/api/articles?${ALL_TITLES}&sort[title]=&sort[views]=desc`);
    expect(ids(body)).toEqual([A.pizza, A.rome, A.blackHole, A.brewing, A.bug, A.norway, A.internet, A.companion, A.release, A.shrimp,
      A.css, A.sunset, A.boring]);
  });

  it('keys are validated before directions, across all sort items', async () => {
    const { body } = await server.getJson('/api/articles?sort[0]=title:up&sort[1]=foo');
    expect(body.error.message).toBe('Invalid key foo');
  });

  it('sort[title] without a value is a 400', async () => {
    const { status, body } = await server.getJson('/api/articles?sort[title]');
    expect(status).toBe(400);
    expect(body.error.message).toBe('Invalid sort type expected object or string got object');
  });

  it.each([['sort=title:up'], ['sort[title]=sideways'], ['sort=views:desc,title:upward']])('%s is a 400 Invalid order', async (query) => {
    const { status, body } = await server.getJson(`/api/articles?${query}`);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ status: 400, name: 'ValidationError',
      message: 'Invalid order. order can only be one of asc|desc|ASC|DESC' });
  });
});

describe('fields (Strapi: notes §3.3, validators.ts validateFields)', () => {
  it.each([
    ['a comma list', 'fields=title,slug', ['id', 'documentId', 'title', 'slug']],
    ['an indexed list', 'fields[0]=title&fields[1]=views', ['id', 'documentId', 'title', 'views']],
    ['system fields on request', 'fields[0]=createdAt&fields[1]=locale&fields[2]=publishedAt',
      ['id', 'documentId', 'createdAt', 'publishedAt', 'locale']],
    ['only id and documentId are added (no locale, no publishedAt)', 'fields=views', ['id', 'documentId', 'views']],
  ])('%s returns the selected fields plus id and documentId', async (_name, query, keys) => {
    const { status, body } = await server.getJson(`/api/articles/${A.rome}?${query}`);
    expect(status).toBe(200);
    expect(Object.keys(body.data)).toEqual(keys);
    expect(body.data.id).toBe(7047790394410502);
    expect(body.data.documentId).toBe(A.rome);
  });

  it('fields=* returns every scalar field', async () => {
    const all = await server.getJson(`/api/articles/${A.rome}`);
    const star = await server.getJson(`/api/articles/${A.rome}?fields=*`);
    expect(star.body).toEqual(all.body);
  });

  it('populated keys are added on top of the selected fields', async () => {
    const { body } = await server.getJson(`/api/articles/${A.rome}?fields=title&populate[author][fields][0]=name`);
    expect(body.data).toEqual({
      id: 7047790394410502,
      documentId: A.rome,
      title: 'The best coffee in Rome',
      author: { id: 3120062492957120, documentId: 'qig4xffu7hjyawrhvhipfbv9', name: 'Marco Rossi' },
    });
  });

  it.each([
    ['an unknown field', 'fields=foo', 'Invalid key foo', { key: 'foo', path: null }],
    ['a relation', 'fields=author', 'Invalid key author', { key: 'author', path: 'author' }],
    ['a component', 'fields[0]=title&fields[1]=seo', 'Invalid key seo', { key: 'seo', path: 'seo' }],
    ['a dynamic zone', 'fields=blocks', 'Invalid key blocks', { key: 'blocks', path: 'blocks' }],
    ['media', 'fields=cover', 'Invalid key cover', { key: 'cover', path: 'cover' }],
  ])('%s is a 400 Invalid key (param fields)', async (_name, query, message, details) => {
    const { status, body } = await server.getJson(`/api/articles?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ data: null, error: { status: 400, name: 'ValidationError', message,
      details: { ...details, source: 'query', param: 'fields' } } });
  });

  it('a fields object is a 400 (Strapi: convertFieldsQueryParams)', async () => {
    const { status, body } = await server.getJson('/api/articles?fields[title]=1');
    expect(status).toBe(400);
    expect(body.error.message).toBe('Invalid fields parameter. Expected a string or an array of strings');
  });

  it('a private attribute is never returned and cannot be selected (author.secretNote)', async () => {
    const list = await server.getJson('/api/authors?populate=*');
    expect(list.body.data).toHaveLength(5);
    expect(JSON.stringify(list.body)).not.toMatch(/secretNote|Prefers to be paid in coffee/);
    const populated = await server.getJson(`/api/articles/${A.rome}?populate[author]=true`);
    expect(populated.body.data.author).not.toHaveProperty('secretNote');
    const selected = await server.getJson('/api/authors?fields=secretNote');
    expect(selected.status).toBe(400);
    expect(selected.body.error.details).toEqual({ key: 'secretNote', path: 'secretNote', source: 'query', param: 'fields' });
  });
});
