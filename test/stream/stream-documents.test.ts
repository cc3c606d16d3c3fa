import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { makeProject, REPO_ROOT } from '../helpers/project.js';
import { removeAfterFile } from '../helpers/temp-folders.js';

// Through the built library, as a static-site build imports it (npx tsc first).
const LIBRARY = pathToFileURL(join(REPO_ROOT, 'dist/core/index.js')).href;
const { streamDocuments } = await import(LIBRARY) as typeof import('../../core/index.js');

type Entry = Record<string, any>;
const collect = async (type: string, options: Parameters<typeof streamDocuments>[1]) => {
  const entries: Entry[] = [];
  for await (const entry of streamDocuments(type, options)) entries.push(entry);
  return entries;
};
const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const PAGE = {
  kind: 'collectionType', info: { singularName: 'page', pluralName: 'pages', displayName: 'Page' },
  options: { draftAndPublish: true }, pluginOptions: { i18n: { localized: true } },
  attributes: { title: { type: 'string' }, secret: { type: 'string', private: true }, views: { type: 'integer' }, body: { type: 'richtext' } },
};
const page = (front: string, body: string) => `---\n${front}\ncreatedAt: 2024-01-01T00:00:00.000Z\nupdatedAt: 2024-01-02T00:00:00.000Z\n---\n\n${body}\n`;
const pagesSite = (extra: Record<string, string> = {}) => makeProject({
  'cms.config.json': { locales: ['en', 'fr'], defaultLocale: 'en' },
  'schemas/api/page/content-types/page/schema.json': PAGE,
  'content/pages/beta.md': page('title: Beta\nsecret: hidden\nviews: 2', '# Beta\n\nThe *second* page.'),
  'content/pages/beta.fr.md': page('title: Bêta\nviews: 2', '# Bêta'),
  'content/pages/Zulu.md': page('title: Zulu', 'Upper case sorts first.'),
  'content/pages/alpha.md': page('title: Alpha', 'First.'),
  'content/pages/alpha.draft.md': page('title: "Alpha, edited"', 'First, edited.'),
  'content/pages/gamma.draft.md': page('title: Gamma', 'Never published.'),
  ...extra,
});

