import { beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestServer } from '../helpers/project.js';
import { ALL_TITLES, ARTICLES as A, DRAFT_ONLY, ids, PUBLISHED_IDS } from './sample-site.js';

let server: TestServer;
beforeAll(async () => {
  server = await startApp();
});

const titles = (body: { data: { title: string }[] }) => body.data.map((entry) => entry.title);

describe('status (Strapi: notes §3.8, §6; core-service.ts REST default status published)', () => {
  it('lists published versions by default (drafts never appear)', async () => {
    const { body } = await server.getJson(`/api/articles?${ALL_TITLES}&fields[1]=publishedAt`);
    expect(ids(body)).toEqual(PUBLISHED_IDS);
    expect(body.data.every((entry: { publishedAt: string | null }) => typeof entry.publishedAt === 'string')).toBe(true);
  });

  it('status=draft lists every document\'s draft, never-published ones included, publishedAt null', async () => {
    const { body } = await server.getJson(`/api/articles?${ALL_TITLES}&fields[1]=publishedAt&status=draft`);
    expect(ids(body)).toEqual([...PUBLISHED_IDS, DRAFT_ONLY.oven, DRAFT_ONLY.apis, DRAFT_ONLY.tokyo]);
    expect(body.meta.pagination.total).toBe(16);
    expect(body.data.every((entry: { publishedAt: string | null }) => entry.publishedAt === null)).toBe(true);
  });

  it('a published document with a newer draft shows its old content by default and the edits with status=draft', async () => {
    const published = await server.getJson(`/api/articles/${A.bug}?fields=title`);
    const draft = await server.getJson(`/api/articles/${A.bug}?fields=title&status=draft`);
    expect(published.body.data).toEqual({ id: 76591878588698, documentId: A.bug, title: 'How I fixed a nasty bug in production' });
    expect(draft.body.data).toEqual({ id: 4052502392165549, documentId: A.bug, title: 'How I fixed a nasty Bug in production (updated)' });
  });

  it('a document whose draft equals its published version serves the same content under both, with different row ids', async () => {
    const published = await server.getJson(`/api/articles/${A.rome}?fields=title`);
    const draft = await server.getJson(`/api/articles/${A.rome}?fields=title&status=draft`);
    expect(draft.body.data.title).toBe(published.body.data.title);
    expect(draft.body.data.id).not.toBe(published.body.data.id);
  });

  it('a never-published document is found only with status=draft', async () => {
    expect((await server.getJson(`/api/articles/${DRAFT_ONLY.tokyo}`)).status).toBe(404);
    const { status, body } = await server.getJson(`/api/articles/${DRAFT_ONLY.tokyo}?status=draft&fields=title,publishedAt`);
    expect(status).toBe(200);
    expect(body.data).toEqual({ id: 518476077993012, documentId: DRAFT_ONLY.tokyo, title: 'Coffee shops of Tokyo', publishedAt: null });
  });

  it('filters see the requested status (the draft title matches only under status=draft)', async () => {
    const published = await server.getJson('/api/articles?filters[title][$containsi]=updated&fields=title');
    const draft = await server.getJson('/api/articles?filters[title][$containsi]=updated&fields=title&status=draft');
    expect(ids(published.body)).toEqual([]);
    expect(ids(draft.body)).toEqual([A.bug]);
  });

  it('status is ignored on a type without draft & publish', async () => {
    const plain = await server.getJson('/api/tags?fields=name');
    const draft = await server.getJson('/api/tags?fields=name&status=draft');
    expect(draft.body).toEqual(plain.body);
  });

  it('an unknown status is a 400 ValidationError (project choice; Strapi reads it as draft)', async () => {
    const { status, body } = await server.getJson('/api/articles?status=archived');
    expect(status).toBe(400);
    expect(body.error.name).toBe('ValidationError');
    expect(body.error.message).toContain('archived');
  });
});

