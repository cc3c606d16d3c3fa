import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE, writeServer, type WriteServer } from './helpers.js';

let server: WriteServer;
beforeAll(async () => {
  server = await writeServer();
});

const files = (id: string) => server.folder('articles').filter((name) => name.startsWith(id));

describe('POST ?locale (notes §7: a new document in that locale)', () => {
  it('creates a new documentId whose only file is <id>.fr.json', async () => {
    const { status, body } = await server.sendJson('POST', '/api/articles?locale=fr', { data: { title: 'Bonjour' } });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ title: 'Bonjour', locale: 'fr', slug: 'bonjour' });
    const id = body.data.documentId;
    expect(files(id)).toEqual([`${id}.fr.json`]);
    expect((await server.getJson(`/api/articles/${id}`)).status).toBe(404);
    expect((await server.getJson(`/api/articles/${id}?locale=fr`)).body.data.title).toBe('Bonjour');
  });

  it('a body `locale` is honoured when ?locale is absent, and ?locale wins over it (project choice)', async () => {
    const fromBody = await server.post('/api/articles', { title: 'Corps', locale: 'fr' });
    expect(fromBody.body.data.locale).toBe('fr');
    const both = await server.sendJson('POST', '/api/articles?locale=en', { data: { title: 'Query wins', locale: 'fr' } });
    expect(both.body.data.locale).toBe('en');
  });

  it('on PUT a body `locale` is ignored: the default locale is written (notes §5.5)', async () => {
    const { status, body } = await server.put(`/api/articles/${SAMPLE.release}`, { locale: 'fr', views: 12 });
    expect(status).toBe(200);
    expect(body.data.locale).toBe('en');
    expect(files(SAMPLE.release)).toEqual([`${SAMPLE.release}.yaml`]);
  });

  it('a type that is not localized ignores locale and has none in its response', async () => {
    const { status, body } = await server.sendJson('POST', '/api/tags?locale=fr', { data: { name: 'Sans locale' } });
    expect(status).toBe(201);
    expect(body.data).not.toHaveProperty('locale');
    expect(server.folder('tags')).toContain(`${body.data.documentId}.json`);
  });
});

describe('PUT ?locale on a document without that locale creates the localization', () => {
  it('same documentId, a new <id>.fr.<ext> file in the document\'s format, 200', async () => {
    const { status, body } = await server.sendJson('PUT', `/api/articles/${SAMPLE.coffee}?locale=fr`,
      { data: { title: 'Méthodes de café' } });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ documentId: SAMPLE.coffee, locale: 'fr', title: 'Méthodes de café', slug: 'methodes-de-cafe' });
    expect(files(SAMPLE.coffee)).toEqual([`${SAMPLE.coffee}.fr.yaml`, `${SAMPLE.coffee}.yaml`]);
  });

  it('the new localization shows the document\'s non-localized fields, not their defaults', async () => {
    const { body } = await server.getJson(`/api/articles/${SAMPLE.coffee}?locale=fr`);
    expect(body.data).toMatchObject({ views: 88, featured: true, publishDate: '2025-06-20', readingTime: 9.5 });
    expect(server.file(`content/articles/${SAMPLE.coffee}.fr.yaml`)).not.toMatch(/^views:/m);
  });

  it('the en version is untouched', async () => {
    expect((await server.getJson(`/api/articles/${SAMPLE.coffee}`)).body.data.title).toBe('Coffee brewing methods compared');
  });

  it('an unknown documentId → 404 even with a locale', async () => {
    const { status } = await server.sendJson('PUT', '/api/articles/nosuchdocument?locale=fr', { data: { title: 'x' } });
    expect(status).toBe(404);
  });
});

