import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_ENV } from '../auth/helpers.js';
import { copySampleSite, startApp } from '../helpers/project.js';

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const ARTICLE = 'leo9mpmgjqi9e4y3lvswznjb'; // slug "beautiful-mountains-of-norway"

/** The sample site, its meta-social component (inside seo, inside articles) given a uid `handle` from its `title`. */
function siteWithComponentUid(): string {
  const root = copySampleSite();
  const file = join(root, 'schemas/components/shared/meta-social.json');
  const schema = JSON.parse(readFileSync(file, 'utf8'));
  schema.attributes.handle = { type: 'uid', targetField: 'title' };
  writeFileSync(file, JSON.stringify(schema));
  return root;
}

async function site() {
  const app = await startApp(siteWithComponentUid(), { env: TEST_ENV });
  const full = (await app.cms.auth.tokens.create({ name: 'all', type: 'full-access' })).accessKey;
  const reader = (await app.cms.auth.tokens.create({ name: 'reader', type: 'read-only' })).accessKey;
  const generate = (body: unknown, key = full) => app.sendJson('POST', '/admin/api/uid/generate', body, bearer(key));
  return { app, full, reader, generate };
}

describe('the studio\'s schema answer and uid generation', () => {
  it('lists every component with its attributes, so the studio can draw nested forms', async () => {
    const { app, full } = await site();
    const { body } = await app.getJson('/admin/api/schemas', { headers: bearer(full) });
    expect(Object.keys(body.meta.components).sort()).toEqual(['shared.media', 'shared.meta-social', 'shared.quote', 'shared.rich-text',
      'shared.seo', 'shared.slider']);
    const seo = body.meta.components['shared.seo'];
    expect(seo.attributes.map((attribute: { name: string; type: string }) => `${attribute.name}:${attribute.type}`))
      .toEqual(['metaTitle:string', 'metaDescription:text', 'shareImage:media', 'metaSocial:component']);
  });

  it('generates a uid from its targetField as a write would: slugged, and unique in the locale', async () => {
    const { generate } = await site();
    expect(await generate({ contentType: 'api::article.article', field: 'slug', data: { title: 'Déjà vu: Fjords & Ridges!' },
      locale: 'en' }))
      .toEqual({ status: 200, body: { data: 'deja-vu-fjords-ridges' } });
    // Another document already holds this slug in English: the server's rule appends -1.
    expect((await generate({ contentType: 'api::article.article', field: 'slug', data: { title: 'Beautiful mountains of Norway' },
      locale: 'en' })).body).toEqual({ data: 'beautiful-mountains-of-norway-1' });
    // The document that holds it keeps it.
    expect((await generate({ contentType: 'api::article.article', field: 'slug', data: { title: 'Beautiful mountains of Norway' },
      documentId: ARTICLE, locale: 'en' })).body).toEqual({ data: 'beautiful-mountains-of-norway' });
    expect((await generate({ contentType: 'api::article.article', field: 'slug', data: { title: '' } })).body).toEqual({ data: null });
  });

  it('generates a uid inside a component from its sibling targetField, the slug alone (a component\'s uid is unique nowhere)', async () => {
    const { generate } = await site();
    const body = { contentType: 'api::article.article', component: 'shared.meta-social', field: 'handle',
      data: { title: 'Norway in pictures' }, locale: 'en' };
    expect(await generate(body)).toEqual({ status: 200, body: { data: 'norway-in-pictures' } });
    // The article's own slug "beautiful-mountains-of-norway" does not count against a component's uid.
    expect((await generate({ ...body, data: { title: 'Beautiful mountains of Norway' } })).body)
      .toEqual({ data: 'beautiful-mountains-of-norway' });
    expect((await generate({ ...body, data: { title: '  ' } })).body).toEqual({ data: null });
  });

  it.each([
    [{ contentType: 'api::nope.nope', field: 'slug', data: {} }, 400, 'Unknown content type "api::nope.nope"'],
    [{ contentType: 'api::author.author', component: 'shared.meta-social', field: 'handle', data: {} }, 400,
      '"shared.meta-social" is no component of api::author.author'],
    [{ contentType: 'api::article.article', component: 'shared.nope', field: 'handle', data: {} }, 400,
      '"shared.nope" is no component of api::article.article'],
    [{ contentType: 'api::article.article', component: 'api::author.author', field: 'handle', data: {} }, 400,
      '"api::author.author" is no component of api::article.article'],
    [{ contentType: 'api::article.article', component: 'shared.meta-social', field: 'title', data: {} }, 400,
      '"title" is no uid attribute with a targetField in shared.meta-social'],
    [{ contentType: 'api::article.article', field: 'title', data: {} }, 400,
      '"title" is no uid attribute with a targetField in api::article.article'],
    [[1, 2], 400, 'Expected a JSON object { contentType, field, data }'],
  ])('refuses %j with %i', async (body, status, message) => {
    const { generate } = await site();
    const answer = await generate(body);
    expect([answer.status, answer.body.error.message]).toEqual([status, message]);
  });

  it('tells whether a uid value is free in the locale (any version of another document holds it), and a free one like it', async () => {
    const { app, full } = await site();
    const check = (body: unknown) => app.sendJson('POST', '/admin/api/uid/check', body, bearer(full));
    const body = { contentType: 'api::article.article', field: 'slug', value: 'beautiful-mountains-of-norway', locale: 'en' };
    expect(await check(body)).toEqual({ status: 200, body: { isAvailable: false, suggestion: 'beautiful-mountains-of-norway-1' } });
    // The document that holds it may keep it; another locale has its own values.
    expect((await check({ ...body, documentId: ARTICLE })).body).toEqual({ isAvailable: true, suggestion: null });
    expect((await check({ ...body, value: 'a-fresh-slug' })).body).toEqual({ isAvailable: true, suggestion: null });
  });

  it.each([
    [{ contentType: 'api::article.article', field: 'slug' }, 'Expected "value" to be a string'],
    [{ contentType: 'api::article.article', field: 'title', value: 'x' }, '"title" is no uid attribute in api::article.article'],
    [{ contentType: 'api::article.article', component: 'shared.meta-social', field: 'handle', value: 'x' },
      'A uid inside a component is unique nowhere: there is nothing to check'],
    [['x'], 'Expected a JSON object { contentType, field, value }'],
  ])('refuses to check %j', async (body, message) => {
    const { app, full, reader } = await site();
    const answer = await app.sendJson('POST', '/admin/api/uid/check', body, bearer(full));
    expect([answer.status, answer.body.error.message]).toEqual([400, message]);
    expect((await app.sendJson('POST', '/admin/api/uid/check', body, bearer(reader))).status).toBe(Array.isArray(body) ? 400 : 403);
  });

  it('asks for a credential that may write the type, and only answers POST', async () => {
    const { app, reader, generate } = await site();
    const anonymous = await app.sendJson('POST', '/admin/api/uid/generate',
      { contentType: 'api::article.article', field: 'slug', data: { title: 'x' } });
    expect(anonymous.status).toBe(401);
    expect((await generate({ contentType: 'api::article.article', field: 'slug', data: { title: 'x' } }, reader)).status).toBe(403);
    expect((await app.request('/admin/api/uid/generate')).status).toBe(405);
  });
});
