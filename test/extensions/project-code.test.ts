// A Strapi project's own src/ code beyond the recorded catalogue: TypeScript files, the commits its writes
// make, the errors it can throw, and what stops it from starting (each naming its file).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { ProjectProblemsError } from '../../core/errors.js';
import { startProjectCode } from '../../core/extensions/start.js';
import { createApp } from '../../core/http/app.js';
import { EXTENSIONS } from '../../core/http/extensions.js';
import { projectRoutes } from '../../core/http/project-routes.js';
import { makeProject } from '../helpers/project.js';

const HERE = import.meta.dirname;
const ARTICLE = {
  kind: 'collectionType', info: { singularName: 'article', pluralName: 'articles', displayName: 'Article' },
  options: { draftAndPublish: false },
  attributes: { title: { type: 'string', required: true }, slug: { type: 'string' } },
};
const NOTE = { ...ARTICLE, info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
  attributes: { text: { type: 'string' } } };
const SCHEMAS = {
  'schemas/api/article/content-types/article/schema.json': ARTICLE,
  'schemas/api/note/content-types/note/schema.json': NOTE,
  'cms.config.json': { permissions: { public: { 'api::article.article': ['find', 'create'] } } },
};
const git = (root: string, ...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

async function serveProject(root: string, options: { gitCommit?: boolean } = {}) {
  const logged: string[] = [];
  const cms = await createCms({ root, report: (line) => logged.push(line), gitCommit: options.gitCommit });
  const code = await startProjectCode(cms);
  const app = createApp(cms, { log: (line) => logged.push(line), extensions: code ? [...EXTENSIONS, projectRoutes(code)] : undefined });
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await app.request(
      path, { method, headers: { 'content-type': 'application/json', ...headers }, body: body && JSON.stringify(body) },
    );
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  };
  return { cms, send, logged };
}