describe('streamDocuments', () => {
  it('answers every article of the sample site once, in documentId order, as findMany renders it, for each locale and status', async () => {
    const cms = await createCms({ root: REPO_ROOT, reportProblems: false });
    const queries = [{}, { locale: '*' }, { locale: 'fr', status: 'draft' as const }, { populate: ['author', 'tags', 'seo', 'cover', 'blocks'] }];
    for (const query of queries) {
      const streamed = await collect('api::article.article', { root: REPO_ROOT, ...query });
      const keys = streamed.map((entry) => `${entry.documentId}|${entry.locale}`);
      expect(new Set(keys).size).toBe(keys.length);
      expect(streamed.map((entry) => entry.documentId)).toEqual(streamed.map((entry) => entry.documentId).sort(byteOrder));
      const listed = await cms.documents('api::article.article').findMany({ ...query, sort: ['documentId:asc', 'locale:asc'] });
      const sorted = [...listed].sort((a, b) => byteOrder(String(a.documentId), String(b.documentId)) || byteOrder(String(a.locale), String(b.locale)));
      expect(streamed).toEqual(sorted);
      expect(streamed.length).toBeGreaterThan(0);
    }
  });

  it('reads Markdown pages: the body in the richtext attribute, drafts and locales by file name, private fields left out', async () => {
    const root = pagesSite();
    const published = await collect('pages', { root });
    expect(published.map((entry) => entry.title)).toEqual(['Zulu', 'Alpha', 'Beta']);
    expect(published[2]).toMatchObject({ documentId: 'beta', locale: 'en', views: 2, body: '# Beta\n\nThe *second* page.' });
    expect(published[2]).not.toHaveProperty('secret');
    expect(published[2].publishedAt).toBe('2024-01-02T00:00:00.000Z');
    const drafts = await collect('pages', { root, status: 'draft' });
    expect(drafts.map((entry) => [entry.title, entry.publishedAt])).toEqual([
      ['Zulu', null], ['Alpha, edited', null], ['Beta', null], ['Gamma', null],
    ]);
    const every = await collect('pages', { root, locale: '*' });
    expect(every.map((entry) => `${entry.documentId}.${entry.locale}`)).toEqual(['Zulu.en', 'alpha.en', 'beta.en', 'beta.fr']);
    expect(await collect('pages', { root, locale: 'fr', fields: ['title'] })).toEqual([
      { id: expect.any(Number), documentId: 'beta', title: 'Bêta' },
    ]);
  });

  it('reads a type in the fan-out layout (content/<type>/<xx>/<id>) and names a file in a sub-folder its id does not start with', async () => {
    const root = pagesSite({
      'cms.config.json': { locales: ['en', 'fr'], defaultLocale: 'en', content: { layout: { pages: 'fan-out' } } },
      'content/pages/de/delta.md': page('title: Delta', 'Fanned out.'),
      'content/pages/de/delta.fr.md': page('title: Delta FR', 'Déployé.'),
      'content/pages/xx/omega.md': page('title: Omega', 'In the wrong sub-folder.'),
    });
    const reported: string[] = [];
    const every = await collect('pages', { root, locale: '*', strict: false, report: (message) => reported.push(message) });
    expect(every.map((entry) => `${entry.documentId}.${entry.locale}`)).toEqual(['Zulu.en', 'alpha.en', 'beta.en', 'beta.fr', 'delta.en', 'delta.fr']);
    expect(reported).toEqual([expect.stringMatching(/^warning: content\/pages\/xx\/omega\.md: .*fan-out layout/)]);
    expect(every.find((entry) => entry.documentId === 'delta')).toMatchObject({ title: 'Delta', body: 'Fanned out.' });
    await expect(collect('pages', { root })).rejects.toThrow(/content\/pages\/xx\/omega\.md: .*fan-out layout/);
  });

  it('ends the stream on a malformed file, naming it with its line, after the documents before it', async () => {
    const root = pagesSite({ 'content/pages/bad.md': '---\ntitle: Bad\nviews: [1, 2\n---\n\nBroken.\n' });
    const seen: string[] = [];
    const reading = (async () => { for await (const entry of streamDocuments('pages', { root })) seen.push(entry.documentId as string); })();
    await expect(reading).rejects.toThrow(/Malformed content file:\n {2}content\/pages\/bad\.md:\d+:\d+: invalid YAML/);
    expect(seen).toEqual(['Zulu', 'alpha']);
  });

  it('with strict: false reports a malformed file with its line and goes on with the rest', async () => {
    const root = pagesSite({ 'content/pages/bad.md': '---\ntitle: Bad\nviews: lots\n---\n' });
    const reported: string[] = [];
    const entries = await collect('pages', { root, strict: false, report: (message) => reported.push(message) });
    expect(entries.map((entry) => entry.documentId)).toEqual(['Zulu', 'alpha', 'beta']);
    expect(reported).toEqual([expect.stringMatching(/^warning: content\/pages\/bad\.md:3:\d+: .*views/)]);
  });

  it('populates relations from their own types and refuses a populate that leads back to the streamed type', async () => {
    const [article] = await collect('articles', { root: REPO_ROOT, populate: { author: { fields: ['name'] } }, batchSize: 2 });
    const cms = await createCms({ root: REPO_ROOT, reportProblems: false });
    const expected = await cms.documents('articles').findOne({ documentId: article.documentId, populate: { author: { fields: ['name'] } } });
    expect(article.author).toEqual(expected!.author);
    await expect(collect('articles', { root: REPO_ROOT, populate: { author: { populate: ['articles'] } } }))
      .rejects.toThrow('stream cannot populate author.articles: it leads back to the streamed type api::article.article');
    await expect(collect('articles', { root: REPO_ROOT, populate: ['localizations'] })).rejects.toThrow('stream cannot populate localizations');
    await expect(collect('nothing', { root: REPO_ROOT })).rejects.toThrow('Unknown content type "nothing"');
  });

  it('holds a batch, not the type: the heap stays under a fraction of the content while 10,000 pages stream', () => {
    const root = removeAfterFile(mkdtempSync(join(tmpdir(), 'stream-heap-')));
    const script = `
      const { generatePages } = await import(${JSON.stringify(pathToFileURL(join(REPO_ROOT, 'bench/static-build.mjs')).href)});
      const { streamDocuments } = await import(${JSON.stringify(LIBRARY)});
      generatePages(10000, ${JSON.stringify(join(root, 'site'))});
      let count = 0, chars = 0, base = 0, peak = 0;
      for await (const page of streamDocuments('pages', { root: ${JSON.stringify(join(root, 'site'))} })) {
        count++; chars += page.body.length;
        if (count % 1000 === 0) { global.gc(); const heap = process.memoryUsage().heapUsed; if (count === 1000) base = heap; peak = Math.max(peak, heap - base); }
      }
      console.log(JSON.stringify({ count, chars, peak }));`;
    const out = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 170_000 });
    const { count, chars, peak } = JSON.parse(out.trim().split('\n').pop()!);
    expect(count).toBe(10_000);
    // ~15 MB of Markdown went through; a stream that kept the pages (or their parses) would grow by more than that.
    expect(chars).toBeGreaterThan(14_000_000);
    expect(peak).toBeLessThan(chars / 8);
  }, 180_000);
});
