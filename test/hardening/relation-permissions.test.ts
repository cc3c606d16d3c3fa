import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { authSite, bearer, errorBody, type AuthSite } from '../auth/helpers.js';
import { ARTICLES, DRAFT_ONLY, TAGS } from '../contract/sample-site.js';

/**
 * Issue 11 item 4: a custom token holding only `api::tag.tag.*` rewrote article files through
 * `tags.articles` (the inverse side, stored in the articles' files), a draft it may not read among them.
 *
 * Real Strapi 5.54 (strapi-ref, Public role granted only `api::tag.tag` find/findOne/create/update/delete):
 * - POST /api/tags {name, articles: [published, draft]} → 400 ValidationError "Invalid key articles",
 *   details {key: "articles", path: "articles", source: "body"}; the same for `articles: []`,
 *   `articles: null`, `{connect: [...]}`, `{disconnect: [...]}`, `{set: []}` on PUT, and for a body that
 *   also changes `name` (nothing is written). An unknown key is reported first ("Invalid key nope").
 * - With `api::article.article.find` added, the same POST is a 201 and links both articles (drafts too);
 *   Strapi keeps relations in join tables, so the articles' updatedAt does not move. Here the link is
 *   stored in the article files, so the project also requires `update` on the owning type (403).
 */

const TAG_ALL = ['find', 'findOne', 'create', 'update', 'delete'].map((action) => `api::tag.tag.${action}`);

let site: AuthSite;
let keys: Record<'tagsOnly' | 'tagsAndArticleFind' | 'tagsAndArticleUpdate' | 'articlesOnly', string>;

const articleFiles = () => {
  const dir = join(site.root, 'content/articles');
  return Object.fromEntries(readdirSync(dir).sort().map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
};
const tagFiles = () => readdirSync(join(site.root, 'content/tags')).sort();

beforeAll(async () => {
  site = await authSite();
  const custom = async (name: string, permissions: string[]) => (
    await site.cms.auth.tokens.create({ name, type: 'custom', permissions })).accessKey;
  keys = {
    tagsOnly: await custom('tags-only', TAG_ALL),
    tagsAndArticleFind: await custom('tags-and-article-find', [...TAG_ALL, 'api::article.article.find']),
    tagsAndArticleUpdate: await custom('tags-and-article-update', [...TAG_ALL, 'api::article.article.find', 'api::article.article.update']),
    articlesOnly: await custom('articles-only', ['api::article.article.find', 'api::article.article.update']),
  };
});

const invalidArticles = errorBody(400, 'ValidationError', 'Invalid key articles', { key: 'articles', path: 'articles', source: 'body' });

describe('relation input whose target the caller may not find is refused, as Strapi validateInput does', () => {
  it('a tags-only token creating a tag linked to a published and a draft article gets 400 and changes no file', async () => {
    const [articles, tags] = [articleFiles(), tagFiles()];
    const { status, body } = await site.sendJson(
      'POST', '/api/tags', { data: { name: 'Stolen', articles: [ARTICLES.rome, DRAFT_ONLY.oven] } }, bearer(keys.tagsOnly),
    );
    expect(status).toBe(400);
    expect(body).toEqual(invalidArticles);
    expect(articleFiles()).toEqual(articles);
    expect(tagFiles()).toEqual(tags);
  });

  it.each([
    ['connect a draft', { articles: { connect: [DRAFT_ONLY.oven] } }],
    ['disconnect', { articles: { disconnect: [ARTICLES.rome] } }],
    ['set nothing', { articles: { set: [] } }],
    ['an empty list', { articles: [] }],
    ['null', { articles: null }],
    ['a name change beside it', { name: 'Coffee!', articles: [DRAFT_ONLY.oven] }],
  ])('a tags-only token updating a tag with %s gets 400 and changes no file', async (_name, data) => {
    const [articles, tags] = [articleFiles(), readFileSync(join(site.root, `content/tags/${TAGS.coffee}.json`), 'utf8')];
    const { status, body } = await site.sendJson('PUT', `/api/tags/${TAGS.coffee}`, { data }, bearer(keys.tagsOnly));
    expect(status).toBe(400);
    expect(body).toEqual(invalidArticles);
    expect(articleFiles()).toEqual(articles);
    expect(readFileSync(join(site.root, `content/tags/${TAGS.coffee}.json`), 'utf8')).toBe(tags);
  });

  it('an unknown key is reported before a restricted relation (Strapi checks keys first)', async () => {
    const { status, body } = await site.sendJson('PUT', `/api/tags/${TAGS.coffee}`, { data: { nope: 1, articles: [] } },
      bearer(keys.tagsOnly));
    expect(status).toBe(400);
    expect(body).toEqual(errorBody(400, 'ValidationError', 'Invalid key nope', { key: 'nope', path: null, source: 'body' }));
  });

  it('an article token without find on tags cannot write article.tags (the owning side)', async () => {
    const { status, body } = await site.sendJson('PUT', `/api/articles/${ARTICLES.rome}`, { data: { tags: [TAGS.pizza] } },
      bearer(keys.articlesOnly));
    expect(status).toBe(400);
    expect(body).toEqual(errorBody(400, 'ValidationError', 'Invalid key tags', { key: 'tags', path: 'tags', source: 'body' }));
  });

  it('a tags-only token still writes a tag\'s own fields', async () => {
    const { status, body } = await site.sendJson('POST', '/api/tags', { data: { name: 'Allowed' } }, bearer(keys.tagsOnly));
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.data.name).toBe('Allowed');
  });
});

describe('a write never changes a document the caller could not update directly', () => {
  it('tags.* plus article find (Strapi: 201) is a 403 here: the link would rewrite article files', async () => {
    const articles = articleFiles();
    const { status, body } = await site.sendJson(
      'POST', '/api/tags', { data: { name: 'Linked', articles: [ARTICLES.rome, DRAFT_ONLY.oven] } }, bearer(keys.tagsAndArticleFind),
    );
    expect(status).toBe(403);
    expect(body).toEqual(errorBody(403, 'ForbiddenError',
      'Writing articles changes api::article.article documents, which this caller may not update',
      { key: 'articles', path: 'articles', source: 'body' }));
    expect(articleFiles()).toEqual(articles);
  });

  it('with article update too, the inverse-side write links the articles, drafts included', async () => {
    const { status, body } = await site.sendJson(
      'POST', '/api/tags', { data: { name: 'Granted', articles: [ARTICLES.rome, DRAFT_ONLY.oven] } }, bearer(keys.tagsAndArticleUpdate),
    );
    expect(status, JSON.stringify(body)).toBe(201);
    const tag = body.data.documentId;
    const draft = await site.getJson(`/api/articles?status=draft&filters[documentId][$eq]=${DRAFT_ONLY.oven}&populate=tags`,
      { headers: bearer(keys.tagsAndArticleUpdate) });
    expect(draft.body.data[0].tags.map((entry: { documentId: string }) => entry.documentId)).toContain(tag);
  });
});
