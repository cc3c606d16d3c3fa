// `cms import` keeps a to-many inverse side's order. Strapi lists a category's articles in its join table's inverse
// order (the order they were linked in, recorded by bench/import-from-strapi.mjs: tag.posts), not their creation order,
// and keeps the drafts' order apart from the published versions'. The import asks the source for both and the
// category's file keeps the order, so the imported project answers each status as the source did.
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/program.js';
import { createCms } from '../../core/cms.js';
import { createApp } from '../../core/http/app.js';
import { inverseList } from '../../core/import/inverse-lists.js';
import { ImportSourceError } from '../../core/import/source-input.js';
import { TEST_ENV } from '../auth/helpers.js';
import { hostileStrapi, page, type HostileStrapi } from '../helpers/hostile-strapi.js';
import { makeProject, REPO_ROOT } from '../helpers/project.js';

const at = (minute: number) => `2024-01-01T00:0${minute}:00.000Z`;
const article = (documentId: string, minute: number, status: 'draft' | 'published', category: string) => ({
  id: minute * 2 + (status === 'draft' ? 0 : 1), documentId, title: `Article ${documentId}`, locale: 'en',
  createdAt: at(minute), updatedAt: at(minute), publishedAt: status === 'published' ? at(minute) : null,
  category: { id: 1, documentId: category },
});
const owner = (documentId: string, minute: number) => ({ id: minute, documentId, createdAt: at(minute) });
// a1, a2, a3 created in that order; "news" linked a3 first, and its draft a2 between a3 and a1.
const ARTICLES = { published: [article('a1', 1, 'published', 'news'), article('a3', 3, 'published', 'news')],
  draft: [article('a1', 1, 'draft', 'news'), article('a2', 2, 'draft', 'news'), article('a3', 3, 'draft', 'news'),
    article('a4', 4, 'draft', 'plain')] };
const category = (id: number, documentId: string, articles: unknown[]) =>
  ({ id, documentId, name: documentId, slug: documentId, createdAt: at(0), updatedAt: at(0), articles });
const CATEGORIES = {
  published: [category(1, 'news', [owner('a3', 3), owner('a1', 1)]), category(2, 'plain', [])],
  draft: [category(1, 'news', [owner('a3', 3), owner('a2', 2), owner('a1', 1)]),
    category(2, 'plain', [owner('a4', 4)])],
};

let source: HostileStrapi | undefined;
afterEach(async () => { await source?.close(); source = undefined; });

async function cli(args: string[]) {
  let stderr = '';
  const io = { stdout: { write: () => {} }, stderr: { write: (text: string) => (stderr += text) } };
  const code = await runCli(args, { ...io, cwd: REPO_ROOT, env: { ...process.env, CMS_ROOT: undefined } });
  return { code, stderr };
}

describe('cms import keeps an inverse side\'s order', () => {
  it('answers a category\'s articles in the source\'s inverse order in each status, not in creation order', async () => {
    source = await hostileStrapi((path, url) => {
      const status = url.searchParams.get('status') === 'draft' ? 'draft' : 'published';
      if (path === '/api/categories') return page(CATEGORIES[status]);
      if (path === '/api/articles') return page(url.searchParams.get('locale') === 'en' ? ARTICLES[status] : []);
      return undefined;
    }, { locales: ['en', 'fr'] });
    const root = makeProject({});
    cpSync(join(REPO_ROOT, 'schemas'), join(root, 'schemas'), { recursive: true });
    cpSync(join(REPO_ROOT, 'cms.config.json'), join(root, 'cms.config.json'));
    const run = await cli(['import', '--from', source.url, '--root', root]);
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.code).toBe(0);
    // An order creation order gives is not written: that file is as it was before this change.
    expect(JSON.parse(readFileSync(join(root, 'content', 'categories', 'plain.json'), 'utf8'))).not.toHaveProperty('articles');

    const cms = await createCms({ root, env: TEST_ENV, report: () => {} });
    try {
      const app = createApp(cms, { log: () => {} });
      const order = async (status: string) => {
        const response = await app.request(`/api/categories/news?status=${status}&populate[articles][fields][0]=title`);
        expect(response.status).toBe(200);
        return ((await response.json()) as { data: { articles: { documentId: string }[] } }).data.articles.map((a) => a.documentId);
      };
      expect(await order('published')).toEqual(['a3', 'a1']);
      expect(await order('draft')).toEqual(['a3', 'a2', 'a1']);
    } finally {
      await cms.close?.();
    }
  });

  it('joins the orders of both statuses into one ranking, and leaves out one creation order already gives', () => {
    const where = { url: 'http://strapi/api/categories', field: 'data[0].articles' };
    expect(inverseList(where, [[owner('a1', 1), owner('a2', 2)], [owner('a1', 1), owner('a3', 3)]])).toBeUndefined();
    expect(inverseList(where, [[owner('a3', 3), owner('a1', 1)], [owner('a3', 3), owner('a2', 2), owner('a1', 1)]]))
      .toEqual(['a3', 'a2', 'a1']);
    // creation ties break on documentId, as the index's creation order does
    expect(inverseList(where, [[owner('b', 1), owner('a', 1)]])).toEqual(['b', 'a']);
  });

  it('names an owner whose createdAt is not a date-time', () => {
    const where = { url: 'http://strapi/api/categories', field: 'data[0].articles' };
    expect(() => inverseList(where, [[{ documentId: 'a1', createdAt: 'soon' }]])).toThrow(ImportSourceError);
    expect(() => inverseList(where, [[{ documentId: 'a1', createdAt: 'soon' }]])).toThrow(/data\[0\]\.articles\[0\]\.createdAt "soon"/);
  });
});
