// An `auth: false` route lets anyone reach the action over REST, without an identity: the relations to types the
// caller cannot read stay closed (core-actions.ts routeOnlyCaller). Strapi's GraphQL plugin asks the role for the
// action whatever the REST route says, and so does GraphQL here.
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

const ENV = { CMS_JWT_SECRET: 'route-only-caller-jwt-secret-0123456789abcdef', CMS_API_TOKEN_SALT: 'route-only-caller-salt-0123456789abcdef0123' };
let root = '';
let cms: Cms;
let app: ReturnType<typeof createApp>;

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
  root = tempDir('cms-graphql-route-only-');
  write('cms.config.json', JSON.stringify({ permissions: { public: {} }, graphql: { enabled: true } }));
  write('schemas/api/article/content-types/article/schema.json', JSON.stringify({
    kind: 'collectionType', collectionName: 'articles', options: { draftAndPublish: false },
    info: { singularName: 'article', pluralName: 'articles', displayName: 'Article' },
    attributes: { title: { type: 'string' }, owner: { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.user' } },
  }));
  write('src/api/article/routes/article.js', `'use strict';
module.exports = require('@strapi/strapi').factories.createCoreRouter('api::article.article', { config: { find: { auth: false } } });`);
  write('src/api/article/controllers/article.js', `'use strict';
module.exports = require('@strapi/strapi').factories.createCoreController('api::article.article');`);
  write('src/api/article/services/article.js', `'use strict';
module.exports = require('@strapi/strapi').factories.createCoreService('api::article.article');`);
  cms = await createCms({ root, env: ENV, reportProblems: false });
  const code = await startProjectCode(cms);
  app = createApp(cms, { log: () => {}, extensions: [...EXTENSIONS, projectRoutes(code!)] });
  const alice = await send('POST', '/api/auth/local/register', { username: 'alice', email: 'alice@example.com', password: 'correct-horse' });
  await cms.documents('api::article.article').create({ data: { title: 'Hers', owner: alice.body.user.documentId } });
});

afterAll(async () => {
  await cms?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('an auth: false route, over REST and over GraphQL', () => {
  it('refuses a REST filter through a relation the anonymous caller cannot read', async () => {
    const rest = await send('GET', '/api/articles?filters[owner][email][$startsWith]=alice');
    expect(rest.status).toBe(400);
    const open = await send('GET', '/api/articles');
    expect(open.body.data.map((article: { title: string }) => article.title)).toEqual(['Hers']);
  });

  it("refuses the Public role without the grant over GraphQL, as the plugin does whatever the REST route's auth", async () => {
    const { status, body } = await send('POST', '/graphql', { query: '{ articles { title } }' });
    expect(status).toBe(200);
    expect(body.data).toBeNull();
    expect(body.errors[0]).toMatchObject({ message: 'Forbidden access', extensions: { code: 'FORBIDDEN' } });
  });
});