async function problemsOf(tree: Record<string, unknown>): Promise<string[]> {
  const cms = await createCms({ root: makeProject({ ...SCHEMAS, ...tree }), report: () => {} });
  const error = await startProjectCode(cms).then(() => undefined, (thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(ProjectProblemsError);
  return (error as ProjectProblemsError).problems.map((problem) => problem.format());
}

describe('TypeScript project files', () => {
  it('loads lifecycles, controllers and routes written in TypeScript, with imports of @strapi/strapi and of the project\'s own helpers', async () => {
    const root = makeProject({
      ...SCHEMAS,
      'src/utils/slug.ts': 'export const slugify = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, "-");\n',
      'src/api/article/content-types/article/lifecycles.ts': [
        "import { slugify } from '../../../../utils/slug';",
        'interface Event { params: { data: { title?: string; slug?: string } } }',
        'export default { beforeCreate(event: Event) { if (event.params.data.title) event.params.data.slug = slugify(event.params.data.title); } };',
      ].join('\n'),
      'src/api/article/controllers/article.ts': [
        "import { factories } from '@strapi/strapi';",
        "export default factories.createCoreController('api::article.article', ({ strapi }) => ({",
        '  async count(ctx: { body: unknown }) { ctx.body = { count: await strapi.documents(\'api::article.article\').count() }; },',
        '}));',
      ].join('\n'),
      'src/api/article/routes/custom.ts': "export default { routes: [{ method: 'GET', path: '/articles-count', handler: 'article.count', config: { auth: false } }] };\n",
      'src/api/article/routes/article.ts': "import { factories } from '@strapi/strapi';\nexport default factories.createCoreRouter('api::article.article');\n",
    });
    const { send } = await serveProject(root);
    const created = await send('POST', '/api/articles', { data: { title: 'Typed Title' } });
    expect(created.status).toBe(201);
    expect(created.body.data.slug).toBe('typed-title');
    expect(await send('GET', '/api/articles-count')).toMatchObject({ status: 200, body: { count: 1 } });
  });
});

describe('commits of project code', () => {
  function gitProject(tree: Record<string, unknown>): string {
    const root = mkdtempSync(join(tmpdir(), 'cms-extensions-git-'));
    cpSync(makeProject(tree), root, { recursive: true });
    git(root, 'init', '-q', '-b', 'main');
    git(root, 'config', 'user.name', 'Test');
    git(root, 'config', 'user.email', 'test@example.com');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'Start', '--allow-empty');
    return root;
  }

  it('commits a custom controller\'s two writes (the liked article and the new like) as one commit', async () => {
    const root = gitProject({});
    cpSync(join(HERE, 'project'), root, { recursive: true });
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'Project');
    const { send } = await serveProject(root, { gitCommit: true });
    const token = (await (await createCms({ root, report: () => {} })).auth.tokens.create({ name: 't', type: 'full-access' })).accessKey;
    const { body } = await send('POST', '/api/articles', { data: { title: 'One' } }, { authorization: `Bearer ${token}` });
    expect((await send('POST', `/api/articles/${body.data.documentId}/like`, undefined, { 'x-like': 'yes' })).status).toBe(200);
    expect(git(root, 'rev-list', '--count', 'HEAD')).toBe('4');
    const files = git(root, 'show', '--name-only', '--format=%B', 'HEAD');
    expect(files).toMatch(new RegExp(`^Update api::article.article ${body.data.documentId}\\n\\nCreate api::like.like \\w+`));
    expect(files).toContain(`content/articles/${body.data.documentId}.json`);
    expect(files.match(/content\/likes\/\w+\.json/g)).toHaveLength(1);
    expect(git(root, 'status', '--porcelain', 'content')).toBe('');
  });

  it('commits a write and the write its afterCreate hook makes as one commit, named after the first', async () => {
    const root = gitProject({
      ...SCHEMAS,
      'src/api/article/content-types/article/lifecycles.js':
        "module.exports = { async afterCreate(event) { await strapi.documents('api::note.note').create({ data: { text: `created ${event.result.title}` } }); } };\n",
    });
    const { cms } = await serveProject(root, { gitCommit: true });
    const created = await cms.documents('api::article.article' as never)
      .create({ data: { title: 'Hooked' } } as never) as { documentId: string };
    expect(git(root, 'rev-list', '--count', 'HEAD')).toBe('2');
    expect(git(root, 'log', '-1', '--format=%s')).toBe(`Create api::article.article ${created.documentId}`);
    const files = git(root, 'show', '--name-only', '--format=', 'HEAD').split('\n');
    expect(files).toHaveLength(2);
    expect(files).toContain(`content/articles/${created.documentId}.json`);
    expect(files.filter((file) => /^content\/notes\/\w+\.json$/.test(file))).toHaveLength(1);
    expect((await cms.documents('api::note.note' as never).findMany()).map((note) => note.text)).toEqual(['created Hooked']);
  });
});

