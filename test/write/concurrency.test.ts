import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { createApp } from '../../core/http/app.js';
import { writeFileAtomic } from '../../core/storage/atomic-write.js';
import { SAMPLE, writableSite, writeServer } from './helpers.js';

describe('200 concurrent PUTs to one document', () => {
  it('every request is answered 200 with its own write; the final file is valid and holds the last applied write', async () => {
    const root = writableSite();
    const applied: number[] = [];
    const file = join(root, `content/articles/${SAMPLE.pizza}.json`);
    // The hook runs inside the document's lock, right after each write: it sees the order writes land in.
    const cms = await createCms({ root, afterWrite: () => { applied.push(JSON.parse(readFileSync(file, 'utf8')).views); } });
    const app = createApp(cms, { log: () => {} });
    const put = (views: number) => Promise.resolve(app.request(`/api/articles/${SAMPLE.pizza}`, {
      method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { views } }),
    }));

    const responses = await Promise.all(Array.from({ length: 200 }, (_, i) => put(1000 + i)));
    const bodies = await Promise.all(responses.map((response) => response.json()));

    expect(responses.map((response) => response.status)).toEqual(Array(200).fill(200));
    // Each answer shows the request's own value, not a later write's.
    expect(bodies.map((body) => body.data.views)).toEqual(Array.from({ length: 200 }, (_, i) => 1000 + i));
    expect(applied).toHaveLength(200);
    expect([...applied].sort()).toEqual(Array.from({ length: 200 }, (_, i) => 1000 + i));
    const final = JSON.parse(readFileSync(file, 'utf8'));
    expect(final.views).toBe(applied[applied.length - 1]);
    expect(final.title).toBe("Pizza napoletana: a beginner's guide");
    expect(cms.index.documentRows('api::article.article', SAMPLE.pizza).find((row) => row.locale === 'en'
      && row.status === 'published')!.data.views).toBe(final.views);
    expect(readdirSync(join(root, 'content/articles')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('concurrent PUTs to different fields of one document lose none of them (they are serialised)', async () => {
    const server = await writeServer();
    const fields = [{ views: 7 }, { featured: false }, { readingTime: 1.5 }, { publishDate: '2031-03-04' }, { description: 'Concurrent' }];
    const results = await Promise.all(fields.map((data) => server.put(`/api/articles/${SAMPLE.pizza}`, data)));
    expect(results.map((result) => result.status)).toEqual([200, 200, 200, 200, 200]);
    expect(server.json(`content/articles/${SAMPLE.pizza}.json`)).toMatchObject({ views: 7, featured: false, readingTime: 1.5,
      publishDate: '2031-03-04', description: 'Concurrent' });
  });

  it('50 concurrent POSTs create 50 documents with distinct ids and files', async () => {
    const server = await writeServer();
    const before = server.folder('tags').length;
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => server.post('/api/tags', { name: `Tag ${i}` })));
    expect(new Set(results.map((result) => result.status))).toEqual(new Set([201]));
    expect(new Set(results.map((result) => result.body.data.documentId)).size).toBe(50);
    expect(server.folder('tags')).toHaveLength(before + 50);
  });

  it('two concurrent first PUTs of a missing single type create one document', async () => {
    const server = await writeServer();
    await server.del('/api/global');
    const results = await Promise.all([
      server.put('/api/global', { siteName: 'A', siteDescription: 'a' }),
      server.put('/api/global', { siteName: 'B', siteDescription: 'b' }),
    ]);
    expect(results.map((result) => result.status)).toEqual([200, 200]);
    expect(server.folder('globals')).toHaveLength(1);
    expect(results[0].body.data.documentId).toBe(results[1].body.data.documentId);
  });

  it('concurrent creates whose uid is made from the same title get different uids (a writer replica takes every replica\'s writes)', async () => {
    const server = await writeServer();
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, at) => server.post('/api/articles', { title: `Same title${' '.repeat(at)}!` })),
    );
    expect(results.map((result) => result.status)).toEqual([201, 201, 201, 201]);
    const slugs = results.map((result) => result.body.data.slug);
    expect(new Set(slugs).size).toBe(4);
    expect([...slugs].sort()).toEqual(['same-title', 'same-title-1', 'same-title-2', 'same-title-3']);
  });
});

describe('the write path, loaded on a writer\'s first write', () => {
  it('writes asked before it is loaded land in the order they were asked, each answered with its own value', async () => {
    const root = writableSite();
    const file = join(root, `content/articles/${SAMPLE.pizza}.json`);
    const applied: number[] = [];
    const cms = await createCms({ root, afterWrite: () => { applied.push(JSON.parse(readFileSync(file, 'utf8')).views); } });
    const documents = cms.documents('articles');
    // All asked in one turn of the event loop, before the writer has its write path.
    const written = await Promise.all([11, 12, 13, 14].map((views) => documents.update({ documentId: SAMPLE.pizza, data: { views } })));
    expect(written.map((entry) => entry?.views)).toEqual([11, 12, 13, 14]);
    expect(applied).toEqual([11, 12, 13, 14]);
    // Loaded now: a write is the write path's own call, and a refused one still changes nothing.
    await expect(documents.update({ documentId: SAMPLE.pizza, data: { views: 'many' } })).rejects.toThrow();
    expect(JSON.parse(readFileSync(file, 'utf8')).views).toBe(14);
  });
});

describe('atomic writes', () => {
  it('a write interrupted between temp file and rename leaves the old file intact, and the loader ignores the temp file', async () => {
    const root = writableSite();
    const target = join(root, `content/articles/${SAMPLE.pizza}.json`);
    const before = readFileSync(target, 'utf8');
    // What the writer leaves behind if the process dies after writing the temp file: `.<name>.<random>.tmp`.
    writeFileSync(join(root, `content/articles/.${SAMPLE.pizza}.json.3f2a9c01b7de.tmp`), '{"title": "half writ');
    const server = await writeServer(root);
    expect(server.cms.problems()).toEqual([]);
    expect(readFileSync(target, 'utf8')).toBe(before);
    expect((await server.getJson(`/api/articles/${SAMPLE.pizza}`)).body.data.title).toBe("Pizza napoletana: a beginner's guide");
  });

  it('a failing rename leaves files and index exactly as before, without a stray temp file', async () => {
    const server = await writeServer();
    const folder = join(server.root, 'content/articles');
    // The draft's path is taken by a folder, so the final rename fails.
    mkdirSync(join(folder, `${SAMPLE.coffee}.draft.yaml`));
    const before = readdirSync(folder).sort();
    const plain = readFileSync(join(folder, `${SAMPLE.coffee}.yaml`), 'utf8');
    const { status, body } = await server.sendJson('PUT', `/api/articles/${SAMPLE.coffee}?status=draft`,
      { data: { title: 'Never written' } });
    expect(status).toBe(500);
    expect(body).toEqual({ data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' } });
    expect(readdirSync(folder).sort()).toEqual(before);
    expect(readFileSync(join(folder, `${SAMPLE.coffee}.yaml`), 'utf8')).toBe(plain);
    expect((await server.getJson(`/api/articles/${SAMPLE.coffee}?status=draft`)).body.data.title).toBe('Coffee brewing methods compared');
  });

  it('writeFileAtomic replaces the file whole and leaves no temp file', async () => {
    const root = writableSite();
    const path = join(root, 'content/tags/new.json');
    await writeFileAtomic(path, '{"name":"x"}\n');
    await writeFileAtomic(path, '{"name":"y"}\n');
    expect(readFileSync(path, 'utf8')).toBe('{"name":"y"}\n');
    expect(readdirSync(join(root, 'content/tags')).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});
