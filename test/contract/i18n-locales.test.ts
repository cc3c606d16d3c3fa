import { describe, expect, it } from 'vitest';
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

  it('reports a malformed content/.ids.json and answers derived ids until it is fixed', async () => {
    const root = tagProject({ 'content/.ids.json': '{ "version": 1, "rows": { "api::tag.tag": { "a||published": -3 } } }\n' });
    const server = await startApp(root, { report: () => {} });
    expect((await server.getJson('/api/i18n/locales')).body.map((locale: { id: number }) => locale.id)).toEqual([1, 2, 3]);
    expect(server.cms.index.problems.get('content/.ids.json')?.message).toBe('rows."api::tag.tag"."a||published" must be a whole number from 1 to 4294967295');
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
