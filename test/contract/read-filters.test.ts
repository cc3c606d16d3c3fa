import { beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestServer } from '../helpers/project.js';
import { ALL_TITLES, ARTICLES as A, AUTHORS, ids } from './sample-site.js';

let server: TestServer;
beforeAll(async () => {
  server = await startApp();
});

async function find(query: string): Promise<string[]> {
  const { status, body } = await server.getJson(`/api/articles?${ALL_TITLES}&${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.meta.pagination.total).toBe(body.data.length);
  return ids(body);
}

describe('filters on the sample site (Strapi: notes §3.2)', () => {
  it.each([
    ['$containsi on a title', 'filters[title][$containsi]=coffee', [A.rome, A.companion, A.brewing]],
    ['$gte and $eq together', 'filters[views][$gte]=42&filters[featured][$eq]=true', [A.rome, A.bug, A.pizza, A.internet, A.brewing]],
    ['$between on an integer', 'filters[views][$between][0]=10&filters[views][$between][1]=100',
      [A.bug, A.companion, A.norway, A.internet, A.brewing, A.release]],
    ['$or at the root', 'filters[$or][0][views][$eq]=0&filters[$or][1][title][$startsWith]=Beautiful', [A.norway, A.sunset, A.boring]],
    ['$not on an attribute', 'filters[title][$not][$containsi]=coffee',
      [A.blackHole, A.bug, A.pizza, A.norway, A.sunset, A.internet, A.shrimp, A.css, A.boring, A.release]],
    ['$null on a date', 'filters[publishDate][$null]=true', [A.companion, A.norway, A.boring]],
    ['$lt on a decimal', 'filters[readingTime][$lt]=3', [A.sunset, A.shrimp, A.release]],
    ['$eq on a date', 'filters[publishDate][$eq]=2025-04-07', [A.internet]],
    ['$gt on createdAt', 'filters[createdAt][$gt]=2025-06-01T00:00:00.000Z', [A.boring, A.brewing, A.release]],
    ['documentId $in', `filters[documentId][$in][0]=${A.css}&filters[documentId][$in][1]=${A.rome}`, [A.rome, A.css]],
    ['id $eq (a row id)', 'filters[id][$eq]=7047790394410502', [A.rome]],
  ])('%s', async (_name, query, expected) => {
    expect(await find(query)).toEqual(expected);
  });
});

describe('filters through relations, components and media (Strapi: notes §3.2 relations)', () => {
  it.each([
    // to-one relation: nested field
    ['a to-one relation field (author.name)', 'filters[author][name][$eq]=David%20Doe', [A.companion, A.internet, A.boring]],
    ['a to-one relation documentId', `filters[author][documentId][$eq]=${AUTHORS.kenji}`, [A.bug, A.css, A.release]],
    ['a bare value on a relation targets the related row id', 'filters[author]=3120062492957120', [A.rome, A.pizza]],
    // to-many relation: an entry matches when ANY related row matches (JOIN), without duplicates
    ['a to-many relation, any match (tags.name)', 'filters[tags][name][$eq]=Coffee', [A.rome, A.companion, A.brewing]],
    ['a to-many relation with $in, de-duplicated', 'filters[tags][name][$in][0]=Coffee&filters[tags][name][$in][1]=Pizza',
      [A.rome, A.pizza, A.companion, A.brewing]],
    ['$ne through a to-many relation is still any-match', 'filters[tags][name][$ne]=Photography',
      [A.rome, A.bug, A.pizza, A.companion, A.norway, A.internet, A.shrimp, A.css, A.boring, A.brewing, A.release]],
    // $null on relations: entries with no related row
    ['$null on a to-one relation', 'filters[category][$null]=true', [A.css]],
    ['$null on an unset author', 'filters[author][$null]=true', [A.sunset]],
    ['$null on a to-many relation (no tags)', 'filters[tags][$null]=true', [A.blackHole]],
    ['$notNull on a to-one relation', 'filters[author][$notNull]=false', [A.sunset]],
    // two levels deep, through the inverse side
    ['two levels deep (author.articles.title)', 'filters[author][articles][title][$containsi]=shrimp', [A.blackHole, A.shrimp, A.brewing]],
    // components
    ['a component field (seo.metaTitle)', 'filters[seo][metaTitle][$containsi]=pizza', [A.pizza]],
    ['a repeatable component inside a component (seo.metaSocial), any match', 'filters[seo][metaSocial][socialNetwork][$eq]=Twitter',
      [A.rome, A.bug, A.pizza, A.brewing]],
    ['$null on a component', 'filters[seo][$null]=false', [A.rome, A.bug, A.pizza, A.norway, A.internet, A.brewing]],
    // media
    ['a media field (cover.mime)', 'filters[cover][mime][$startsWith]=image',
      [A.rome, A.blackHole, A.pizza, A.companion, A.norway, A.sunset, A.internet, A.shrimp, A.brewing]],
    ['a media name', 'filters[cover][name][$eq]=coffee-beans.png', [A.rome, A.companion, A.shrimp, A.brewing]],
    ['$null on media', 'filters[cover][$null]=true', [A.bug, A.css, A.boring, A.release]],
    // combined with logic
    ['$or across a relation and a scalar', 'filters[$or][0][author][name][$eq]=Marco%20Rossi&filters[$or][1][views][$eq]=9',
      [A.rome, A.pizza, A.shrimp]],
    ['$not through a relation', 'filters[$not][category][name][$in][0]=Food&filters[$not][category][name][$in][1]=Travel',
      [A.blackHole, A.bug, A.sunset, A.internet, A.shrimp, A.boring, A.release]],
  ])('%s', async (_name, query, expected) => {
    expect(await find(query)).toEqual(expected);
  });

  it('filters other types through their inverse relations (categories with a featured article)', async () => {
    const { body } = await server.getJson('/api/categories?filters[articles][featured][$eq]=true&fields=name');
    expect(body.data.map((category: { name: string }) => category.name)).toEqual(['Tech', 'Food', 'Story', 'Travel']);
  });
});

describe('_q search (Strapi: notes §3.9, database query/helpers/search.ts)', () => {
  it.each([
    ['matches text attributes case-insensitively', '_q=COFFEE', [A.rome, A.companion, A.norway, A.brewing]],
    ['is ANDed with filters', '_q=coffee&filters[featured]=true', [A.rome, A.brewing]],
    ['a number also matches numeric attributes as text (LIKE)', '_q=300', [A.pizza]],
    ['a decimal matches a decimal attribute', '_q=8.25', [A.bug]],
    ['% is literal', '_q=%25', []],
  ])('%s', async (_name, query, expected) => {
    expect(await find(query)).toEqual(expected);
  });

  it('matches a merge-safe id only as a whole (Project choices: numeric id allocation), never by a substring', async () => {
    const { id } = (await server.getJson(`/api/articles/${A.rome}`)).body.data;
    expect(await find(`_q=${id}`)).toEqual([A.rome]);
    expect(await find(`_q=${String(id).slice(1, -1)}`)).toEqual([]);
  });
});

describe('keys that cannot be filtered (Strapi: validate/validators.ts, throw-private, throw-dynamic-zones)', () => {
  it.each([
    ['an unknown field', 'filters[foo]=1', 'Invalid key foo', { key: 'foo', path: null }],
    ['an unknown operator', 'filters[title][$foo]=1', 'Invalid key $foo at title', { key: '$foo', path: 'title' }],
    ['an unknown field on a relation', 'filters[author][foo][$eq]=1', 'Invalid key foo at author', { key: 'foo', path: 'author' }],
    ['a private attribute through a relation', 'filters[author][secretNote][$eq]=x', 'Invalid key secretNote at author.secretNote',
      { key: 'secretNote', path: 'author.secretNote' }],
    ['a dynamic zone', 'filters[blocks][title][$eq]=x', 'Invalid key blocks', { key: 'blocks', path: 'blocks' }],
  ])('%s is a 400 ValidationError with key, path, source and param', async (_name, query, message, details) => {
    const { status, body } = await server.getJson(`/api/articles?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ data: null, error: { status: 400, name: 'ValidationError', message,
      details: { ...details, source: 'query', param: 'filters' } } });
  });

  it('a private attribute (author.secretNote) is not filterable at the root either', async () => {
    const { status, body } = await server.getJson('/api/authors?filters[secretNote][$eq]=x');
    expect(status).toBe(400);
    expect(body.error).toEqual({
      status: 400, name: 'ValidationError', message: 'Invalid key secretNote',
      details: { key: 'secretNote', path: 'secretNote', source: 'query', param: 'filters' },
    });
  });

  it('does not leak a private value through a filter that would match it', async () => {
    const { status } = await server.getJson('/api/authors?filters[secretNote][$containsi]=pizza');
    expect(status).toBe(400);
  });
});
