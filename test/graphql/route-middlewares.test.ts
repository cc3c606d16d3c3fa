// Strapi's GraphQL plugin asks the role, not the route's auth: GraphQL here does the same. Beyond Strapi (whose plugin
// runs only its own resolversConfig middlewares) the route's policies and middlewares judge it too (never walked around).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cms } from '../../core/cms.js';
import { createCms } from '../../core/cms.js';
import { startProjectCode } from '../../core/extensions/start.js';
import { createApp } from '../../core/http/app.js';
import { EXTENSIONS } from '../../core/http/extensions.js';
import { projectRoutes } from '../../core/http/project-routes.js';
import { tempDir } from '../studio/git-site.js';

const ENV = { CMS_JWT_SECRET: 'route-middlewares-jwt-secret-0123456789abcdef', CMS_API_TOKEN_SALT: 'route-middlewares-salt-0123456789abcdef0123' };
let root = '';
let cms: Cms;
let app: ReturnType<typeof createApp>;
let open = '';

const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
async function send(method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  const response = await app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  root = tempDir('cms-graphql-route-middlewares-');
  write('cms.config.json', JSON.stringify({ permissions: { public: { 'api::article.article': ['find', 'findOne', 'create'] } }, graphql: { enabled: true } }));
  write('schemas/api/article/content-types/article/schema.json', JSON.stringify({
    kind: 'collectionType', collectionName: 'articles', options: { draftAndPublish: false },
    info: { singularName: 'article', pluralName: 'articles', displayName: 'Article' }, attributes: { title: { type: 'string' } },
  }));
  // the list hides secret articles by rewriting the query, as a project's middleware may
  write('src/middlewares/hide-secret.js', `'use strict';
module.exports = () => async (ctx, next) => { ctx.query = { ...ctx.query, filters: { title: { $ne: 'Secret' } } }; await next(); };`);
  write('src/policies/no-secret-title.js', `'use strict';
module.exports = (ctx) => ctx.request.body?.data?.title !== 'Secret';`);
  write('src/api/article/routes/article.js', `'use strict';
module.exports = require('@strapi/strapi').factories.createCoreRouter('api::article.article', {
  config: { find: { middlewares: ['global::hide-secret'] }, create: { policies: ['global::no-secret-title'] } },
});`);
  write('src/api/article/controllers/article.js', `'use strict';
module.exports = require('@strapi/strapi').factories.createCoreController('api::article.article');`);
  write('src/api/article/services/article.js', `'use strict';
module.exports = require('@strapi/strapi').factories.createCoreService('api::article.article');`);
  cms = await createCms({ root, env: ENV, reportProblems: false });
  const code = await startProjectCode(cms);
  app = createApp(cms, { log: () => {}, extensions: [...EXTENSIONS, projectRoutes(code!)] });
  await cms.documents('api::article.article').create({ data: { title: 'Secret' } });
  open = String((await cms.documents('api::article.article').create({ data: { title: 'Open' } })).documentId);
});

afterAll(async () => {
  await cms?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a project route with middlewares over GraphQL', () => {
  it("narrows a list by the filters the REST route's middlewares leave, ANDed with the operation's own", async () => {
    const rest = await send('GET', '/api/articles');
    expect(rest.body.data.map((article: { title: string }) => article.title)).toEqual(['Open']);
    const { status, body } = await send('POST', '/graphql', { query: '{ articles(sort: "title") { title } }' });
    expect(status).toBe(200);
    expect(body).toEqual({ data: { articles: [{ title: 'Open' }] } });
    const filtered = await send('POST', '/graphql', { query: '{ articles(filters: { title: { eq: "Secret" } }) { title } }' });
    expect(filtered.body).toEqual({ data: { articles: [] } });
  });

  it('answers an operation whose route declares none', async () => {
    const { body } = await send('POST', '/graphql', { query: `{ article(documentId: "${open}") { title } }` });
    expect(body).toEqual({ data: { article: { title: 'Open' } } });
  });

  it('shows the route\'s policies a mutation\'s data as the request body', async () => {
    const refused = await send('POST', '/graphql', { query: 'mutation { createArticle(data: { title: "Secret" }) { title } }' });
    expect(refused.body.data).toEqual({ createArticle: null });
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const made = await send('POST', '/graphql', { query: 'mutation { createArticle(data: { title: "Fine" }) { title } }' });
    expect(made.body).toEqual({ data: { createArticle: { title: 'Fine' } } });
  });
});
