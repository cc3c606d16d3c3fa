// Project code that never settles: its request is answered after extensions.hookTimeout with Strapi's envelope,
// and the write it belongs to is either whole and committed, or not made at all.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { startProjectCode } from '../../core/extensions/start.js';
import { createApp } from '../../core/http/app.js';
import { EXTENSIONS } from '../../core/http/extensions.js';
import { projectRoutes } from '../../core/http/project-routes.js';
import { makeProject } from '../helpers/project.js';

const ARTICLE = {
  kind: 'collectionType', info: { singularName: 'article', pluralName: 'articles', displayName: 'Article' },
  options: { draftAndPublish: false }, attributes: { title: { type: 'string' } },
};
const NOTE = { ...ARTICLE, info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' }, attributes: { text: { type: 'string' } } };
const WRITE_ALL = ['find', 'findOne', 'create', 'update', 'delete'];
const SCHEMAS = {
  'schemas/api/article/content-types/article/schema.json': ARTICLE,
  'schemas/api/note/content-types/note/schema.json': NOTE,
  'cms.config.json': { permissions: { public: { 'api::article.article': WRITE_ALL } }, extensions: { hookTimeout: 0.3 } },
  'content/articles/first.json': { title: 'First' },
};
const git = (root: string, ...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
/**
 * Promises project code leaves on globalThis: a late hook runs until the test ends it (`endLateHook`, once its request was
 * answered 503), and the test waits for it (`lateHook`) instead of sleeping.
 */
const late = globalThis as unknown as { lateHook?: Promise<unknown>; endLateHook?: () => void };
afterEach(() => { late.endLateHook?.(); delete late.lateHook; delete late.endLateHook; });
/** A hook's body that settles only when the test calls `endLateHook`. */
const LATE_HOOK = 'globalThis.lateHook = new Promise((done) => { globalThis.endLateHook = done; })';

/** A project in a fresh Git repository, its code started and served in process, every write committed. */
async function serveCommitted(code: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'cms-hook-timeout-'));
  cpSync(makeProject({ ...SCHEMAS, ...code }), root, { recursive: true });
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'config', 'user.name', 'Test');
  git(root, 'config', 'user.email', 'test@example.com');
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'Start');
  const logged: string[] = [];
  const cms = await createCms({ root, report: (line) => logged.push(line), gitCommit: true });
  const started = await startProjectCode(cms);
  const app = createApp(cms, { log: (line) => logged.push(line), extensions: started ? [...EXTENSIONS, projectRoutes(started)] : undefined });
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await app.request(path, { method, headers: { 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  const commits = () => Number(git(root, 'rev-list', '--count', 'HEAD'));
  const clean = () => git(root, 'status', '--porcelain', 'content');
  return { root, cms, send, commits, clean };
}

const timedOut = (what: string) => ({
  status: 503, body: { data: null, error: { status: 503, name: 'ServiceUnavailableError',
    message: `${what} did not finish within 0.3 s (extensions.hookTimeout)`, details: {} } },
});

describe('extensions.hookTimeout: project code that never settles', () => {
  it('a beforeUpdate that never settles fails its PUT with 503 and the update is never made, even once the hook ends', async () => {
    const site = await serveCommitted({
      'src/api/article/content-types/article/lifecycles.js':
        `module.exports = { beforeUpdate() { return ${LATE_HOOK}; } };\n`,
    });
    expect(await site.send('PUT', '/api/articles/first', { data: { title: 'Never' } }))
      .toEqual(timedOut('The beforeUpdate lifecycle of api::article.article'));
    late.endLateHook!();
    await late.lateHook;
    expect((await site.send('GET', '/api/articles/first')).body.data.title).toBe('First');
    expect(site.commits()).toBe(1);
    expect(site.clean()).toBe('');
  });

  it('an afterUpdate that never settles fails its PUT with 503 and the update is on disk and committed', async () => {
    const site = await serveCommitted({
      'src/api/article/content-types/article/lifecycles.js': 'module.exports = { afterUpdate() { return new Promise(() => {}); } };\n',
    });
    expect(await site.send('PUT', '/api/articles/first', { data: { title: 'Kept' } }))
      .toEqual(timedOut('The afterUpdate lifecycle of api::article.article'));
    expect((await site.send('GET', '/api/articles/first')).body.data.title).toBe('Kept');
    expect(site.commits()).toBe(2);
    expect(git(site.root, 'log', '-1', '--format=%s')).toBe('Update api::article.article first');
    expect(site.clean()).toBe('');
  });

  it('a write an afterCreate makes after the limit is committed on its own, not left uncommitted', async () => {
    const site = await serveCommitted({
      'src/api/article/content-types/article/lifecycles.js': [
        'module.exports = { afterCreate(event) {',
        `  return ${LATE_HOOK}`,
        "    .then(() => strapi.documents('api::note.note').create({ data: { text: `late ${event.result.title}` } }));",
        '} };',
      ].join('\n'),
    });
    expect(await site.send('POST', '/api/articles', { data: { title: 'Slow' } }))
      .toEqual(timedOut('The afterCreate lifecycle of api::article.article'));
    expect(site.commits()).toBe(2);
    late.endLateHook!();
    await late.lateHook;
    expect(readdirSync(join(site.root, 'content/notes'))).toHaveLength(1);
    expect(site.commits()).toBe(3);
    expect(git(site.root, 'log', '-1', '--format=%s')).toMatch(/^Create api::note\.note \w+$/);
    expect(site.clean()).toBe('');
  });

  it('a project controller that never settles fails its request with 503', async () => {
    const site = await serveCommitted({
      'src/api/article/controllers/article.js': [
        "const { factories } = require('@strapi/strapi');",
        "module.exports = factories.createCoreController('api::article.article', () => ({ stuck() { return new Promise(() => {}); } }));",
      ].join('\n'),
      'src/api/article/routes/custom.js':
        "module.exports = { routes: [{ method: 'GET', path: '/stuck', handler: 'article.stuck', config: { auth: false } }] };\n",
    });
    expect(await site.send('GET', '/api/stuck')).toEqual(timedOut('The route api::article.article.stuck'));
  });

  it('rejects a hookTimeout that is not a positive number of seconds', async () => {
    const root = makeProject({ ...SCHEMAS, 'cms.config.json': { extensions: { hookTimeout: 0 } } });
    await expect(createCms({ root, report: () => {} })).rejects.toThrow('extensions.hookTimeout must be a number of seconds');
  });
});
