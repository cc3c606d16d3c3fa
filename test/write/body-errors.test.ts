import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE, writeServer, type WriteServer } from './helpers.js';

let server: WriteServer;
let tagsBefore: string[];
beforeAll(async () => {
  server = await writeServer();
  tagsBefore = server.folder('tags');
});

const MISSING_DATA = { data: null, error: { status: 400, name: 'ValidationError', message: 'Missing "data" payload in the request body',
  details: {} } };

const send = async (method: string, path: string, body: string, type = 'application/json') => {
  const response = await server.request(path, { method, headers: { 'content-type': type }, body });
  return { status: response.status, body: await response.json() };
};

describe('the { data } envelope (controller create/update: `if (!isObject(body.data))`)', () => {
  it.each([
    ['no data key', { title: 'x' }],
    ['data null', { data: null }],
    ['data a string', { data: 'title' }],
    ['data a number', { data: 5 }],
  ])('POST with %s → 400 Missing "data" payload, details {}', async (_label, body) => {
    const { status, body: answer } = await server.sendJson('POST', '/api/tags', body);
    expect(status).toBe(400);
    expect(answer).toEqual(MISSING_DATA);
  });

  it('PUT without data → the same 400', async () => {
    const { status, body } = await server.sendJson('PUT', `/api/tags/${SAMPLE.coffeeTag}`, { name: 'x' });
    expect(status).toBe(400);
    expect(body).toEqual(MISSING_DATA);
  });

  it('an empty JSON body is {} for koa-body, so → Missing "data" payload', async () => {
    expect(await send('POST', '/api/tags', '')).toEqual({ status: 400, body: MISSING_DATA });
  });

  it('a multipart body carries no data object (v5 has no multipart create) → Missing "data" payload', async () => {
    // Notes §5.4: multipart `data` is a string, so the controller check fails.
    const form = new FormData();
    form.set('data', JSON.stringify({ name: 'x' }));
    const response = await server.request('/api/tags', { method: 'POST', body: form });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(MISSING_DATA);
  });
});

describe('keys in data (validateInput: throwInvalidKey / throwRestrictedFields)', () => {
  it('an unknown attribute → 400 Invalid key foo, details {key, path: null, source: "body"}', async () => {
    const { status, body } = await server.post('/api/tags', { name: 'x', foo: 1 });
    expect(status).toBe(400);
    expect(body).toEqual({ data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid key foo',
      details: { key: 'foo', path: null, source: 'body' } } });
  });

  it.each(['id', 'documentId'])('%s in data → 400 Invalid key (path omitted, as throwInvalidParam({ key }))', async (key) => {
    const { status, body } = await server.post('/api/tags', { name: 'x', [key]: 'abc' });
    expect(status).toBe(400);
    expect(body.error).toEqual({ status: 400, name: 'ValidationError', message: `Invalid key ${key}`, details: { key, source: 'body' } });
  });

  it.each(['createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'localizations'])('non-writable %s in data → 400 Invalid key',
    async (key) => {
    const { status, body } = await server.put(`/api/articles/${SAMPLE.coffee}`, { [key]: '2024-01-01T00:00:00.000Z' });
    expect(status).toBe(400);
    expect(body.error.name).toBe('ValidationError');
    expect(body.error.message).toBe(`Invalid key ${key}`);
    expect(body.error.details.key).toBe(key);
  });

  it('an unknown key inside a component names the attribute path (no index): Invalid key foo at seo.metaSocial', async () => {
    // traverse-entity: component items are visited with the attribute path of the component, without positions.
    const { status, body } = await server.put(`/api/articles/${SAMPLE.coffee}`, {
      seo: { metaTitle: 'm', metaDescription: 'd', metaSocial: [{ title: 't', foo: 1 }] },
    });
    expect(status).toBe(400);
    expect(body.error).toEqual({ status: 400, name: 'ValidationError', message: 'Invalid key foo at seo.metaSocial',
      details: { key: 'foo', path: 'seo.metaSocial', source: 'body' } });
  });

  it('a __proto__ key is rejected as an invalid key, never merged', async () => {
    const { status, body } = await send('POST', '/api/tags', '{"data":{"name":"x","__proto__":{"polluted":true}}}');
    expect(status).toBe(400);
    expect(body.error.message).toBe('Invalid key __proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('publishedAt in data is accepted and ignored (forced by status)', async () => {
    // Notes §5.5: publishedAt is forced to null before the status logic.
    const { status, body } = await server.sendJson('POST', '/api/articles?status=draft',
      { data: { title: 'Ignored publishedAt', publishedAt: '2020-01-01T00:00:00.000Z' } });
    expect(status).toBe(201);
    expect(body.data.publishedAt).toBeNull();
  });

  it('other top-level body keys beside data are ignored', async () => {
    const { status } = await server.sendJson('POST', '/api/tags', { data: { name: 'Beside data' }, meta: { anything: true } });
    expect(status).toBe(201);
  });
});

describe('JSON syntax and size (koa-body / co-body)', () => {
  it('malformed JSON → 400 SyntaxError with JSON.parse\'s message and no details', async () => {
    const text = '{"data": {"name": }';
    let expected = '';
    try { JSON.parse(text); } catch (error) { expected = (error as Error).message; }
    const { status, body } = await send('POST', '/api/tags', text);
    expect(status).toBe(400);
    expect(body).toEqual({ data: null, error: { status: 400, name: 'SyntaxError', message: expected } });
  });

  it.each(['"just a string"', '42', 'true', 'null'])('a bare JSON value %s → 400 invalid JSON, only supports object and array',
    async (text) => {
    // co-body strict mode: /^[\x20\x09\x0a\x0d]*(\[|\{)/ must match.
    const { status, body } = await send('POST', '/api/tags', text);
    expect(status).toBe(400);
    expect(body).toEqual({ data: null, error: { status: 400, name: 'SyntaxError',
      message: 'invalid JSON, only supports object and array' } });
  });

  it('a JSON array body has no data object → Missing "data" payload', async () => {
    expect(await send('POST', '/api/tags', '[1,2]')).toEqual({ status: 400, body: MISSING_DATA });
  });

  it('a body over 1 MB → 413 PayloadTooLargeError "request entity too large", no details', async () => {
    const big = JSON.stringify({ data: { name: 'x'.repeat(1024 * 1024) } });
    const { status, body } = await send('POST', '/api/tags', big);
    expect(status).toBe(413);
    expect(body).toEqual({ data: null, error: { status: 413, name: 'PayloadTooLargeError', message: 'request entity too large' } });
  });

  it('a body of exactly 1 MB is accepted by the parser (the limit is inclusive)', async () => {
    const wrapper = JSON.stringify({ data: { name: '' } });
    const body = JSON.stringify({ data: { name: 'y'.repeat(1024 * 1024 - wrapper.length) } });
    expect(Buffer.byteLength(body)).toBe(1024 * 1024);
    const { status, body: answer } = await send('POST', '/api/tags', body);
    // parsed (not 413), then refused by Strapi's default maxLength of 255 for a string attribute
    // (recorded: conformance invalid.create.name.256)
    expect(status).toBe(400);
    expect(answer.error.message).toBe('name must be at most 255 characters');
  });
});

describe('no failed request wrote anything', () => {
  it('the tags folder only gained the documents created on purpose', () => {
    const added = server.folder('tags').filter((name) => !tagsBefore.includes(name));
    expect(added).toHaveLength(1);
    expect(server.folder('tags').filter((name) => name.startsWith('.'))).toEqual([]);
  });
});