describe('errors of project code', () => {
  it('answers a throwing afterCreate hook with a 500 envelope (the write stays) and keeps serving', async () => {
    const root = makeProject({
      ...SCHEMAS,
      'src/api/article/content-types/article/lifecycles.js': "module.exports = { afterCreate() { throw new Error('hook broke'); } };\n",
    });
    const { send, logged } = await serveProject(root);
    expect(await send('POST', '/api/articles', { data: { title: 'A' } })).toMatchObject({
      status: 500, body: { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' } },
    });
    expect(logged.some((line) => line.includes('hook broke'))).toBe(true);
    expect((await send('GET', '/api/articles')).body.data.map((article: { title: string }) => article.title)).toEqual(['A']);
  });

  it('answers errors thrown with @strapi/utils errors in their own envelope', async () => {
    const root = makeProject({
      ...SCHEMAS,
      'src/api/article/content-types/article/lifecycles.js': [
        "const { errors } = require('@strapi/utils');",
        "module.exports = { beforeCreate(event) { throw new errors.ValidationError('no, thanks', { field: 'title' }); } };",
      ].join('\n'),
    });
    const { send } = await serveProject(root);
    expect(await send('POST', '/api/articles', { data: { title: 'A' } })).toMatchObject({
      status: 400, body: { data: null, error: { status: 400, name: 'ValidationError', message: 'no, thanks',
        details: { field: 'title' } } },
    });
    expect((await send('GET', '/api/articles')).body.data).toEqual([]);
  });
});

describe('what stops project code from starting, each naming its file', () => {
  const controller = (body: string) => ({ 'src/api/article/controllers/article.js': body });
  it.each([
    ['an Entity Service method outside the supported subset',
      controller("module.exports = {\n  async find() { return strapi.entityService.loadPages('api::article.article'); },\n};\n"),
      /^src\/api\/article\/controllers\/article\.js:2:25: strapi\.entityService\.loadPages is not supported by gitcms \(here: findMany, /],
    ['the query engine\'s connection', controller("module.exports = { a() { return strapi.db.connection.raw('x'); } };\n"),
      /article\.js:1:33: strapi\.db\.connection is not supported by gitcms \(of strapi\.db only query\(uid\) and lifecycles\.subscribe are\)/],
    ['an @strapi/utils export not provided', controller("const { sanitize } = require('@strapi/utils');\nmodule.exports = {};\n"),
      /article\.js:1: cannot be loaded: @strapi\/utils\.sanitize is not supported by gitcms/],
    ['a syntax error', controller('module.exports = {\n  find( {\n};\n'),
      /^src\/api\/article\/controllers\/article\.js:\d+: cannot be loaded: /],
    ['Strapi 4\'s lifecycles shape',
      { 'src/api/article/content-types/article/lifecycles.js': 'module.exports = { lifecycles: { beforeCreate() {} } };\n' },
      /lifecycles\.js: uses Strapi 4's \{ lifecycles: \{ … \} \} shape/],
    ['an unknown lifecycle hook', { 'src/api/article/content-types/article/lifecycles.js': 'module.exports = { beforeSave() {} };\n' },
      /lifecycles\.js: beforeSave is not a lifecycle hook/],
    ['a handler naming no action', {
      ...controller("module.exports = require('@strapi/strapi').factories.createCoreController('api::article.article');\n"),
      'src/api/article/routes/custom.js': "module.exports = { routes: [{ method: 'GET', path: '/x', handler: 'article.nope' }] };\n",
    }, /custom\.js: GET \/x: api::article\.article has no action "nope"/],
    ['a policy that does not exist', {
      ...controller("module.exports = require('@strapi/strapi').factories.createCoreController('api::article.article');\n"),
      'src/api/article/routes/article.js': "module.exports = require('@strapi/strapi').factories.createCoreRouter('api::article.article', { config: { find: { policies: ['global::nope'] } } });\n",
    }, /article\.js: GET \/articles: policy global::nope not found in src\/policies or src\/api\/article\/policies/],
    ['a plugin\'s service', controller("module.exports = {\n  a() { return strapi.service('plugin::users-permissions.jwt').verify('x'); },\n};\n"),
      /^src\/api\/article\/controllers\/article\.js:2:16: strapi\.service\('plugin::users-permissions\.jwt'\): plugin::users-permissions\.jwt is not in this project$/],
    ['an inline policy function (Strapi 5.54 does not start with one either)', {
      ...controller("module.exports = require('@strapi/strapi').factories.createCoreController('api::article.article');\n"),
      'src/api/article/routes/article.js': "module.exports = require('@strapi/strapi').factories.createCoreRouter('api::article.article', { config: { find: { policies: [() => true] } } });\n",
    }, /article\.js: GET \/articles: a policy is named \('global::<name>', 'api::<api>\.<name>' or '<name>' of its api\), not an inline function/],
    ['a policy whose validator refuses the route\'s config', {
      ...controller("module.exports = require('@strapi/strapi').factories.createCoreController('api::article.article');\n"),
      'src/policies/max.js': "module.exports = { validator(config) { if (!(config.max > 0)) throw new Error('max must be positive'); }, handler: () => true };\n",
      'src/api/article/routes/article.js':
        "module.exports = require('@strapi/strapi').factories.createCoreRouter('api::article.article', { config: { find: { policies: [{ name: 'global::max', config: { max: 0 } }] } } });\n",
    }, /article\.js: GET \/articles: policy global::max: max must be positive$/],
    ['a middleware named without its namespace', {
      ...controller("module.exports = require('@strapi/strapi').factories.createCoreController('api::article.article');\n"),
      'src/middlewares/stamp.js': 'module.exports = () => (ctx, next) => next();\n',
      'src/api/article/routes/article.js': "module.exports = require('@strapi/strapi').factories.createCoreRouter('api::article.article', { config: { find: { middlewares: ['stamp'] } } });\n",
    }, /article\.js: GET \/articles: middleware stamp not found \(name it 'global::<name>' or 'api::<api>\.<name>'\)/],
    ['a router of neither form', { 'src/api/article/routes/article.js': 'module.exports = { nope: true };\n' },
      /article\.js: must export \{ prefix\?, routes: \[/],
    ['a router function that throws', { 'src/api/article/routes/article.js': "module.exports = () => { throw new Error('no router today'); };\n" },
      /routes\/article\.js: no router today$/],
    ['a router wrapping a core router of an unknown type', { 'src/api/article/routes/article.js':
      "const inner = require('@strapi/strapi').factories.createCoreRouter('api::nope.nope');\n"
      + 'module.exports = { get prefix() { return inner.prefix; }, get routes() { return inner.routes; } };\n' },
    /routes\/article\.js: names api::nope\.nope, which is not a content type of this project/],
    ['a JSON router whose route has no handler', { 'src/api/article/routes/extra.json': '{ "routes": [{ "method": "GET", "path": "/x" }] }\n' },
      /routes\/extra\.json: a route needs method, path and a handler/],
    ['a factory naming an unknown type',
      controller("module.exports = require('@strapi/strapi').factories.createCoreController('api::nope.nope');\n"),
      /article\.js: names api::nope\.nope, which is not a content type of this project/],
  ])('%s', async (_name, tree, expected) => {
    expect(await problemsOf(tree)).toEqual([expect.stringMatching(expected)]);
  });

  it('loads no file from outside src/, even through a link (content is never code)', async () => {
    const root = makeProject({ ...SCHEMAS, 'content/evil.js': "module.exports = { find() { return 'ran'; } };\n",
      'src/api/article/controllers/.keep': '' });
    symlinkSync(join(root, 'content/evil.js'), join(root, 'src/api/article/controllers/article.js'));
    const cms = await createCms({ root, report: () => {} });
    const error = await startProjectCode(cms).catch((thrown: ProjectProblemsError) => thrown);
    expect((error as ProjectProblemsError).problems.map((problem) => problem.format())).toEqual([
      expect.stringMatching(/controllers\/article\.js: project code is loaded only from .*src$/),
    ]);
  });

  const EVIL = "module.exports = { find() { return 'ran'; } };\n";
  const requiring = (id: string) => ({ 'src/api/article/controllers/article.js': `module.exports = require(${JSON.stringify(id)});\n` });
  it.each([
    ['a folder whose package.json main is not an index', '../../../../content/pkg',
      { 'content/pkg/package.json': { main: 'run.js' }, 'content/pkg/run.js': EVIL }],
    ['an .mjs file', '../../../../content/evil.mjs', { 'content/evil.mjs': "export function find() { return 'ran'; }\n" }],
    ['a .json file', '../../../../content/evil.json', { 'content/evil.json': { find: 'ran' } }],
    ['a package under src/node_modules whose main points into content', 'evil',
      { 'src/node_modules/evil/package.json': { main: '../../../content/run.js' }, 'content/run.js': EVIL }],
  ])('refuses a require that ends under content/ through %s', async (_name, id, tree) => {
    expect(await problemsOf({ ...requiring(id), ...tree })).toEqual([
      expect.stringMatching(/controllers\/article\.js: requires content\/\S+: files under content\/ are never code$/),
    ]);
  });
});
