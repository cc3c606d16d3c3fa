import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startApp, type TestServer } from '../helpers/project.js';

/** The conformance set's fixture (graphql on, the REST permissions), seeded through /graphql itself. */
let site: TestServer;
let root: string;
let token: string;
const ids: Record<string, string> = {};

async function gql(query: string, options: { variables?: Record<string, unknown>; auth?: string | null } = {}) {
  const headers: Record<string, string> = options.auth === null ? {} : { authorization: `Bearer ${options.auth ?? token}` };
  return site.sendJson('POST', '/graphql', { query, variables: options.variables }, headers);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cms-graphql-'));
  cpSync(join(REPO_ROOT, 'test/conformance/fixture'), root, { recursive: true });
  site = await startApp(root);
  token = (await site.cms.auth.tokens.create({ name: 'full', type: 'full-access' })).accessKey;
  for (const [name, weight] of [['alpha', 3], ['beta', 1], ['gamma', 2]] as const) {
    const { body } = await gql('mutation($d: TagInput!) { createTag(data: $d) { documentId } }', { variables: { d: { name, weight } } });
    ids[name] = body.data.createTag.documentId;
  }
  const author = await gql('mutation { createAuthor(data: { name: "Ann", note: "private" }) { documentId } }');
  ids.ann = author.body.data.createAuthor.documentId;
  const post = await gql(`mutation($tags: [ID], $author: ID) { createPost(data: {
    title: "Hello", views: 5, author: $author, tags: $tags, seo: { metaTitle: "m", socials: [{ network: x, url: "u" }] },
    sections: [{ __typename: "ComponentSharedQuote", body: "b" }, { __typename: "ComponentSharedItem", label: "l", qty: 2 }]
  }) { documentId } }`, { variables: { tags: [ids.alpha, ids.beta, ids.gamma], author: ids.ann } });
  ids.post = post.body.data.createPost.documentId;
}, 120_000);

afterAll(async () => {
  await site?.cms.close();
  rmSync(root, { recursive: true, force: true });
});

