import { beforeAll, describe, expect, it } from 'vitest';
import { isAllowedType, mediaTypeOf } from '../../core/media/allowed-types.js';
import { mediaServer, uploadForm, type MediaServer } from './helpers.js';

describe('mediaTypeOf / isAllowedType', () => {
  it.each([
    ['image/png', 'images'],
    ['image/svg+xml', 'images'],
    ['IMAGE/JPEG', 'images'],
    ['video/mp4', 'videos'],
    ['audio/mpeg', 'audios'],
    ['application/pdf', 'files'],
    ['text/plain', 'files'],
    ['application/octet-stream', 'files'],
  ])('classifies %s as %s', (mime, type) => {
    expect(mediaTypeOf(mime)).toBe(type);
  });

  it.each<[string[] | undefined, string, boolean]>([
    [['images'], 'image/png', true],
    [['images'], 'application/pdf', false],
    [['images', 'files', 'videos'], 'audio/mpeg', false],
    [['images', 'files', 'videos'], 'text/plain', true],
    [['audios'], 'audio/wav', true],
    [undefined, 'audio/wav', true],
    [[], 'video/mp4', true],
  ])('allowedTypes %j admits %s: %s', (allowedTypes, mime, expected) => {
    expect(isAllowedType({ allowedTypes }, mime)).toBe(expected);
  });
});

describe('allowedTypes on the legacy attach (ref, refId, field)', () => {
  let server: MediaServer;
  let articleId: number;
  beforeAll(async () => {
    server = await mediaServer();
    articleId = (await server.getJson('/api/articles/epw01z20kac98v6t19d3eer8')).body.data.id;
  });

  it('attaches an upload to an entry with ref, refId and field', async () => {
    const form = uploadForm([{ name: 'attached.txt', data: 'text', type: 'text/plain' }], { ref: 'api::article.article', refId: String(articleId), field: 'cover' });
    const { status, body } = await server.upload(form);
    expect(status).toBe(201);
    const article = (await server.getJson('/api/articles/epw01z20kac98v6t19d3eer8?populate[cover][fields][0]=name')).body.data;
    expect(article.cover).toEqual({ id: body[0].id, documentId: body[0].documentId, name: 'attached.txt' });
  });

  it('rejects an attach the attribute\'s allowedTypes forbid, storing nothing', async () => {
    const before = server.uploads();
    const form = uploadForm([{ name: 'song.mp3', data: 'ID3', type: 'audio/mpeg' }], { ref: 'api::article.article', refId: String(articleId), field: 'cover' });
    const { status, body } = await server.upload(form);
    expect(status).toBe(400);
    expect(body.error.name).toBe('ValidationError');
    expect(body.error.message).toBe('cover accepts only images, files, videos: "song.mp3" is audio/mpeg (audios)');
    expect(body.error.details.errors[0].path).toEqual(['cover']);
    expect(server.uploads()).toEqual(before);
  });

  it.each([
    [{ ref: 'api::nope.nope', refId: '1', field: 'cover' }, 'ref "api::nope.nope" is not a content type'],
    [{ ref: 'api::article.article', refId: '1', field: 'title' }, 'field "title" is not a media attribute of api::article.article'],
    [{ ref: 'api::article.article', refId: '1', field: 'cover' }, 'Entry 1 of api::article.article not found'],
  ])('rejects a bad attach target %j', async (fields, message) => {
    const { status, body } = await server.upload(uploadForm([{ name: 'x.txt', data: 'x', type: 'text/plain' }], fields));
    expect(status).toBe(400);
    expect(body.error.message).toBe(message);
  });
});
