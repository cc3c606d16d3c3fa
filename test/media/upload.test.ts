import { beforeAll, describe, expect, it } from 'vitest';
import { makeImage, mediaServer, mediaSite, uploadForm, type MediaServer } from './helpers.js';

let server: MediaServer;
beforeAll(async () => {
  server = await mediaServer();
});

// the upload routes add isUrlSigned (false with the local provider), as Strapi 5.54 answers (recorded)
const FILE_KEYS = ['id', 'documentId', 'name', 'alternativeText', 'caption', 'focalPoint', 'width', 'height', 'formats', 'hash', 'ext',
  'mime', 'size', 'url', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt', 'publishedAt', 'isUrlSigned'];

describe('POST /api/upload (multipart)', () => {
  it('answers 400 "Files are empty" without files', async () => {
    const { status, body } = await server.upload(uploadForm([], { fileInfo: '{}' }));
    expect(status).toBe(400);
    expect(body).toEqual({ data: null, error: { status: 400, name: 'ValidationError', message: 'Files are empty', details: {} } });
  });

  it('answers 400 "Files are empty" for a JSON body', async () => {
    const { status, body } = await server.sendJson('POST', '/api/upload', { fileInfo: {} });
    expect(status).toBe(400);
    expect(body.error.message).toBe('Files are empty');
  });

  it('ignores file parts under another field name (Strapi reads only `files`)', async () => {
    const { status, body } = await server.upload(uploadForm([{ name: 'a.txt', data: 'hello', type: 'text/plain', field: 'file' }]));
    expect(status).toBe(400);
    expect(body.error.message).toBe('Files are empty');
  });

  it('stores one non-image: 201, an array, no envelope, formats and dimensions null', async () => {
    const { status, body } = await server.upload(uploadForm([{ name: 'Release Notes.txt', data: 'hello world', type: 'text/plain' }]));
    expect(status).toBe(201);
    expect(Array.isArray(body)).toBe(true);
    const [file] = body;
    expect(Object.keys(file)).toEqual(FILE_KEYS);
    expect(file).toMatchObject({ name: 'Release Notes.txt', ext: '.txt', mime: 'text/plain', size: 0.01, width: null, height: null,
      formats: null, provider: 'local', previewUrl: null, provider_metadata: null, alternativeText: null, caption: null });
    expect(file.hash).toMatch(/^Release_Notes_[0-9a-f]{10}$/);
    expect(file.url).toBe(`/uploads/${file.hash}.txt`);
    expect(typeof file.id).toBe('number');
    expect(file.documentId).toMatch(/^[a-z][a-z0-9]{23}$/);
    expect(server.stored(`${file.hash}.txt`)).toBe(true);
    expect(JSON.parse(server.read(`content/upload/${file.documentId}.json`)!)).toMatchObject({ name: 'Release Notes.txt', hash: file.hash,
      url: file.url });
  });

  it('stores several files in order, each with its fileInfo', async () => {
    const form = uploadForm(
      [{ name: 'one.txt', data: 'one', type: 'text/plain' }, { name: 'two.pdf', data: '%PDF-1.4 two', type: 'application/pdf' }],
      { fileInfo: [JSON.stringify({ alternativeText: 'first', caption: 'c1' }), JSON.stringify({ name: 'Second name.pdf' })] },
    );
    const { status, body } = await server.upload(form);
    expect(status).toBe(201);
    expect(body.map((file: any) => [file.name, file.mime, file.alternativeText, file.caption])).toEqual([
      ['one.txt', 'text/plain', 'first', 'c1'],
      ['Second name.pdf', 'application/pdf', null, null],
    ]);
    expect(body[1].hash).toMatch(/^Second_name_[0-9a-f]{10}$/);
    expect(body[0].id).not.toBe(body[1].id);
  });

  it('reads width and height of an image that needs no formats', async () => {
    const { body } = await server.upload(uploadForm([{ name: 'tiny.png', data: await makeImage(40, 30, 'png'), type: 'image/png' }],
      { fileInfo: '{"alternativeText":"Tiny","focalPoint":{"x":10,"y":5}}' }));
    expect(body[0]).toMatchObject({ width: 40, height: 30, formats: null, alternativeText: 'Tiny', focalPoint: { x: 10, y: 5 } });
  });

  it('makes new files queryable at once (GET /api/upload/files/:id)', async () => {
    const [file] = (await server.upload(uploadForm([{ name: 'now.txt', data: 'now', type: 'text/plain' }]))).body;
    const { status, body } = await server.getJson(`/api/upload/files/${file.id}`);
    expect(status).toBe(200);
    expect(body).toEqual(file);
  });

  it('leaves unknown fileInfo keys out, as Strapi does (recorded: upload.post.info.alt)', async () => {
    const { status, body } = await server.upload(uploadForm([{ name: 'x.txt', data: 'x', type: 'text/plain' }],
      { fileInfo: '{"alt":"nope","caption":"kept"}' }));
    expect(status).toBe(201);
    expect(body[0]).toMatchObject({ name: 'x.txt', caption: 'kept', alternativeText: null });
    expect(body[0]).not.toHaveProperty('alt');
  });

  it('rejects fileInfo that is not JSON', async () => {
    const { status, body } = await server.upload(uploadForm([{ name: 'x.txt', data: 'x', type: 'text/plain' }], { fileInfo: 'not json' }));
    expect(status).toBe(400);
    expect(body.error.details.errors[0].path).toEqual(['fileInfo']);
  });

  it('answers 400 "File is not a valid image" for a corrupt image', async () => {
    const png = await makeImage(300, 300, 'png');
    const { status, body } = await server.upload(uploadForm([{ name: 'broken.png', data: png.subarray(0, 200), type: 'image/png' }]));
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ name: 'ApplicationError', message: 'File is not a valid image' });
  });

  it('answers 400 for a malformed multipart body', async () => {
    const response = await server.request('/api/upload', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=zz' },
      body: 'garbage' });
    expect(response.status).toBe(400);
  });

  it('answers 405 for other methods on /api/upload', async () => {
    const response = await server.request('/api/upload', { method: 'GET' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('upload size limits', () => {
  it('answers 413 "<name> exceeds size limit of …" over upload.sizeLimit, storing nothing', async () => {
    const small = await mediaServer(mediaSite({ upload: { sizeLimit: 1000 } }));
    const before = small.uploads();
    const form = uploadForm([{ name: 'ok.txt', data: 'fits', type: 'text/plain' }, { name: 'huge.bin', data: Buffer.alloc(5000, 1) }]);
    const { status, body } = await small.upload(form);
    expect(status).toBe(413);
    expect(body).toEqual({ data: null, error: { status: 413, name: 'PayloadTooLargeError', message: 'huge.bin exceeds size limit of 1 KB.',
      details: {} } });
    expect(small.uploads()).toEqual(before);
  });

  it('answers 413 FileTooBig when the multipart request is over upload.requestSizeLimit', async () => {
    const small = await mediaServer(mediaSite({ upload: { requestSizeLimit: 2048 } }));
    const { status, body } = await small.upload(uploadForm([{ name: 'big.bin', data: Buffer.alloc(10_000, 2) }]));
    expect(status).toBe(413);
    expect(body.error).toEqual({ status: 413, name: 'PayloadTooLargeError', message: 'FileTooBig', details: {} });
  });

  it('rejects an invalid upload config naming the key', async () => {
    await expect(mediaServer(mediaSite({ upload: { sizeLimit: -1 } }))).rejects.toThrow(/upload\.sizeLimit must be a positive integer/);
  });
});

describe('upload permissions', () => {
  it('answers 403 Forbidden when the Public role lacks `upload`', async () => {
    const readOnly = await mediaServer(mediaSite({ grants: ['find', 'findOne'] }));
    const { status, body } = await readOnly.upload(uploadForm([{ name: 'a.txt', data: 'a', type: 'text/plain' }]));
    expect(status).toBe(403);
    expect(body.error).toMatchObject({ name: 'ForbiddenError', message: 'Forbidden' });
    expect((await readOnly.getJson('/api/upload/files')).status).toBe(200);
    expect((await readOnly.request('/api/upload/files/1', { method: 'DELETE' })).status).toBe(403);
  });

  it('answers 403 for an attach (ref/refId/field) to an entry the caller may not update', async () => {
    const site = await mediaServer(mediaSite({ articleGrants: ['find', 'findOne'] }));
    const articleId = (await site.getJson('/api/articles/epw01z20kac98v6t19d3eer8')).body.data.id;
    const form = uploadForm([{ name: 'a.txt', data: 'a', type: 'text/plain' }],
      { ref: 'api::article.article', refId: String(articleId), field: 'cover' });
    expect((await site.upload(form)).status).toBe(403);
  });

  it('answers 403 on every route when nothing is granted', async () => {
    const none = await mediaServer(mediaSite({ grants: [] }));
    expect((await none.getJson('/api/upload/files')).status).toBe(403);
    expect((await none.getJson('/api/upload/files/1')).status).toBe(403);
  });
});
