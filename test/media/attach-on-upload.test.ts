import { beforeAll, describe, expect, it } from 'vitest';
import { mediaServer, uploadForm, type MediaServer } from './helpers.js';

// Strapi 5.54's legacy attach-on-upload (`ref`, `refId`, `field` beside the files), as recorded:
// upload.attach.text.to.images, .image, .bad.field, .missing.entry, .unknown.ref.
describe('attaching an upload to an entry (ref, refId, field)', () => {
  let server: MediaServer;
  let articleId: number;
  const cover = async () => (await server.getJson('/api/articles/epw01z20kac98v6t19d3eer8?populate[cover][fields][0]=name'))
    .body.data.cover;
  beforeAll(async () => {
    server = await mediaServer();
    articleId = (await server.getJson('/api/articles/epw01z20kac98v6t19d3eer8')).body.data.id;
  });

  it('attaches an upload to an entry with ref, refId and field', async () => {
    const form = uploadForm([{ name: 'attached.txt', data: 'text', type: 'text/plain' }],
      { ref: 'api::article.article', refId: String(articleId), field: 'cover' });
    const { status, body } = await server.upload(form);
    expect(status).toBe(201);
    expect(await cover()).toEqual({ id: body[0].id, documentId: body[0].documentId, name: 'attached.txt' });
  });

  it('attaches a file the field\'s allowedTypes leave out, as Strapi does', async () => {
    const form = uploadForm([{ name: 'song.mp3', data: 'ID3', type: 'audio/mpeg' }],
      { ref: 'api::article.article', refId: String(articleId), field: 'cover' });
    const { status, body } = await server.upload(form);
    expect(status).toBe(201);
    expect(await cover()).toEqual({ id: body[0].id, documentId: body[0].documentId, name: 'song.mp3' });
  });

  it.each([
    ['a field that is not a media attribute', () => ({ ref: 'api::article.article', refId: String(articleId), field: 'title' })],
    ['an entry that does not exist', () => ({ ref: 'api::article.article', refId: '1', field: 'cover' })],
  ])('%s: the file is stored, attached to nothing', async (_name, fields) => {
    const before = await cover();
    const { status, body } = await server.upload(uploadForm([{ name: 'loose.txt', data: 'x', type: 'text/plain' }], fields()));
    expect(status).toBe(201);
    expect((await server.getJson(`/api/upload/files/${body[0].id}`)).body.name).toBe('loose.txt');
    expect(await cover()).toEqual(before);
  });

  it('a ref that names no content type is a 400 (Strapi answers 500), storing nothing', async () => {
    const before = server.uploads();
    const { status, body } = await server.upload(uploadForm([{ name: 'x.txt', data: 'x', type: 'text/plain' }],
      { ref: 'api::nope.nope', refId: '1', field: 'cover' }));
    expect(status).toBe(400);
    expect(body.error.message).toBe('ref "api::nope.nope" is not a content type');
    expect(server.uploads()).toEqual(before);
  });
});
