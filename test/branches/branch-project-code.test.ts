// The project's own code (routes, controllers, lifecycles) inside a request naming a branch answers that branch:
// its `strapi.documents()` reads the branch's view and its writes are commits on the branch.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createCms } from '../../core/cms.js';
import { startProjectCode } from '../../core/extensions/start.js';
import { createApp } from '../../core/http/app.js';
import { EXTENSIONS } from '../../core/http/extensions.js';
import { projectRoutes } from '../../core/http/project-routes.js';
import { makeProject } from '../helpers/project.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const type = (singularName: string, pluralName: string, attributes: Record<string, unknown>) => ({
  kind: 'collectionType', info: { singularName, pluralName, displayName: singularName }, options: { draftAndPublish: false }, attributes,
});
const WRITE_ALL = ['find', 'findOne', 'create', 'update', 'delete'];
const PROJECT = {
  'schemas/api/article/content-types/article/schema.json': type('article', 'articles', { title: { type: 'string' } }),
  'schemas/api/note/content-types/note/schema.json': type('note', 'notes', { text: { type: 'string' } }),
  'cms.config.json': { permissions: { public: { 'api::article.article': WRITE_ALL, 'api::note.note': WRITE_ALL } } },
  'content/articles/first.json': { title: 'First' },
  '.gitignore': '.cms/\n',
  'src/api/article/controllers/article.js': [
    "const { factories } = require('@strapi/strapi');",
    "module.exports = factories.createCoreController('api::article.article', () => ({",
    '  async titles() {',
    "    const articles = await strapi.documents('api::article.article').findMany({ sort: 'title' });",
    '    return { titles: articles.map((article) => article.title) };',
    '  },',
    '}));',
  ].join('\n'),
  'src/api/article/routes/article.js': "module.exports = require('@strapi/strapi').factories.createCoreRouter('api::article.article');\n",
  'src/api/article/routes/custom.js':
    "module.exports = { routes: [{ method: 'GET', path: '/titles', handler: 'article.titles', config: { auth: false } }] };\n",
  'src/api/article/content-types/article/lifecycles.js': [
    'module.exports = { async afterCreate(event) {',
    "  await strapi.documents('api::note.note').create({ data: { text: `made ${event.result.title}` } });",
    '} };',
  ].join('\n'),
};
const git = (root: string, ...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

describe('project code inside a request that names a branch', () => {
  it('the project\'s core and own routes read and write the branch, and a lifecycle\'s own write lands on the branch, never in the served tree', async () => {
    const root = mkdtempSync(join(tmpdir(), 'cms-branch-code-'));
    cpSync(makeProject(PROJECT), root, { recursive: true });
    git(root, 'init', '-q', '-b', 'main');
    git(root, 'config', 'user.name', 'Test');
    git(root, 'config', 'user.email', 'test@example.com');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'Start');
    git(root, 'branch', 'spring');
    const cms = await createCms({ root, report: () => {} });
    const started = await startProjectCode(cms);
    const app = createApp(cms, { log: () => {}, extensions: [...EXTENSIONS, projectRoutes(started!)] });
    const send = async (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) => {
      const init = { method, headers: { 'content-type': 'application/json', ...headers }, body: body && JSON.stringify(body) };
      const response = await app.request(path, init);
      return { status: response.status, body: await response.json().catch(() => undefined) };
    };
    const spring = { 'cms-branch': 'spring' };

    const created = await send('POST', '/api/articles', spring, { data: { title: 'Spring only' } });
    expect(created.status).toBe(201);
    expect((await send('GET', '/api/titles', spring)).body).toEqual({ titles: ['First', 'Spring only'] });
    expect((await send('GET', '/api/titles')).body).toEqual({ titles: ['First'] });

    // The afterCreate's note is the branch's too: on its ref, read through the branch, absent from the served tree.
    const notes = (await send('GET', '/api/notes', spring)).body.data;
    expect(notes.map((note: { text: string }) => note.text)).toEqual(['made Spring only']);
    expect((await send('GET', '/api/notes')).body.data).toEqual([]);
    expect(existsSync(join(root, 'content/notes')) ? readdirSync(join(root, 'content/notes')) : []).toEqual([]);
    expect(git(root, 'ls-tree', '-r', '--name-only', 'spring', 'content/notes')).toBe(`content/notes/${notes[0].documentId}.json`);
    expect(git(root, 'status', '--porcelain')).toBe('');
    expect(git(root, 'log', '--format=%s', 'main..spring').split('\n')).toEqual([
      `Create api::note.note ${notes[0].documentId}`, `Create api::article.article ${created.body.data.documentId}`,
    ]);
  });
});
