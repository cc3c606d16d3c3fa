// A project's route middlewares at /mcp: tools are offered by the router and the route's auth alone (policies and
// middlewares run when a tool is called, not to list tools), and a response-shaping middleware breaks no request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cms } from '../../core/cms.js';
import { createCms } from '../../core/cms.js';
import { startProjectCode } from '../../core/extensions/start.js';
import { createApp } from '../../core/http/app.js';
import { EXTENSIONS } from '../../core/http/extensions.js';
import { projectRoutes } from '../../core/http/project-routes.js';
import { makeProject } from '../helpers/project.js';
import { appRpc, TEST_ENV } from './mcp-site.js';

const ARTICLE = {
  kind: 'collectionType', info: { singularName: 'article', pluralName: 'articles', displayName: 'Article' },
  options: { draftAndPublish: false }, attributes: { title: { type: 'string' } },
};

let cms: Cms;
let app: ReturnType<typeof createApp>;
let key = '';
const runs = () => (globalThis as { __layerRuns?: number }).__layerRuns ?? 0;

beforeAll(async () => {
  const root = makeProject({
    'schemas/api/article/content-types/article/schema.json': ARTICLE,
    'cms.config.json': { mcp: { enabled: true }, graphql: { enabled: true } },
    // counts every run; narrows a list to the caller's own documents; shapes a found document's body after the work
    'src/middlewares/count.js': 'module.exports = () => async (ctx, next) => { globalThis.__layerRuns = (globalThis.__layerRuns ?? 0) + 1; await next(); };\n',
    'src/middlewares/only-mine.js': "module.exports = () => async (ctx, next) => { ctx.query.filters = { title: 'mine' }; await next(); };\n",
    'src/middlewares/seen.js': 'module.exports = () => async (ctx, next) => { await next(); ctx.body.meta.seen = true; };\n',
    'src/policies/counted.js': 'module.exports = () => { globalThis.__layerRuns = (globalThis.__layerRuns ?? 0) + 1; return true; };\n',
    'src/api/article/routes/article.js': "module.exports = require('@strapi/strapi').factories.createCoreRouter('api::article.article', "
      + "{ except: ['delete'], config: { find: { policies: ['global::counted'], middlewares: ['global::count', 'global::only-mine'] }, "
      + "findOne: { middlewares: ['global::seen'] }, create: { middlewares: ['global::count'] } } });\n",
    'src/api/article/controllers/article.js': "module.exports = require('@strapi/strapi').factories.createCoreController('api::article.article');\n",
  });
  cms = await createCms({ root, report: () => {}, env: TEST_ENV });
  const code = await startProjectCode(cms);
  app = createApp(cms, { log: () => {}, extensions: [...EXTENSIONS, projectRoutes(code!)] });
  key = (await cms.auth.tokens.create({ name: 'agent', type: 'full-access' })).accessKey;
  for (const title of ['mine', 'theirs']) {
    const made = await app.request('/api/articles', {
      method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ data: { title } }),
    });
    expect(made.status).toBe(201);
  }
});
afterAll(async () => cms?.close());

/** One JSON-RPC request at /mcp: the HTTP status and the reply (JSON, or the SSE event's data). */
async function rpc(method: string, params: Record<string, unknown> = {}) {
  const { status, reply } = await appRpc(app, key, method, params);
  return { status, body: reply };
}

describe('MCP tools and a project\'s route middlewares', () => {
  it('lists tools by the router and the route\'s auth, running no policy or middleware, a body-shaping one included', async () => {
    const before = runs();
    const listed = await rpc('tools/list');
    expect(listed.status).toBe(200);
    const names = listed.body.result.tools.map((tool: { name: string }) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['list_article', 'get_article', 'create_article', 'update_article']));
    // the router leaves delete out: no delete tool
    expect(names).not.toContain('delete_article');
    expect(runs()).toBe(before);
  });

  it('runs the route\'s policies and middlewares once each time a tool is called: never an answer kept from the last call', async () => {
    const before = runs();
    const called = await rpc('tools/call', { name: 'list_article', arguments: {} });
    expect(called.status).toBe(200);
    expect(called.body.result.isError).toBeUndefined();
    expect(runs()).toBe(before + 2);
    await rpc('tools/call', { name: 'list_article', arguments: {} });
    expect(runs()).toBe(before + 4);
  });

  it('narrows a list as REST does, by the filters the route\'s middlewares leave', async () => {
    const titles = (body: { data: Array<{ title: string }> }) => body.data.map((article) => article.title);
    const rest = await app.request('/api/articles', { headers: { authorization: `Bearer ${key}` } });
    expect(titles(await rest.json())).toEqual(['mine']);
    const listed = await rpc('tools/call', { name: 'list_article', arguments: {} });
    expect(listed.body.result.structuredContent.results.map((article: { title: string }) => article.title)).toEqual(['mine']);
    // the tool's own filters are ANDed with the middleware's: nothing is both 'theirs' and 'mine'
    const both = await rpc('tools/call', { name: 'list_article', arguments: { filters: { title: { $eq: 'theirs' } } } });
    expect(both.body.result.structuredContent.results).toEqual([]);
  });

  it('answers GraphQL through the route\'s middlewares: the list is narrowed, the operation\'s selection shapes it', async () => {
    const graphql = async (query: string) => (await app.request('/graphql', {
      method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ query }),
    })).json();
    expect(await graphql('{ articles { title } }')).toEqual({ data: { articles: [{ title: 'mine' }] } });
    expect(await graphql('{ articles(filters: { title: { eq: "theirs" } }) { title } }')).toEqual({ data: { articles: [] } });
    const connection = await graphql('{ articles_connection { nodes { title } pageInfo { total } } }');
    expect(connection.data.articles_connection).toEqual({ nodes: [{ title: 'mine' }], pageInfo: { total: 1 } });
  });
});
