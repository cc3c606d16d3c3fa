import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localeAddedAt } from '../../core/strapi/locale-times.js';
import { makeProject, REPO_ROOT, startApp } from '../helpers/project.js';

// Strapi: GET /api/i18n/locales (plugin::i18n.locales.listLocales) answers the configured locales
// as a bare array (no envelope); the permission is off by default, like every route.
describe('GET /api/i18n/locales', () => {
  it('lists the configured locales, the default one flagged, when the Public role may listLocales', async () => {
    const server = await startApp(REPO_ROOT);
    const { status, body } = await server.getJson('/api/i18n/locales');
    expect(status).toBe(200);
    expect(body.map((locale: { code: string }) => locale.code)).toEqual(['en', 'fr']);
    expect(body[0]).toMatchObject({ name: 'English (en)', code: 'en', isDefault: true });
    expect(body[1]).toMatchObject({ name: 'French (fr)', code: 'fr', isDefault: false });
    expect(typeof body[0].id).toBe('number');
  });

  const tagProject = (extra: Record<string, unknown> = {}) => makeProject({
    'schemas/tag.json': { kind: 'collectionType', info: { singularName: 'tag', pluralName: 'tags' }, attributes: { name: { type: 'string' } } },
    'cms.config.json': { locales: ['en', 'fr', 'de'], defaultLocale: 'en', permissions: { public: { 'plugin::i18n.locales': ['listLocales'] } } },
    ...extra,
  });

  it('answers the records a migration kept (Strapi\'s ids, documentIds, names and times), and stable derived values for the rest', async () => {
    const fr = { id: 2, documentId: 'qxtkyauilxynwbl6exomo9tp', name: 'French (fr)', createdAt: '2026-11-28T08:51:27.621Z',
      updatedAt: '2026-11-28T08:51:27.621Z', publishedAt: '2026-11-28T08:51:27.622Z' };
    const root = tagProject({ 'content/.ids.json': { version: 1, rows: {}, locales: { fr } } });
    const first = (await (await startApp(root)).getJson('/api/i18n/locales')).body;
    expect(first[1]).toEqual({ ...fr, code: 'fr', isDefault: false });
    expect(first.map((locale: { id: number }) => locale.id)).toEqual([1, 2, 3]); // en and de take the first ids fr leaves free
    expect(first[0].documentId).toMatch(/^[a-z][a-z0-9]{23}$/);
    expect((await (await startApp(root)).getJson('/api/i18n/locales')).body).toEqual(first); // the same after a restart
  });

  it('a bad entry in content/.ids.json costs only itself: the other kept ids answer, and the entry is named with its file:line:col', async () => {
    const ids = { version: 1, rows: { 'api::tag.tag': { 'a||published': 7, 'b||published': -3, 'c||published': 9 } }, locales: {} };
    const root = tagProject({
      'content/.ids.json': ids,
      'content/tags/a.json': { name: 'A' }, 'content/tags/b.json': { name: 'B' }, 'content/tags/c.json': { name: 'C' },
    });
    const reports: string[] = [];
    const server = await startApp(root, { report: (message) => reports.push(message) });
    const token = (await server.cms.auth.tokens.create({ name: 't', type: 'full-access' })).accessKey;
    const { body } = await server.getJson('/api/tags?sort=name', { headers: { authorization: `Bearer ${token}` } });
    const [a, b, c] = body.data as { id: number }[];
    expect([a.id, c.id]).toEqual([7, 9]);
    expect(b.id).toBeGreaterThanOrEqual(2 ** 32); // its derived id
    const problem = server.cms.index.problems.get('content/.ids.json')!;
    expect(problem.format()).toBe('content/.ids.json:6:7: rows."api::tag.tag"."b||published" must be a whole number from 1 to 4294967295'
      + ' (this entry is ignored; every other kept id applies)');
  });

  it('a file that is not kept ids at all is reported, and every row answers its derived id until it is fixed', async () => {
    const root = tagProject({ 'content/.ids.json': '{ "version": 1, "rows": [] }\n' });
    const server = await startApp(root, { report: () => {} });
    expect((await server.getJson('/api/i18n/locales')).body.map((locale: { id: number }) => locale.id)).toEqual([1, 2, 3]);
    expect(server.cms.index.problems.get('content/.ids.json')?.message).toBe('must be { "version": 1, "rows": { … }, "locales": { … } }');
  });

  it('a locale added by hand answers, as its times, the commit that added it to cms.config.json, on every server', async () => {
    const root = tagProject();
    const commit = (date: string, message: string) => execFileSync('git', ['commit', '--quiet', '-am', message, '--allow-empty'], {
      cwd: root, env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
    });
    execFileSync('git', ['init', '--quiet', '--initial-branch=main'], { cwd: root });
    const config = JSON.parse(readFileSync(join(root, 'cms.config.json'), 'utf8'));
    writeFileSync(join(root, 'cms.config.json'), JSON.stringify({ ...config, locales: ['en', 'fr'] }));
    execFileSync('git', ['add', '--all'], { cwd: root });
    commit('2026-01-02T03:04:05Z', 'Site');
    writeFileSync(join(root, 'cms.config.json'), JSON.stringify({ ...config, locales: ['en', 'fr', 'de'] }));
    commit('2026-02-03T04:05:06Z', 'German');
    const locales = (await (await startApp(root)).getJson('/api/i18n/locales')).body as Record<string, unknown>[];
    const times = (code: string) => {
      const { createdAt, updatedAt, publishedAt } = locales.find((locale) => locale.code === code)!;
      return [createdAt, updatedAt, publishedAt];
    };
    expect(times('fr')).toEqual(Array(3).fill('2026-01-02T03:04:05.000Z'));
    expect(times('de')).toEqual(Array(3).fill('2026-02-03T04:05:06.000Z'));
    const clone = join(root, '..', `${root.split('/').at(-1)}-clone`);
    execFileSync('git', ['clone', '--quiet', root, clone]);
    try {
      expect((await (await startApp(clone)).getJson('/api/i18n/locales')).body).toEqual(locales);
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  });

  it('asks Git for hand-added locales without blocking the server, and not again for a reloaded but uncommitted-to configuration', async () => {
    const root = tagProject();
    execFileSync('git', ['init', '--quiet', '--initial-branch=main'], { cwd: root });
    execFileSync('git', ['add', '--all'], { cwd: root });
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '--quiet', '-m', 'Site'], { cwd: root });
    // A git that takes a second over each history search (a long history), and counts them.
    const bin = mkdtempSync(join(tmpdir(), 'slow-git-'));
    const log = join(bin, 'searches');
    writeFileSync(join(bin, 'git'), `#!/bin/sh\ncase "$*" in *-S*) echo "$*" >> "${log}"; sleep 1;; esac\nexec ${execFileSync('sh', ['-c',
      'command -v git'], { encoding: 'utf8' }).trim()} "$@"\n`);
    chmodSync(join(bin, 'git'), 0o755);
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path}`;
    try {
      const server = await startApp(root);
      let ticks = 0;
      const timer = setInterval(() => { ticks++; }, 10);
      const { status, body } = await server.getJson('/api/i18n/locales');
      clearInterval(timer);
      expect(status).toBe(200);
      expect(ticks).toBeGreaterThanOrEqual(5); // the event loop ran while Git searched
      const searches = readFileSync(log, 'utf8').trim().split('\n').length;
      expect(searches).toBe(3);
      // A reload makes a new configuration object; cms.config.json's last commit is the same, so Git is not searched again.
      const again = await localeAddedAt(root, { ...server.cms.config }, ['en', 'fr', 'de']);
      expect(body.map((locale: { code: string; createdAt: string }) => locale.createdAt)).toEqual(['en', 'fr', 'de'].map(again));
      expect(readFileSync(log, 'utf8').trim().split('\n')).toHaveLength(searches);
    } finally {
      process.env.PATH = path;
      rmSync(bin, { recursive: true, force: true });
    }
  });

  it('outside Git, a hand-added locale answers when cms.config.json last changed, never 1970', async () => {
    const root = tagProject();
    const changed = new Date('2026-03-04T05:06:07.000Z');
    utimesSync(join(root, 'cms.config.json'), changed, changed);
    const locales = (await (await startApp(root)).getJson('/api/i18n/locales')).body as { createdAt: string }[];
    expect(locales.map((locale) => locale.createdAt)).toEqual(Array(3).fill(changed.toISOString()));
  });

  it('is forbidden (403 envelope) without the permission', async () => {
    const root = makeProject({ 'schemas/tag.json': { kind: 'collectionType', info: { singularName: 'tag', pluralName: 'tags' },
      attributes: { name: { type: 'string' } } } });
    const server = await startApp(root);
    const { status, body } = await server.getJson('/api/i18n/locales');
    expect(status).toBe(403);
    expect(body).toEqual({ data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } });
  });

  it('answers 405 for other verbs', async () => {
    const server = await startApp(REPO_ROOT);
    const response = await server.request('/api/i18n/locales', { method: 'POST' });
    expect(response.status).toBe(405);
  });
});
