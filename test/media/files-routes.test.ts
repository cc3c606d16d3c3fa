import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeImage, mediaServer, uploadForm, type MediaServer } from './helpers.js';

const PIZZA = 'dylorqz16sqjb5nsoejm7ix6';
const AVATAR = 'abf3j3sf1tbbnv1eqosoza59';
const PIZZA_ARTICLE = 'epw01z20kac98v6t19d3eer8';

/** Every content file (outside content/upload) that mentions a documentId. */
function filesMentioning(root: string, id: string): string[] {
  const found: string[] = [];
  for (const folder of readdirSync(join(root, 'content'))) {
    if (folder === 'upload') continue;
    for (const name of readdirSync(join(root, 'content', folder))) {
      if (readFileSync(join(root, 'content', folder, name), 'utf8').includes(id)) found.push(`content/${folder}/${name}`);
    }
  }
  return found.sort();
}

describe('GET /api/upload/files', () => {
  let server: MediaServer;
  beforeAll(async () => {
    server = await mediaServer();
  });

  it('lists every file as a bare array (no envelope, no default limit)', async () => {
    const { status, body } = await server.getJson('/api/upload/files?sort=name:asc');
    expect(status).toBe(200);
    expect(body.map((file: any) => file.name)).toEqual(['coffee-beans.png', 'default-avatar.png', 'pizza-margherita.png']);
    expect(body[0]).not.toHaveProperty('data');
  });

  it('filters, sorts and selects fields through the query engine', async () => {
    const { body } = await server.getJson('/api/upload/files?filters[width][$gt]=50&sort=size:desc&fields[0]=name&fields[1]=size');
    expect(body).toEqual([
      { id: expect.any(Number), documentId: 'k4h9a2dz4n5hognvjhts7j3m', name: 'coffee-beans.png', size: 5.36, isUrlSigned: false },
      { id: expect.any(Number), documentId: PIZZA, name: 'pizza-margherita.png', size: 5.07, isUrlSigned: false },
    ]);
  });

  // Strapi 5.54's upload controller honours only the root start and limit (asked of the reference):
  // page, pageSize and pagination[...] leave the list whole, limit -1 or 0 is no limit.
  it.each([
    ['start=1&limit=1', 1],
    ['limit=2', 2],
    ['limit=-1', 3],
    ['limit=0', 3],
    ['page=1&pageSize=2', 3],
    ['pagination[page]=2&pagination[pageSize]=2', 3],
    ['pagination[start]=0&pagination[limit]=-1', 3],
  ])('paginates with %s', async (search, count) => {
    const { status, body } = await server.getJson(`/api/upload/files?${search}`);
    expect(status).toBe(200);
    expect(body).toHaveLength(count);
  });

  it('populate=* lists each file\'s related entries, as populate=related does (as Strapi answers)', async () => {
    const star = await server.getJson(`/api/upload/files?populate=*&filters[documentId][$eq]=${PIZZA}`);
    const related = await server.getJson(`/api/upload/files?populate=related&filters[documentId][$eq]=${PIZZA}`);
    expect(star.status).toBe(200);
    expect(star.body[0].related.length).toBeGreaterThan(0);
    expect(star.body[0].related).toEqual(related.body[0].related);
    expect((await server.getJson(`/api/upload/files?filters[documentId][$eq]=${PIZZA}`)).body[0]).not.toHaveProperty('related');
  });

  it('lists related entries as they are after a write, not as first read', async () => {
    const own = await mediaServer();
    const linked = async (file: string) => (await own.getJson(`/api/upload/files?populate=related&filters[documentId][$eq]=${file}`))
      .body[0].related
      .filter((entry: any) => entry.documentId === PIZZA_ARTICLE).length;
    const before = await linked(PIZZA);
    expect(before).toBeGreaterThan(0);
    expect(await linked(AVATAR)).toBe(0);
    const put = await own.sendJson('PUT', `/api/articles/${PIZZA_ARTICLE}?status=draft`, { data: { cover: AVATAR } });
    expect(put.status).toBe(200);
    expect(await linked(PIZZA)).toBe(before - 1);
    expect(await linked(AVATAR)).toBe(1);
  });

  it('rejects an unknown filter key with 400 Invalid key', async () => {
    const { status, body } = await server.getJson('/api/upload/files?filters[nope][$eq]=1');
    expect(status).toBe(400);
    expect(body.error.message).toBe('Invalid key nope');
  });

  it('offers /api/upload/files/page with the REST pagination meta', async () => {
    const { body } = await server.getJson('/api/upload/files/page');
    expect(body.data).toHaveLength(3);
    expect(body.meta.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 1, total: 3 });
  });

  it('finds one file by numeric id, and by documentId', async () => {
    const list = (await server.getJson(`/api/upload/files?filters[documentId][$eq]=${PIZZA}`)).body;
    const byId = await server.getJson(`/api/upload/files/${list[0].id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(list[0]);
    expect(byId.body.formats.thumbnail).toMatchObject({ width: 208, height: 156 });
    expect((await server.getJson(`/api/upload/files/${PIZZA}`)).body).toEqual(list[0]);
  });

  it('answers 404 file.notFound for an unknown id', async () => {
    const { status, body } = await server.getJson('/api/upload/files/12345');
    expect(status).toBe(404);
    expect(body).toEqual({ data: null, error: { status: 404, name: 'NotFoundError', message: 'file.notFound', details: {} } });
  });

  it('answers 404 for unknown upload paths and 405 for other methods', async () => {
    expect((await server.getJson('/api/upload/folders')).status).toBe(404);
    expect((await server.request('/api/upload/files', { method: 'DELETE' })).status).toBe(405);
  });
});

describe('POST /api/upload?id= (replace, update info)', () => {
  let server: MediaServer;
  beforeAll(async () => {
    server = await mediaServer();
  });

  it('replaces the binary under the same hash and URL, regenerating formats', async () => {
    const [original] = (await server.upload(uploadForm([{ name: 'first.png', data: await makeImage(1200, 800, 'png'), type: 'image/png' }],
      { fileInfo: '{"alternativeText":"Kept","caption":"Kept too"}' }))).body;
    expect(Object.keys(original.formats)).toEqual(['thumbnail', 'large', 'medium', 'small']);
    const replacement = await makeImage(300, 200, 'jpeg');
    const { status, body } = await server.upload(uploadForm([{ name: 'second.jpg', data: replacement, type: 'image/jpeg' }]),
      `?id=${original.id}`);
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(false);
    expect(body).toMatchObject({
      id: original.id, documentId: original.documentId, hash: original.hash, ext: '.png', url: original.url,
      name: 'second.jpg', mime: 'image/jpeg', width: 300, height: 200, alternativeText: 'Kept', caption: 'Kept too',
    });
    expect(Object.keys(body.formats)).toEqual(['thumbnail']);
    expect(body.createdAt).toBe(original.createdAt);
    expect(server.stored(`${original.hash}.png`)).toBe(true);
    expect(server.stored(`thumbnail_${original.hash}.png`)).toBe(true);
    for (const key of ['large', 'medium', 'small']) expect(server.stored(`${key}_${original.hash}.png`)).toBe(false);
    expect((await server.getJson(`/api/upload/files/${original.id}`)).body).toEqual(body);
  });

  it('updates name, alternativeText and caption without a file (multipart or JSON)', async () => {
    const [file] = (await server.upload(uploadForm([{ name: 'doc.txt', data: 'doc', type: 'text/plain' }],
      { fileInfo: '{"caption":"Old caption"}' }))).body;
    const { status, body } = await server.upload(
      uploadForm([], { fileInfo: JSON.stringify({ name: 'Renamed.txt', alternativeText: 'Alt' }) }), `?id=${file.id}`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: file.id, name: 'Renamed.txt', alternativeText: 'Alt', caption: 'Old caption', hash: file.hash,
      url: file.url });
    const json = await server.sendJson('POST', `/api/upload?id=${file.id}`,
      { fileInfo: { caption: 'New caption', alternativeText: null } });
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ name: 'Renamed.txt', alternativeText: 'Alt', caption: 'New caption' });
  });

  it('answers 400 for several files, 404 for an unknown id', async () => {
    const several = uploadForm([{ name: 'a.txt', data: 'a', type: 'text/plain' }, { name: 'b.txt', data: 'b', type: 'text/plain' }]);
    const [first] = (await server.upload(uploadForm([{ name: 'c.txt', data: 'c', type: 'text/plain' }]))).body;
    expect((await server.upload(several, `?id=${first.id}`)).body.error.message).toBe('Cannot replace a file with multiple ones');
    const missing = await server.upload(uploadForm([{ name: 'a.txt', data: 'a', type: 'text/plain' }]), '?id=999');
    expect(missing.status).toBe(404);
    expect((await server.sendJson('POST', '/api/upload?id=999', { fileInfo: {} })).status).toBe(404);
  });
});

describe('DELETE /api/upload/files/:id', () => {
  it('answers 200 with the deleted file, removes its binaries and clears every reference', async () => {
    const server = await mediaServer();
    const before = await server.getJson(`/api/upload/files/${PIZZA}`);
    const article = (await server.getJson(`/api/articles/${PIZZA_ARTICLE}`)).body.data;
    expect(filesMentioning(server.root, PIZZA).length).toBeGreaterThan(5);

    const response = await server.request(`/api/upload/files/${before.body.id}`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(before.body);

    expect((await server.getJson(`/api/upload/files/${before.body.id}`)).status).toBe(404);
    expect(server.stored('pizza_margherita_ad0fb71956.png')).toBe(false);
    expect(server.stored('thumbnail_pizza_margherita_ad0fb71956.png')).toBe(false);
    expect(server.read(`content/upload/${PIZZA}.json`)).toBeUndefined();
    expect(filesMentioning(server.root, PIZZA)).toEqual([]);
    expect(server.cms.problems()).toEqual([]);

    const after = (await server.getJson(
      `/api/articles/${PIZZA_ARTICLE}?populate[cover]=true&populate[seo][populate]=*&populate[blocks][on][shared.slider][populate]=*&populate[blocks][on][shared.media][populate]=*`,
    )).body.data;
    expect(after.cover).toBeNull();
    expect(after.seo.shareImage).toBeNull();
    const slider = after.blocks.find((block: any) => block.__component === 'shared.slider');
    expect(slider.files.map((file: any) => file.documentId)).toEqual(['k4h9a2dz4n5hognvjhts7j3m', AVATAR]);
    expect(after.blocks.find((block: any) => block.__component === 'shared.media').file).toBeNull();
    // Clearing a reference is not an edit of the document.
    expect(after.updatedAt).toBe(article.updatedAt);
    const draft = (await server.getJson('/api/articles/e9qj0xlp3sn55zvg78mvejd7?status=draft&populate=cover')).body.data;
    expect(draft.cover).toBeNull();
  });

  it('answers 404 for an unknown id and deletes nothing', async () => {
    const server = await mediaServer();
    const response = await server.request('/api/upload/files/424242', { method: 'DELETE' });
    expect(response.status).toBe(404);
    expect((await server.getJson('/api/upload/files')).body).toHaveLength(3);
  });
});

describe('media values in documents', () => {
  let server: MediaServer;
  beforeAll(async () => {
    server = await mediaServer();
  });

  const FILE_KEYS = ['id', 'documentId', 'name', 'alternativeText', 'caption', 'focalPoint', 'width', 'height', 'formats', 'hash', 'ext',
    'mime', 'size', 'url', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt', 'publishedAt'];

  it('leaves media out unless populated, then returns the full file object', async () => {
    expect((await server.getJson(`/api/articles/${PIZZA_ARTICLE}`)).body.data).not.toHaveProperty('cover');
    const { body } = await server.getJson(`/api/articles/${PIZZA_ARTICLE}?populate=cover`);
    expect(Object.keys(body.data.cover)).toEqual(FILE_KEYS);
    expect(body.data.cover).toMatchObject({ documentId: PIZZA, name: 'pizza-margherita.png',
      url: '/uploads/pizza_margherita_ad0fb71956.png' });
  });

  it('selects media fields with populate[cover][fields]', async () => {
    const { body } = await server.getJson(`/api/articles/${PIZZA_ARTICLE}?populate[cover][fields][0]=name&populate[cover][fields][1]=url`);
    expect(body.data.cover).toEqual({ id: expect.any(Number), documentId: PIZZA, name: 'pizza-margherita.png',
      url: '/uploads/pizza_margherita_ad0fb71956.png' });
  });

  it('returns multiple media as an array in stored order', async () => {
    const { body } = await server.getJson(
      `/api/articles/${PIZZA_ARTICLE}?populate[blocks][on][shared.slider][populate][files][fields][0]=name`,
    );
    const slider = body.data.blocks.find((block: any) => block.__component === 'shared.slider');
    expect(slider.files.map((file: any) => file.name)).toEqual(['pizza-margherita.png', 'coffee-beans.png', 'default-avatar.png']);
  });

  it('accepts a new upload as a document\'s media by id, {id} and documentId', async () => {
    const [file] = (await server.upload(uploadForm([{ name: 'cover.png', data: await makeImage(320, 200, 'png'),
      type: 'image/png' }]))).body;
    for (const cover of [file.id, { id: file.id }, file.documentId]) {
      const { status, body } = await server.sendJson('PUT', `/api/articles/${PIZZA_ARTICLE}?populate=cover`, { data: { cover } });
      expect(status).toBe(200);
      expect(body.data.cover).toMatchObject({ id: file.id, documentId: file.documentId,
        formats: { thumbnail: { width: 245, height: 153 } } });
    }
    const unknown = await server.sendJson('PUT', `/api/articles/${PIZZA_ARTICLE}`, { data: { cover: 987654 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('1 relation(s) of type plugin::upload.file associated with this entity do not exist');
  });
});
