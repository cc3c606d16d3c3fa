import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENV } from '../auth/helpers.js';
import { copySampleSite, startApp, type TestServer } from '../helpers/project.js';

// GET /admin/api/stored: what the studio's form needs of a stored document that its REST answer
// leaves out (private values, every digit of a big integer, relation ids whose target was deleted),
// while the REST API keeps answering exactly as Strapi 5.54 does.
const DAVID = 'g5nep3nk2vklh3r9oo6o7oju'; // an author with a private secretNote
const NORWAY = 'leo9mpmgjqi9e4y3lvswznjb';

let site: TestServer;
let root: string;
const keys: Record<string, string> = {};
beforeAll(async () => {
  root = copySampleSite();
  const file = join(root, 'schemas/api/article/content-types/article/schema.json');
  const schema = JSON.parse(readFileSync(file, 'utf8'));
  schema.attributes.bigCount = { type: 'biginteger' };
  writeFileSync(file, JSON.stringify(schema));
  site = await startApp(root, { env: TEST_ENV });
  const token = (name: string, permissions?: string[]) => site.cms.auth.tokens
    .create(permissions ? { name, type: 'custom', permissions } : { name, type: 'full-access' }).then((made) => made.accessKey);
  keys.full = await token('full');
  keys.reader = await token('reader', ['api::author.author.find', 'api::author.author.findOne']);
});
const get = (path: string, key = keys.full) => site.getJson(path, { headers: key ? { authorization: `Bearer ${key}` } : {} });
const send = (method: string, path: string, data?: unknown) => site.sendJson(method, path, data === undefined ? '' : { data },
  { authorization: `Bearer ${keys.full}` });

describe('GET /admin/api/stored', () => {
  it('gives private values to a caller who may update the type, and shows them in its schemas; REST still leaves them out', async () => {
    expect((await get(`/admin/api/stored?type=authors&documentId=${DAVID}`)).body.data)
      .toEqual({ private: { secretNote: 'Prefers to be paid in coffee' }, bigintegers: {}, missing: {} });
    expect((await get(`/admin/api/stored?type=authors&documentId=${DAVID}`, keys.reader)).body.data.private).toEqual({});
    const names = async (key: string) => (await get('/admin/api/schemas', key)).body.data
      .find((model: { pluralName: string }) => model.pluralName === 'authors').attributes.map((attribute: { name: string }) => attribute.name);
    expect(await names(keys.full)).toContain('secretNote');
    expect(await names(keys.reader)).not.toContain('secretNote');
    expect((await get(`/api/authors/${DAVID}`)).body.data).not.toHaveProperty('secretNote');
    // A write through REST takes it, as Strapi's does; the studio reads it back here.
    expect((await send('PUT', `/api/authors/${DAVID}`, { secretNote: 'Tea, actually' })).status).toBe(200);
    expect((await get(`/admin/api/stored?type=authors&documentId=${DAVID}`)).body.data.private).toEqual({ secretNote: 'Tea, actually' });
  });

  it('gives every digit of a big integer, which REST prints as the nearest JavaScript number (Strapi 5.54 on SQLite)', async () => {
    const put = await send('PUT', `/api/articles/${NORWAY}?status=draft&locale=en`, { bigCount: '9007199254740993123' });
    expect(put.body.data.bigCount).toBe('9007199254740993000');
    expect((await get(`/admin/api/stored?type=articles&documentId=${NORWAY}&locale=en&status=draft`)).body.data.bigintegers)
      .toEqual({ bigCount: '9007199254740993123' });
  });

  it('names relation ids whose target was deleted, which REST leaves out of a populated answer and refuses in a write', async () => {
    const tag = (await send('POST', '/api/tags', { name: 'Soon gone' })).body.data.documentId;
    const kept = (await send('POST', '/api/tags', { name: 'Kept' })).body.data.documentId;
    expect((await send('PUT', `/api/articles/${NORWAY}?status=draft&locale=en`, { tags: [tag, kept] })).status).toBe(200);
    expect((await send('DELETE', `/api/tags/${tag}`)).status).toBe(204);
    const stored = await get(`/admin/api/stored?type=articles&documentId=${NORWAY}&locale=en&status=draft`);
    expect(stored.body.data.missing).toEqual({ tags: [tag] });
    const rest = await get(`/api/articles/${NORWAY}?status=draft&locale=en&populate[tags][fields][0]=name`);
    expect(rest.body.data.tags.map((item: { documentId: string }) => item.documentId)).toEqual([kept]);
    const refused = await send('PUT', `/api/articles/${NORWAY}?status=draft&locale=en`, { tags: [tag, kept] });
    expect([refused.status, refused.body.error.message]).toEqual([400, `Document with id "${tag}", locale "null" not found`]);
  });

  it.each([
    ['the Public role', `/admin/api/stored?type=authors&documentId=${DAVID}`, '', 403],
    ['no findOne on the type', `/admin/api/stored?type=articles&documentId=${NORWAY}`, 'reader', 403],
    ['an unknown type', '/admin/api/stored?type=nope&documentId=x', 'full', 404],
    ['an unknown document', '/admin/api/stored?type=authors&documentId=nosuchdocument', 'full', 404],
    ['an unknown locale', `/admin/api/stored?type=articles&documentId=${NORWAY}&locale=xx`, 'full', 400],
  ])('refuses %s', async (_, path, key, status) => {
    expect((await get(path, key ? keys[key] : '')).status).toBe(status);
  });
});
