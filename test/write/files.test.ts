import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { newDocumentId } from '../../core/service/document-id.js';
import { changedLines, SAMPLE, writeServer, type WriteServer } from './helpers.js';

let server: WriteServer;
beforeAll(async () => {
  server = await writeServer();
});

const bytes = (path: string) => readFileSync(join(server.root, path));
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('writing unchanged values leaves the file byte-identical', () => {
  it.each([
    ['JSON (D&P, published)', `/api/articles/${SAMPLE.pizza}`, `content/articles/${SAMPLE.pizza}.json`,
      { title: "Pizza napoletana: a beginner's guide", views: 300, tags: ['xtz95ocp12m1qmx0g0kdpo1f', 'u7bpk4vxqbablh5fs3z1unor'] }],
    ['YAML (D&P, published)', `/api/articles/${SAMPLE.coffee}`, `content/articles/${SAMPLE.coffee}.yaml`,
      { description: 'V60, AeroPress, French press and moka pot, side by side.', featured: true }],
    ['Markdown (no D&P)', `/api/authors/${SAMPLE.david}`, `content/authors/${SAMPLE.david}.md`,
      { name: 'David Doe', email: 'daviddoe@strapi.io' }],
    ['JSON single type', '/api/global', 'content/globals/dw2603vqnv92za5syi7lurer.json', { siteName: 'Strapi Blog' }],
  ])('%s', async (_label, path, file, data) => {
    const before = bytes(file);
    const { status } = await server.put(path, data);
    expect(status).toBe(200);
    expect(bytes(file).equals(before)).toBe(true);
  });

  it('a component sent back whole, by its draft ids, changes nothing either', async () => {
    const file = `content/articles/${SAMPLE.pizza}.json`;
    const before = bytes(file);
    const draft = (await server.getJson(`/api/articles/${SAMPLE.pizza}?status=draft&populate[seo][populate]=metaSocial`)).body.data.seo;
    const { status } = await server.put(`/api/articles/${SAMPLE.pizza}`, { seo: draft });
    expect(status, JSON.stringify(draft)).toBe(200);
    expect(bytes(file).equals(before)).toBe(true);
  });

  it('a hand-ordered file with the same values is not rewritten into canonical order', async () => {
    const file = 'content/categories/mmugh04nffrwp1ynt1humcg0.json';
    const handOrdered = '{\n  "slug": "story",\n  "name": "Story",\n  "createdAt": "2025-01-09T11:40:18.650Z",\n  "updatedAt": "2025-01-09T11:40:18.650Z",\n  "publishedAt": "2025-01-09T11:40:18.650Z"\n}\n';
    writeFileSync(join(server.root, file), handOrdered);
    const fresh = await writeServer(server.root);
    await fresh.put('/api/categories/mmugh04nffrwp1ynt1humcg0', { name: 'Story' });
    expect(readFileSync(join(server.root, file), 'utf8')).toBe(handOrdered);
  });
});