describe('locale (Strapi: notes §3.7, §7)', () => {
  it('locale=fr lists the French versions', async () => {
    const { body } = await server.getJson(`/api/articles?${ALL_TITLES}&locale=fr&fields[1]=locale`);
    expect(ids(body)).toEqual([A.rome, A.pizza, A.norway, A.internet, A.shrimp]);
    expect(titles(body)).toEqual([
      'Le meilleur café de Rome', 'Pizza napolitaine : le guide du débutant', 'Les belles montagnes de Norvège', "L'enfant d'Internet",
      'Cette crevette est géniale',
    ]);
    expect(body.data.every((entry: { locale: string }) => entry.locale === 'fr')).toBe(true);
  });

  it('locale=fr&status=draft shows the French draft edits', async () => {
    const { body } = await server.getJson(`/api/articles/${A.pizza}?locale=fr&status=draft&fields=title`);
    expect(body.data.title).toBe('Pizza napolitaine : le guide complet du débutant');
  });

  it('locale=* lists every locale row, each a separate item, in creation order', async () => {
    const { body } = await server.getJson(`/api/articles?${ALL_TITLES}&locale=*&fields[1]=locale`);
    expect(body.meta.pagination.total).toBe(18);
    expect(body.data.slice(0, 3).map((entry: { documentId: string; locale: string }) => `${entry.documentId}:${entry.locale}`)).toEqual([
      `${A.rome}:en`, `${A.rome}:fr`, `${A.blackHole}:en`,
    ]);
  });

  it('locale=* answers each listed entry\'s own localizations empty, as Strapi 5.54 does (recorded: launchpad *.locale.all)', async () => {
    const { body } = await server.getJson(`/api/articles?${ALL_TITLES}&locale=*&fields[1]=locale&populate[localizations][fields][0]=locale`);
    expect(body.data.slice(0, 2).map((entry: { localizations: unknown[] }) => entry.localizations)).toEqual([[], []]);
    const one = await server.getJson(`/api/articles/${A.rome}?fields[0]=locale&populate[localizations][fields][0]=locale`);
    expect(one.body.data.localizations.map((entry: { locale: string }) => entry.locale)).toEqual(['fr']);
  });

  it('findOne in another locale', async () => {
    const { body } = await server.getJson(`/api/articles/${A.rome}?locale=fr&fields=title,locale`);
    expect(body.data).toEqual({ id: 7893674842037298, documentId: A.rome, title: 'Le meilleur café de Rome', locale: 'fr' });
  });

  it('an unknown locale lists nothing (not an error)', async () => {
    const { status, body } = await server.getJson('/api/articles?locale=de');
    expect(status).toBe(200);
    expect(body).toEqual({ data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } } });
  });

  it.each([
    ['an unknown locale', 'locale=de'],
    ['locale=* (a literal code on one document)', 'locale=*'],
    ['a locale the document is not translated into', 'locale=fr'],
  ])('findOne with %s is 404', async (_name, query) => {
    const documentId = query === 'locale=fr' ? A.bug : A.rome;
    const { status, body } = await server.getJson(`/api/articles/${documentId}?${query}`);
    expect(status).toBe(404);
    expect(body.error).toEqual({ status: 404, name: 'NotFoundError', message: 'Not Found', details: {} });
  });

  it('locale is ignored on a non-localized type', async () => {
    const plain = await server.getJson('/api/tags?fields=name');
    const french = await server.getJson('/api/tags?fields=name&locale=fr');
    expect(french.body).toEqual(plain.body);
  });

  it('relations resolve in the entry\'s locale; non-localized fields are shared', async () => {
    const { body } = await server.getJson(`/api/articles/${A.rome}?locale=fr&fields=title,views,featured&populate[tags][fields][0]=name`);
    expect(body.data).toMatchObject({ views: 120, featured: true });
    expect(body.data.tags.map((tag: { name: string }) => tag.name)).toEqual(['Coffee', 'Beautiful Places']);
  });
});

describe('publicationFilter and hasPublishedVersion (Strapi: notes §3.8, utils/src/publication-filter.ts)', () => {
  it.each([
    ['modified: the live rows of documents whose draft is newer', 'publicationFilter=modified', [A.bug, A.release]],
    ['modified with status=draft: the newer drafts', 'publicationFilter=modified&status=draft', [A.bug, A.release]],
    ['modified is per locale', 'publicationFilter=modified&locale=fr', [A.pizza]],
    ['unmodified', 'publicationFilter=unmodified&fields=title', PUBLISHED_IDS.filter((id) => id !== A.bug && id !== A.release)],
    ['never-published needs status=draft', 'publicationFilter=never-published&status=draft',
      [DRAFT_ONLY.oven, DRAFT_ONLY.apis, DRAFT_ONLY.tokyo]],
    ['never-published with the default status is empty (not an error)', 'publicationFilter=never-published', []],
    ['has-published-version with status=draft leaves out never-published drafts', 'publicationFilter=has-published-version&status=draft',
      PUBLISHED_IDS],
    ['published-without-draft is empty: every document keeps a draft', 'publicationFilter=published-without-draft', []],
    ['published-with-draft', 'publicationFilter=published-with-draft', PUBLISHED_IDS],
    ['hasPublishedVersion=false is never-published-document', 'hasPublishedVersion=false&status=draft',
      [DRAFT_ONLY.oven, DRAFT_ONLY.apis, DRAFT_ONLY.tokyo]],
    ['hasPublishedVersion=true is has-published-version-document', 'hasPublishedVersion=true&status=draft', PUBLISHED_IDS],
    ['publicationFilter wins over hasPublishedVersion', 'publicationFilter=modified&hasPublishedVersion=false', [A.bug, A.release]],
  ])('%s', async (_name, query, expected) => {
    const { status, body } = await server.getJson(`/api/articles?${ALL_TITLES}&${query}`);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(ids(body)).toEqual(expected);
    expect(body.meta.pagination.total).toBe(expected.length);
  });

  it('findOne of a document outside the cohort is 404', async () => {
    expect((await server.getJson(`/api/articles/${A.bug}?publicationFilter=modified`)).status).toBe(200);
    expect((await server.getJson(`/api/articles/${A.rome}?publicationFilter=modified`)).status).toBe(404);
  });

  it('has no effect on a type without draft & publish', async () => {
    const { body } = await server.getJson('/api/tags?publicationFilter=never-published');
    expect(body.meta.pagination.total).toBe(8);
  });

  it.each([
    ['publicationFilter=all', "Invalid value for 'publicationFilter'. Expected one of: never-published, has-published-version, modified, unmodified, never-published-document, has-published-version-document, published-without-draft, published-with-draft.", 'publicationFilter'],
    ['hasPublishedVersion=maybe', "Invalid value for 'hasPublishedVersion'. Expected boolean or 'true'/'false' string.",
      'hasPublishedVersion'],
  ])('%s is a 400 ValidationError', async (query, message, param) => {
    const { status, body } = await server.getJson(`/api/articles?${query}`);
    expect(status).toBe(400);
    expect(body.error).toEqual({ status: 400, name: 'ValidationError', message, details: { source: 'query', param } });
  });
});
