import { beforeAll, describe, expect, it } from 'vitest';
import { authSite, bearer, type AuthSite } from './helpers.js';

/**
 * Notes §3.6 under permissions: populate silently leaves out relations whose target the caller may
 * not `find`; filtering through them is a 400. The engine asks `caller.can(target, 'find')`.
 */
let site: AuthSite;
beforeAll(async () => {
  site = await authSite();
});

const COFFEE = 'ukiqxyo770bnnzmm64aonruc';
/** The coffee article through `find` (the custom token may `find` articles, not `findOne`). */
const coffee = async (who: Who, populate: string) => {
  const { status, body } = await site.getJson(`/api/articles?filters[documentId][$eq]=${COFFEE}&${populate}`, { headers: headersOf(who) });
  expect(status).toBe(200);
  expect(body.data).toHaveLength(1);
  return body.data[0];
};

type Who = 'public' | 'readOnly' | 'custom' | 'user';
const headersOf = (who: Who): Record<string, string> =>
  who === 'public' ? {} : who === 'user' ? bearer(site.jwt) : bearer(site.keys[who]);

describe('populate under permissions', () => {
  // Public: authors find, categories find, no tags. Read-only: everything readable.
  // Custom: article find and author findOne only (findOne is not find). User: articles and tags.
  it.each([
    ['public', { author: true, category: true, tags: false }],
    ['readOnly', { author: true, category: true, tags: true }],
    ['custom', { author: false, category: false, tags: false }],
    ['user', { author: false, category: false, tags: true }],
  ] as const)('populate=* for %s keeps only readable relation targets', async (who, expected) => {
    const article = await coffee(who, 'populate=*');
    for (const [relation, present] of Object.entries(expected)) expect(Object.hasOwn(article, relation), relation).toBe(present);
  });

  it('drops a named relation the caller cannot read, without an error', async () => {
    const article = await coffee('custom', 'populate[0]=author&populate[1]=tags');
    expect(article).not.toHaveProperty('author');
    expect(article).not.toHaveProperty('tags');
  });

  it('populates the same relation for a caller who may read it', async () => {
    const article = await coffee('readOnly', 'populate=author');
    expect(article.author).toMatchObject({ documentId: expect.any(String), name: expect.any(String) });
  });
});

describe('filters under permissions', () => {
  it.each(['custom', 'user'] as const)('answers 400 Invalid key when %s filters through an unreadable relation', async (who) => {
    const { status, body } = await site.getJson('/api/articles?filters[author][name][$eq]=David%20Doe', { headers: headersOf(who) });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ status: 400, name: 'ValidationError', message: 'Invalid key author',
      details: { key: 'author', path: 'author', source: 'query', param: 'filters' } });
  });

  it('filters through the relation for a caller who may read the target', async () => {
    const { status, body } = await site.getJson('/api/articles?filters[author][name][$eq]=David%20Doe', { headers: headersOf('readOnly') });
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
  });
});

describe('Authorization header parsing (notes §9.1, §9.3)', () => {
  it.each([
    ['Basic credentials', 'Basic dXNlcjpwYXNz'],
    ['a Bearer header with three parts', 'Bearer a b'],
    ['a bare word', 'token'],
  ])('treats %s as anonymous (the Public role)', async (_label, authorization) => {
    expect((await site.getJson('/api/articles', { headers: { authorization } })).status).toBe(200);
    expect((await site.getJson('/api/tags', { headers: { authorization } })).status).toBe(403);
  });

  it('reads the scheme case-insensitively', async () => {
    expect((await site.getJson('/api/tags', { headers: { authorization: `bEaReR ${site.keys.readOnly}` } })).status).toBe(200);
  });

  it('answers a bad Bearer token with 401 even where the Public role may read', async () => {
    const { status, body } = await site.getJson('/api/articles', { headers: bearer('garbage') });
    expect(status).toBe(401);
    expect(body.error.message).toBe('Missing or invalid credentials');
  });

  it('answers 401 on the publish extension route for a bad token, 403 without the update right', async () => {
    expect((await site.request(`/api/_cms/articles/${COFFEE}/publish`, { method: 'POST', headers: bearer('garbage') })).status).toBe(401);
    expect((await site.request(`/api/_cms/articles/${COFFEE}/publish`, { method: 'POST', headers: bearer(site.keys.readOnly) })).status)
      .toBe(403);
  });
});
