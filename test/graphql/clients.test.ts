// Front ends written for Strapi's GraphQL plugin run unchanged against `cms serve`: Apollo Client (HttpLink,
// InMemoryCache with the `__typename`s it adds to every selection, its default headers) and urql, on the sample site.
import { ApolloClient, ApolloLink, CombinedGraphQLErrors, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { cacheExchange, Client, fetchExchange, gql as urqlGql } from '@urql/core';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt } from '../cli/built-cli.js';
import { copySampleSite } from '../helpers/project.js';
import { startServe } from '../helpers/serve-process.js';
import { stopChild } from '../helpers/stop-child.js';

const TOKEN = 'graphql-clients-token-0123456789abcdef0123456789';
const ENV = { ...process.env, CMS_API_TOKEN: TOKEN, CMS_JWT_SECRET: 'graphql-clients-jwt-secret-0123456789abcdef',
  CMS_API_TOKEN_SALT: 'graphql-clients-salt' };

let server: ChildProcess;
let base = '';

beforeAll(async () => {
  ensureBuilt();
  ({ base, child: server } = await startServe(BIN, ['--root', copySampleSite(), '--no-watch'], { env: ENV }));
}, 120_000);

afterAll(async () => { await stopChild(server); });

// The queries as a Strapi front end writes them (Strapi's docs and the LaunchPad/blog starters' shapes).
const ARTICLES = gql`
  query Articles($locale: I18NLocaleCode, $pageSize: Int) {
    articles(locale: $locale, sort: ["title:asc"], pagination: { pageSize: $pageSize }, filters: { title: { containsi: "a" } }) {
      documentId
      title
      slug
      author { documentId name }
      category { name }
      tags(sort: "name:asc") { name }
      seo { metaTitle }
      blocks {
        ... on ComponentSharedQuote { title body }
        ... on ComponentSharedRichText { body }
      }
    }
    articles_connection(locale: $locale, pagination: { pageSize: $pageSize }) { pageInfo { total page pageSize pageCount } }
  }
`;
const ONE_ARTICLE = gql`query Article($documentId: ID!) { article(documentId: $documentId) { documentId title author { name } } }`;
const CREATE_TAG = gql`
  mutation CreateTag($data: TagInput!) { createTag(data: $data) { documentId name slug } }
`;

function apollo(token?: string) {
  const http = new HttpLink({ uri: `${base}/graphql` });
  const auth = new ApolloLink((operation, forward) => {
    if (token) operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => ({ headers: { ...headers, authorization: `Bearer ${token}` } }));
    return forward(operation);
  });
  return new ApolloClient({ link: auth.concat(http), cache: new InMemoryCache() });
}

async function rest(path: string) {
  return (await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } })).json();
}