describe('a new localization never empties the shared fields (asked of Strapi 5.54)', () => {
  // Strapi 5.54, en holding views 7, publishDate 2025-01-23, readingTime 4:
  //   PUT /api/articles/:id?locale=fr&status=draft {"data":{"title":"Deux","views":null,"publishDate":null,"readingTime":null}}
  //   → 200 {"title":"Deux","views":7,"publishDate":"2025-01-23","readingTime":4,"locale":"fr",…}, and en still holds 7 / 2025-01-23 / 4.
  //   With {"views":99,"publishDate":"2020-01-01"} instead, fr and en both hold 99 / 2020-01-01 (a value given wins).
  const blackHole = 'erdjn7qamd22o2key07vrft5'; // en only: views 120, publishDate 2025-01-23, readingTime 4

  it('nulls sent for non-localized fields in a new locale keep the values the other locales hold', async () => {
    const before = server.file(`content/articles/${blackHole}.json`);
    const { status, body } = await server.sendJson('PUT', `/api/articles/${blackHole}?locale=fr&status=draft`, {
      data: { title: 'Trou noir', views: null, publishDate: null, readingTime: null },
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ locale: 'fr', title: 'Trou noir', views: 120, publishDate: '2025-01-23', readingTime: 4 });
    expect((await server.getJson(`/api/articles/${blackHole}`)).body.data).toMatchObject({ views: 120, publishDate: '2025-01-23',
      readingTime: 4 });
    expect(server.file(`content/articles/${blackHole}.json`)).toBe(before);
  });

  it('a value given for a non-localized field in a new locale reaches the other locales', async () => {
    const { body } = await server.sendJson('PUT', `/api/articles/${SAMPLE.release}?locale=fr&status=draft`,
      { data: { title: 'Notes', views: 99, publishDate: '2020-01-01' } });
    expect(body.data).toMatchObject({ views: 99, publishDate: '2020-01-01' });
    expect((await server.getJson(`/api/articles/${SAMPLE.release}?status=draft`)).body.data)
      .toMatchObject({ views: 99, publishDate: '2020-01-01' });
  });
});

describe('non-localized fields stay in sync across locales', () => {
  it('writing views in fr updates the en file too; localized fields stay apart', async () => {
    const { status } = await server.sendJson('PUT', `/api/articles/${SAMPLE.pizza}?locale=fr`,
      { data: { views: 999, featured: false, title: 'Pizza (fr)' } });
    expect(status).toBe(200);
    const en = (await server.getJson(`/api/articles/${SAMPLE.pizza}`)).body.data;
    const fr = (await server.getJson(`/api/articles/${SAMPLE.pizza}?locale=fr`)).body.data;
    expect(en).toMatchObject({ views: 999, featured: false, title: "Pizza napoletana: a beginner's guide" });
    expect(fr).toMatchObject({ views: 999, featured: false, title: 'Pizza (fr)' });
    expect(server.json(`content/articles/${SAMPLE.pizza}.json`)).toMatchObject({ views: 999, featured: false });
  });

  it.each(['publishDate', 'readingTime'])('%s written in en reaches fr', async (name) => {
    const value = name === 'publishDate' ? '2030-01-02' : 3.5;
    await server.put(`/api/articles/${SAMPLE.pizza}`, { [name]: value });
    const fr = (await server.getJson(`/api/articles/${SAMPLE.pizza}?locale=fr`)).body.data;
    expect(fr[name]).toBe(value);
  });
});

describe('unknown locale on a write → 400 ValidationError (project choice, Strapi bug #27108)', () => {
  it.each([
    ['POST', '/api/articles?locale=de'],
    ['PUT', `/api/articles/${SAMPLE.pizza}?locale=de`],
  ])('%s %s', async (method, path) => {
    const before = server.folder('articles');
    const { status, body } = await server.sendJson(method, path, { data: { title: 'x' } });
    expect(status).toBe(400);
    expect(body.error.name).toBe('ValidationError');
    expect(body.error.message).toBe('Locale "de" is not configured (locales: en, fr)');
    expect(server.folder('articles')).toEqual(before);
  });

  it('DELETE ?locale=de → 400 too', async () => {
    const response = await server.request(`/api/articles/${SAMPLE.pizza}?locale=de`, { method: 'DELETE' });
    expect(response.status).toBe(400);
  });
});

describe('DELETE ?locale (notes §7)', () => {
  it('?locale=fr deletes only the fr versions', async () => {
    const id = 'leo9mpmgjqi9e4y3lvswznjb';
    expect(files(id)).toEqual([`${id}.fr.json`, `${id}.json`]);
    expect((await server.del(`/api/articles/${id}?locale=fr`)).status).toBe(204);
    expect(files(id)).toEqual([`${id}.json`]);
    expect((await server.getJson(`/api/articles/${id}`)).status).toBe(200);
  });

  it('no locale deletes only the default locale', async () => {
    const id = 'kfpncig567pl664pn9lrxp39';
    await server.del(`/api/articles/${id}`);
    expect(files(id)).toEqual([`${id}.fr.json`]);
    expect((await server.getJson(`/api/articles/${id}?locale=fr`)).status).toBe(200);
  });

  it('?locale=* deletes every locale', async () => {
    const id = 'jfsgk21o4wtsoknlvf65xsrj';
    await server.del(`/api/articles/${id}?locale=*`);
    expect(files(id)).toEqual([]);
  });
});