describe('updating one field changes only its line(s) and the timestamps', () => {
  it('JSON, D&P default PUT: views, updatedAt and publishedAt (it is published again)', async () => {
    const file = `content/articles/${SAMPLE.pizza}.json`;
    const before = server.file(file)!;
    const { body } = await server.put(`/api/articles/${SAMPLE.pizza}`, { views: 301 });
    const after = server.file(file)!;
    expect(after.split('\n')).toHaveLength(before.split('\n').length);
    expect(changedLines(before, after)).toEqual([
      '  "views": 301,',
      `  "updatedAt": "${body.data.updatedAt}",`,
      `  "publishedAt": "${body.data.publishedAt}"`,
    ]);
    expect(body.data.updatedAt).toMatch(ISO);
  });

  it('JSON draft write on a document that already has a draft file: the field and updatedAt only', async () => {
    const file = 'content/articles/yxdq40wqbqefbjf1j34jttf3.draft.json';
    const before = server.file(file)!;
    const { body } = await server.sendJson('PUT', '/api/articles/yxdq40wqbqefbjf1j34jttf3?status=draft', { data: { views: 4 } });
    expect(changedLines(before, server.file(file)!)).toEqual(['  "views": 4,', `  "updatedAt": "${body.data.updatedAt}"`]);
  });

  it('YAML: the field\'s line and the timestamps; comments and quoting survive', async () => {
    const file = `content/articles/${SAMPLE.coffee}.yaml`;
    const original = server.file(file)!;
    const commented = original.replace('views: 88\n', '# hand-written note about views\nviews: 88 # inline\n');
    writeFileSync(join(server.root, file), commented);
    const fresh = await writeServer(server.root);
    const { status, body } = await fresh.put(`/api/articles/${SAMPLE.coffee}`, { views: 89 });
    expect(status).toBe(200);
    const after = fresh.file(file)!;
    expect(after).toContain('# hand-written note about views\n');
    expect(changedLines(commented, after)).toEqual([
      'views: 89 # inline',
      `updatedAt: "${body.data.updatedAt}"`,
      `publishedAt: "${body.data.publishedAt}"`,
    ]);
    expect(fresh.folder('articles')).toContain(`${SAMPLE.coffee}.yaml`);
  });

  it('YAML: a field the file lacks is inserted at its schema position, not appended', async () => {
    const file = `content/articles/${SAMPLE.release}.draft.yaml`;
    const { status } = await server.sendJson('PUT', `/api/articles/${SAMPLE.release}?status=draft`, { data: { cover: SAMPLE.avatar } });
    expect(status).toBe(200);
    const lines = server.file(file)!.split('\n');
    // The merge-safe layout: the new field comes with its blank line, like its neighbours.
    expect(lines.slice(0, 9)).toEqual([
      'title: "Release notes: bug bash week"', '',
      'description: Fifty-four issues closed (one more after the party).', '',
      'slug: release-notes-bug-bash-week', '',
      `cover: ${SAMPLE.avatar}`, '',
      'author: x1ishuc83unoyf6nt6ovwbvb',
    ]);
  });

  it('YAML: a new draft starts from the published file\'s text, so comments and layout carry over', async () => {
    const plainFile = `content/articles/${SAMPLE.coffee}.yaml`;
    writeFileSync(join(server.root, plainFile),
      `# Reviewed by the editor\n${server.file(plainFile)!.replace(/^# .*\n/gm, '').replace(/ # inline/, '')}`);
    const fresh = await writeServer(server.root);
    const { status, body } = await fresh.sendJson('PUT', `/api/articles/${SAMPLE.coffee}?status=draft`,
      { data: { title: 'Coffee methods, revised' } });
    expect(status).toBe(200);
    const plain = fresh.file(plainFile)!;
    const draft = fresh.file(`content/articles/${SAMPLE.coffee}.draft.yaml`)!;
    expect(draft.startsWith('# Reviewed by the editor\ntitle: Coffee methods, revised\n')).toBe(true);
    // Same lines but the title, updatedAt and the published-only publishedAt (the last line and the blank line before it, gone).
    expect(draft.split('\n')).toHaveLength(plain.split('\n').length - 2);
    expect(changedLines(plain, draft)).toEqual(['title: Coffee methods, revised', `updatedAt: "${body.data.updatedAt}"`, '', '']);
  });

  it('Markdown: front-matter field changes in place, the body is kept byte for byte', async () => {
    const file = `content/authors/${SAMPLE.david}.md`;
    const before = server.file(file)!;
    const { body } = await server.put(`/api/authors/${SAMPLE.david}`, { website: 'https://david.example.net' });
    const after = server.file(file)!;
    expect(changedLines(before, after)).toEqual([
      'website: https://david.example.net',
      `updatedAt: "${body.data.updatedAt}"`,
      `publishedAt: "${body.data.publishedAt}"`,
    ]);
    expect(after.slice(after.indexOf('\n---\n'))).toBe(before.slice(before.indexOf('\n---\n')));
  });

  it('Markdown: writing the body attribute rewrites the body, not the front matter fields; the value reads back exactly', async () => {
    const file = `content/authors/${SAMPLE.david}.md`;
    const { body } = await server.put(`/api/authors/${SAMPLE.david}`, { bio: 'A new **bio**.\n\nTwo paragraphs.' });
    expect(body.data.bio).toBe('A new **bio**.\n\nTwo paragraphs.');
    const text = server.file(file)!;
    expect(text.endsWith('---\n\nA new **bio**.\n\nTwo paragraphs.\n')).toBe(true);
    expect(text).not.toContain('bio:');
    expect((await server.getJson(`/api/authors/${SAMPLE.david}`)).body.data.bio).toBe('A new **bio**.\n\nTwo paragraphs.');
  });
});

describe('new files', () => {
  it('JSON: keys in schema order, then createdAt, updatedAt, publishedAt; 2-space indent; trailing newline', async () => {
    const { body } = await server.post('/api/articles', { views: 2, tags: [], featured: true, title: 'Ordered', description: 'd' });
    const text = server.file(`content/articles/${body.data.documentId}.json`)!;
    const { createdAt, updatedAt, publishedAt } = body.data;
    // The merge-safe layout: a blank line between fields.
    expect(text).toBe(`{\n  "title": "Ordered",\n\n  "description": "d",\n\n  "slug": "ordered",\n\n  "tags": [],\n\n  "views": 2,\n\n  "featured": true,\n\n  "createdAt": "${createdAt}",\n\n  "updatedAt": "${updatedAt}",\n\n  "publishedAt": "${publishedAt}"\n}\n`);
  });

  it('a new draft file has no publishedAt', async () => {
    const { body } = await server.sendJson('POST', '/api/articles?status=draft', { data: { title: 'Draft file' } });
    const stored = server.json(`content/articles/${body.data.documentId}.draft.json`);
    expect(Object.keys(stored)).toEqual(['title', 'slug', 'views', 'featured', 'createdAt', 'updatedAt']);
  });

  it('documentIds are 24 lowercase alphanumerics starting with a letter, and distinct', () => {
    const ids = Array.from({ length: 2000 }, () => newDocumentId());
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9]{23}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a POSTed document gets such an id and a file named after it', async () => {
    const { body } = await server.post('/api/tags', { name: 'Named file' });
    expect(body.data.documentId).toMatch(/^[a-z][a-z0-9]{23}$/);
    expect(server.folder('tags')).toContain(`${body.data.documentId}.json`);
  });

  it('DELETE removes every file of the document in the locale, and nothing else', async () => {
    const before = server.folder('articles');
    const id = 'epw01z20kac98v6t19d3eer8';
    await server.del(`/api/articles/${id}?locale=fr`);
    expect(before.filter((name) => !server.folder('articles').includes(name))).toEqual([`${id}.fr.draft.json`, `${id}.fr.json`]);
  });
});
