// A private bucket's media URLs in what a project's own code answers: its core controller (super.find…),
// strapi.documents and strapi.entityService, as Strapi's upload plugin signs what its Document Service answers
// (a middleware on strapi.documents, which Strapi 5's entityService goes through), and not what db.query answers.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { startProjectCode } from '../../core/extensions/start.js';
import { createApp } from '../../core/http/app.js';
import { EXTENSIONS } from '../../core/http/extensions.js';
import { projectRoutes } from '../../core/http/project-routes.js';
import { S3_ENV, s3UploadConfig, startTestS3, type TestS3 } from '../helpers/s3.js';
import { makeImage, mediaSite, uploadForm } from './helpers.js';

let s3: TestS3;
beforeAll(async () => { s3 = await startTestS3(); Object.assign(process.env, S3_ENV); });
afterAll(async () => { for (const name of Object.keys(S3_ENV)) delete process.env[name]; await s3?.stop(); });

const CODE: Record<string, string> = {
  'src/api/article/controllers/article.js': "const { factories } = require('@strapi/strapi');\n"
    + "module.exports = factories.createCoreController('api::article.article', ({ strapi }) => ({\n"
    + '  async find(ctx) { return super.find(ctx); },\n'
    + "  async covers() { return (await strapi.documents('api::article.article').findMany({ populate: ['cover'] }))\n"
    + '    .filter((article) => article.cover).map((article) => article.cover.url); },\n'
    + '  async entity(ctx) {\n'
    + "    const uid = 'api::article.article'; const populate = ['cover']; const es = strapi.entityService;\n"
    + "    const made = await es.create(uid, { data: { title: 'E', cover: Number(ctx.query.file), publishedAt: new Date() }, populate });\n"
    + '    const one = await es.findOne(uid, made.id, { populate });\n'
    + '    const many = await es.findMany(uid, { filters: { documentId: made.documentId }, populate });\n'
    + "    const updated = await es.update(uid, made.id, { data: { title: 'E2' }, populate });\n"
    + "    const documents = strapi.documents(uid);\n"
    + "    const created = await documents.create({ data: { title: 'D', cover: Number(ctx.query.file) }, populate });\n"
    + "    const changed = await documents.update({ documentId: created.documentId, data: { title: 'D2' }, populate });\n"
    + '    const row = await strapi.db.query(uid).findOne({ where: { id: made.id }, populate });\n'
    + '    const files = { made: made.cover, one: one.cover, many: many[0].cover, updated: updated.cover,\n'
    + '      created: created.cover, changed: changed.cover };\n'
    + '    const page = await es.findPage(uid, { filters: { documentId: made.documentId }, populate });\n'
    + '    return { files, row: row.cover, paged: page.results[0].cover };\n'
    + '  },\n}));\n',
  'src/api/article/routes/01-custom.js': 'module.exports = { routes: ['
    + "{ method: 'GET', path: '/articles/covers', handler: 'article.covers' },\n"
    + "{ method: 'GET', path: '/articles/entity', handler: 'article.entity' }] };\n",
  'src/api/article/routes/article.js': "const { factories } = require('@strapi/strapi');\n"
    + "module.exports = factories.createCoreRouter('api::article.article');\n",
};

const signed = (url: string) => /[?&]X-Amz-Signature=/.test(url);

describe('a private bucket\'s media URLs in what project code answers', () => {
  it('a core controller\'s super.find, strapi.documents and strapi.entityService answer signed URLs that read the object; db.query does not', async () => {
    const bucket = await s3.bucket();
    const root = mediaSite({ upload: s3UploadConfig(s3.endpoint, bucket, { ACL: 'private' }) });
    const configFile = join(root, 'cms.config.json');
    const config = JSON.parse(readFileSync(configFile, 'utf8'));
    config.permissions.public['api::article.article'].push('covers', 'entity');
    // A site that lets shared caches keep answers: signed ones must still not be kept.
    config.server = { ...config.server, cacheControl: { '*': 'public, max-age=600' } };
    writeFileSync(configFile, JSON.stringify(config, null, 2));
    for (const [path, text] of Object.entries(CODE)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    const cms = await createCms({ root, env: {} });
    try {
      const code = await startProjectCode(cms);
      const app = createApp(cms, { log: () => {}, extensions: [...EXTENSIONS, projectRoutes(code!)] });
      const image = await makeImage(300, 200, 'png');
      const uploaded = await app.request('/api/upload', { method: 'POST', body: uploadForm([{ name: 'c.png', data: image, type: 'image/png' }]) });
      expect(uploaded.status).toBe(201);
      const [file] = await uploaded.json() as any[];
      const created = await app.request('/api/articles?status=published', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { title: 'T', cover: file.id } }),
      });
      expect(created.status).toBe(201);
      const { documentId } = (await created.json() as any).data;

      const listed = await app.request(`/api/articles?filters[documentId]=${documentId}&populate=cover`);
      const cover = (await listed.json() as any).data[0].cover;
      expect([cover.isUrlSigned, signed(cover.url)]).toEqual([true, true]);
      expect((await fetch(cover.url)).status).toBe(200);

      const answered = await app.request('/api/articles/covers');
      expect([answered.headers.get('cache-control'), answered.headers.get('etag')]).toEqual(['no-store', null]);
      const files = await app.request('/api/upload/files');
      expect([files.headers.get('cache-control'), files.headers.get('etag')]).toEqual(['no-store', null]);
      const covers = await answered.json() as string[];
      const ours = covers.find((url) => url.includes(file.hash));
      expect(ours && signed(ours)).toBe(true);

      // strapi.entityService's findOne, findMany, create and update, and strapi.documents' create and update: signed
      // (each format too); db.query's row is not, as in Strapi (its middleware is on the Document Service only).
      const entity = await app.request(`/api/articles/entity?file=${file.id}`);
      expect(entity.status).toBe(200);
      const { files: answers, row, paged } = await entity.json() as { files: Record<string, any>; row: any; paged: any };
      for (const [name, answered] of Object.entries(answers)) {
        expect([name, answered.isUrlSigned, signed(answered.url)]).toEqual([name, true, true]);
        for (const format of Object.values<any>(answered.formats)) expect([name, signed(format.url)]).toEqual([name, true]);
      }
      expect((await fetch(answers.updated.url)).status).toBe(200);
      expect([signed(row.url), 'isUrlSigned' in row]).toEqual([false, false]);
      // entityService.findPage is the query engine's page in Strapi (db.query, no middleware): not signed either.
      expect([signed(paged.url), 'isUrlSigned' in paged]).toEqual([false, false]);
      // Nothing signed reaches the stored entry.
      const stored = JSON.parse(readFileSync(join(root, `content/upload/${file.documentId}.json`), 'utf8'));
      expect(signed(stored.url)).toBe(false);
    } finally {
      await cms.close();
    }
  }, 120_000);
});