describe('Apollo Client against cms serve', () => {
  it('answers a Strapi list query with relations, a component, a zone and _connection, with the __typenames Apollo adds', async () => {
    const { data } = await apollo().query({ query: ARTICLES, variables: { locale: 'en', pageSize: 3 } });
    const direct = await rest('/api/articles?locale=en&sort=title:asc&pagination[pageSize]=3&filters[title][$containsi]=a'
      + '&populate[author]=true&populate[category]=true&populate[tags][sort]=name:asc&populate[seo]=true&populate[blocks]=true');
    const articles = (data as { articles: Array<Record<string, any>> }).articles;
    expect(articles.length).toBeGreaterThan(0);
    expect(articles.map((article) => article.title)).toEqual(direct.data.map((article: { title: string }) => article.title));
    expect(articles.map((article) => article.author?.name ?? null))
      .toEqual(direct.data.map((article: { author: { name: string } | null }) => article.author?.name ?? null));
    expect(articles.every((article) => article.__typename === 'Article')).toBe(true);
    for (const article of articles) {
      for (const block of article.blocks) expect(block.__typename).toMatch(/^(ComponentShared\w+|Error)$/);
    }
    const connection = (data as { articles_connection: { pageInfo: Record<string, unknown> } }).articles_connection;
    expect(connection.pageInfo).toMatchObject({ __typename: 'Pagination', page: 1, pageSize: 3 });
  });

  it('reads one document by documentId and caches it under its type', async () => {
    const client = apollo();
    const list = await rest('/api/articles?locale=en&sort=title:asc');
    const documentId = list.data[0].documentId;
    const { data } = await client.query({ query: ONE_ARTICLE, variables: { documentId } });
    expect((data as { article: { title: string } }).article.title).toBe(list.data[0].title);
    expect(client.cache.extract()[`Article:${documentId}`] ?? client.cache.extract().ROOT_QUERY).toBeDefined();
  });

  it('runs a mutation with a token, and the read after it sees the write', async () => {
    const client = apollo(TOKEN);
    const { data } = await client.mutate({ mutation: CREATE_TAG, variables: { data: { name: 'from apollo' } } });
    const created = (data as { createTag: { documentId: string; name: string; slug: string } }).createTag;
    expect(created).toMatchObject({ __typename: 'Tag', name: 'from apollo', slug: 'from-apollo' });
    const read = await rest(`/api/tags/${created.documentId}`);
    expect(read.data.name).toBe('from apollo');
  });

  it("raises Strapi's Forbidden error to Apollo for a mutation without a token", async () => {
    const failed = await apollo().mutate({ mutation: CREATE_TAG, variables: { data: { name: 'nobody' } } })
      .then(() => undefined, (error: unknown) => error);
    expect(CombinedGraphQLErrors.is(failed)).toBe(true);
    const { errors } = failed as CombinedGraphQLErrors;
    expect(errors[0]).toMatchObject({ message: 'Forbidden access', extensions: { code: 'FORBIDDEN' } });
  });
});

describe('urql against cms serve', () => {
  const client = () => new Client({ url: `${base}/graphql`, exchanges: [cacheExchange, fetchExchange], preferGetMethod: false });

  it('answers a Strapi query with variables as Apollo does', async () => {
    const query = urqlGql`query Tags($filters: TagFiltersInput) { tags(filters: $filters, sort: "name:asc") { name articles { title } } }`;
    const result = await client().query(query, { filters: { name: { startsWith: 'p' } } }).toPromise();
    expect(result.error).toBeUndefined();
    const direct = await rest('/api/tags?filters[name][$startsWith]=p&sort=name:asc&populate=articles');
    expect(result.data.tags.map((tag: { name: string }) => tag.name)).toEqual(direct.data.map((tag: { name: string }) => tag.name));
    expect(result.data.tags.map((tag: { articles: unknown[] }) => tag.articles.length))
      .toEqual(direct.data.map((tag: { articles: unknown[] }) => tag.articles.length));
  });

  it("answers a GET query (urql preferGetMethod) with the preflight header Apollo Server wants, refuses it without as Strapi does", async () => {
    const get = (headers: Record<string, string>) => new Client({ url: `${base}/graphql`, exchanges: [fetchExchange], preferGetMethod: true,
      fetchOptions: { headers } });
    const ok = await get({ 'apollo-require-preflight': 'true' }).query(urqlGql`{ global { siteName } }`, {}).toPromise();
    expect(ok.error).toBeUndefined();
    const direct = await rest('/api/global');
    expect(ok.data.global.siteName).toBe(direct.data.siteName);
    const refused = await get({}).query(urqlGql`{ global { siteName } }`, {}).toPromise();
    expect(refused.error?.response?.status).toBe(400);
    expect(refused.error?.message).toMatch(/CSRF/);
  });

  it('reports a validation error as a CombinedError with the code Strapi gives', async () => {
    const bad = await client().query(urqlGql`{ articles { nope } }`, {}).toPromise();
    expect(bad.error?.graphQLErrors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});
