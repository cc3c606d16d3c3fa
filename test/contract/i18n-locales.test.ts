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