describe('GraphQL queries through the real app', () => {
  it('lists, sorts and filters with the REST core, paginating by the plugin\'s rules', async () => {
    const { status, body } = await gql(`{
      sorted: tags(sort: ["weight:desc"]) { name weight }
      some: tags(filters: { or: [{ name: { eq: "beta" } }, { weight: { gte: 3 } }] }, sort: ["name"]) { name }
      page: tags_connection(pagination: { page: 2, pageSize: 2 }, sort: ["name"]) { nodes { name } pageInfo { total page pageSize pageCount } }
    }`);
    expect(status).toBe(200);
    expect(body.data.sorted.map((tag: { name: string }) => tag.name)).toEqual(['alpha', 'gamma', 'beta']);
    expect(body.data.some).toEqual([{ name: 'alpha' }, { name: 'beta' }]);
    expect(body.data.page).toEqual({ nodes: [{ name: 'gamma' }], pageInfo: { total: 3, page: 2, pageSize: 2, pageCount: 2 } });
  });

  it('answers one document, its relations with their own arguments, components and zones by __typename', async () => {
    const { body } = await gql(`query($id: ID!) { post(documentId: $id) {
      title author { name } seo { metaTitle socials { network } }
      tags(sort: ["weight:asc"], pagination: { limit: 2 }) { name }
      sections { __typename ... on ComponentSharedQuote { body } ... on ComponentSharedItem { qty } }
    } }`, { variables: { id: ids.post } });
    expect(body).toEqual({ data: { post: {
      title: 'Hello', author: { name: 'Ann' }, seo: { metaTitle: 'm', socials: [{ network: 'x' }] },
      tags: [{ name: 'beta' }, { name: 'gamma' }],
      sections: [{ __typename: 'ComponentSharedQuote', body: 'b' }, { __typename: 'ComponentSharedItem', qty: 2 }],
    } } });
  });

  it('answers null for a document that does not exist, and never a private field', async () => {
    const missing = await gql('{ post(documentId: "nope") { title } }');
    expect(missing.body).toEqual({ data: { post: null } });
    const privateField = await gql('{ authors { name note } }');
    expect(privateField.status).toBe(400);
    expect(privateField.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('refuses the Public role what REST refuses it, in the plugin\'s error shape, and keeps the rest of the answer', async () => {
    const forbidden = { code: 'FORBIDDEN', error: { name: 'ForbiddenError', message: 'Forbidden access', details: {} } };
    const { status, body } = await gql('{ tags { name } profiles { handle } }', { auth: null });
    expect(status).toBe(200);
    expect(body).toEqual({ errors: [{ message: 'Forbidden access', path: ['profiles'], extensions: forbidden }], data: null });
    const relation = await gql('{ authors { name profile { handle } } }', { auth: null });
    expect(relation.body).toEqual({
      errors: [{ message: 'Forbidden access', path: ['authors', 0, 'profile'], extensions: forbidden }],
      data: { authors: [{ name: 'Ann', profile: null }] },
    });
  });

  it('answers a bad credential with the REST 401, as Strapi\'s authentication runs before the plugin', async () => {
    const { status, body } = await gql('{ tags { name } }', { auth: 'not-a-token' });
    expect(status).toBe(401);
    expect(body.error).toMatchObject({ name: 'UnauthorizedError', message: 'Missing or invalid credentials' });
  });

  it('refuses malformed requests before running them, as Apollo Server does', async () => {
    const parse = await gql('{ tags { name ');
    expect(parse.status).toBe(400);
    expect(parse.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    const variable = await gql('query($p: Int) { tags(pagination: { page: $p }) { name } }', { variables: { p: 'x' } });
    expect(variable.status).toBe(400);
    expect(variable.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const both = await gql('{ tags(pagination: { page: 1, limit: 2 }) { name } }');
    expect(both.body.errors[0].extensions.code).toBe('STRAPI_PAGINATION_ERROR');
    const csrf = await site.request('/graphql?query={tags{name}}');
    expect(csrf.status).toBe(400);
    const get = await site.request('/graphql?query={tags(sort:["name"]){name}}', { headers: { 'apollo-require-preflight': 'true' } });
    expect(await get.json()).toEqual({ data: { tags: [{ name: 'alpha' }, { name: 'beta' }, { name: 'gamma' }] } });
    const mutation = await site.request('/graphql?query=mutation{deleteTag(documentId:"x"){documentId}}', {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(mutation.status).toBe(405);
    expect(mutation.headers.get('allow')).toBe('POST');
  });

  it('refuses an operation nested deeper than depthLimit before it runs', async () => {
    const deep = `{ posts { tags { posts { tags { posts { tags { posts { tags { posts { tags { posts { title } } } } } } } } } } } }`;
    const { status, body } = await gql(deep);
    expect(status).toBe(400);
    expect(body.errors[0].message).toBe("'' exceeds maximum operation depth of 10");
  });
});

describe('the plugin\'s argument corners', () => {
  it('drops what Strapi\'s filter cleaning drops: an empty list, a DateTime list, a JSON literal\'s own keys, and what they leave empty', async () => {
    await gql('mutation { a: createKitchen(data: { title: "A", meta: { a: 1 } }) { title } b: createKitchen(data: { title: "B" }) { title } }');
    const { body } = await gql(`{
      emptyIn: tags(filters: { name: { in: [] } }, sort: "name") { name }
      emptyInRelation: posts(filters: { author: { name: { in: [] } } }) { title }
      jsonObject: kitchens(filters: { meta: { eq: { a: 1 } } }, sort: "title") { title }
      jsonString: kitchens(filters: { meta: { notNull: true } }, sort: "title") { title }
      dateTimeList: tags(filters: { createdAt: { between: ["2000-01-01T00:00:00Z", "2000-01-02T00:00:00Z"] } }, sort: "name") { name }
      dateTimeOne: tags(filters: { createdAt: { lt: "2000-01-01T00:00:00Z" } }) { name }
    }`);
    expect(body).toEqual({ data: {
      emptyIn: [{ name: 'alpha' }, { name: 'beta' }, { name: 'gamma' }],
      emptyInRelation: [{ title: 'Hello' }],
      jsonObject: [{ title: 'A' }, { title: 'B' }],
      jsonString: [{ title: 'A' }],
      // a DateTime list reaches Strapi's engine empty: no condition; one DateTime is compared
      dateTimeList: [{ name: 'alpha' }, { name: 'beta' }, { name: 'gamma' }],
      dateTimeOne: [],
    } });
  });

  it('negates each related item under a not, as Strapi\'s SQL join does, over GraphQL and REST alike', async () => {
    await gql('mutation { createPost(data: { title: "Untagged" }) { title } }');
    const { body } = await gql(`{
      notAlpha: posts(filters: { not: { tags: { name: { eq: "alpha" } } } }, sort: "title") { title }
      notAny: posts(filters: { not: { tags: { name: { in: ["alpha", "beta", "gamma"] } } } }, sort: "title") { title }
    }`);
    // Hello has beta and gamma besides alpha; Untagged has no tag row to negate
    expect(body).toEqual({ data: { notAlpha: [{ title: 'Hello' }], notAny: [] } });
    const rest = await site.getJson('/api/posts?fields[0]=title&filters[$not][tags][name][$eq]=alpha', { headers: { authorization: `Bearer ${token}` } });
    expect(rest.body.data.map((post: { title: string }) => post.title)).toEqual(['Hello']);
  });

  it('takes "*" and any code of the i18n plugin\'s ISO list as a locale, reading nothing in one the site lacks', async () => {
    const { body } = await gql(`query($n: I18NLocaleCode) {
      every: posts(locale: "*", filters: { title: { eq: "Hello" } }) { title locale }
      welsh: posts(locale: "cy") { title }
      numbered: posts(locale: $n) { title }
    }`, { variables: { n: 3 } });
    expect(body).toEqual({ data: { every: [{ title: 'Hello', locale: 'en' }], welsh: [], numbered: [] } });
    const unknown = await gql('{ posts(locale: "xx-nope") { title } }');
    expect([unknown.status, unknown.body.errors[0].message]).toEqual([400, 'Expected value of type "I18NLocaleCode", found "xx-nope"; Unknown locale supplied']);
  });
});

describe('introspection, as Apollo Server allows it', () => {
  it('is refused when the site runs with NODE_ENV=production (its createCms env), and answered otherwise', async () => {
    const query = { query: '{ __schema { queryType { name } } }' };
    const production = await startApp(root, { env: { ...process.env, NODE_ENV: 'production' } });
    try {
      const refused = await production.sendJson('POST', '/graphql', query);
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(refused.body.errors[0].message).toMatch(/^GraphQL introspection is not allowed by Apollo Server/);
    } finally {
      await production.cms.close();
    }
    const development = await startApp(root, { env: { ...process.env, NODE_ENV: 'development' } });
    try {
      expect((await development.sendJson('POST', '/graphql', query)).body).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
    } finally {
      await development.cms.close();
    }
  });
});

describe('GraphQL mutations through the one write path', () => {
  it('answers an update once the write is done: a page made its own parent shows it, as the plugin reads it', async () => {
    const made = await gql('mutation { createPage(data: { title: "Loop" }) { documentId } }');
    const id = made.body.data.createPage.documentId;
    const updated = await gql(`mutation { updatePage(documentId: "${id}", data: { parent: "${id}" }) { title parent { title } } }`);
    expect(updated.body).toEqual({ data: { updatePage: { title: 'Loop', parent: { title: 'Loop' } } } });
  });

  it('updates and deletes a document, and REST reads what GraphQL wrote', async () => {
    const updated = await gql('mutation($id: ID!) { updateTag(documentId: $id, data: { weight: 9 }) { name weight } }', { variables: { id: ids.beta } });
    expect(updated.body).toEqual({ data: { updateTag: { name: 'beta', weight: 9 } } });
    const rest = await site.getJson(`/api/tags/${ids.beta}`);
    expect(rest.body.data.weight).toBe(9);
    const deleted = await gql('mutation($id: ID!) { deleteTag(documentId: $id) { documentId } }', { variables: { id: ids.gamma } });
    expect(deleted.body).toEqual({ data: { deleteTag: { documentId: ids.gamma } } });
    expect((await site.getJson(`/api/tags/${ids.gamma}`)).status).toBe(404);
  });

  it('answers the write path\'s validation errors as BAD_USER_INPUT with Strapi\'s details', async () => {
    const { body } = await gql('mutation { createTag(data: { weight: 1 }) { name } }');
    expect(body.data).toEqual({ createTag: null });
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(body.errors[0].extensions.error.name).toBe('ValidationError');
  });
});
