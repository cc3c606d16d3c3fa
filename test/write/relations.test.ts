import { beforeAll, describe, expect, it } from 'vitest';
import { makeProject } from '../helpers/project.js';
import { writeServer, type WriteServer } from './helpers.js';

const AUTHOR = { david: 'g5nep3nk2vklh3r9oo6o7oju', amelie: 'nvys3yb5qcrc89ob002blkoe', kenji: 'x1ishuc83unoyf6nt6ovwbvb' };
const TAG = {
  coffee: 'b2hjgyg2kdh9a72boali13fe', openSource: 'cam30tzqd480rk3dlw4dc20m', bug: 'exbmmmu9xf6zi2zjekknrs34',
  photo: 'hxb94d9mzlcthpfatg6qqpcq', js: 's5que6tw9xi8hjptbh0q4ood', recipes: 'u7bpk4vxqbablh5fs3z1unor',
};

let server: WriteServer;
let articleId: string;
const file = () => `content/articles/${articleId}.json`;
const stored = () => server.json(file());
/** PUT a relation value and return what the file stores for it. */
const write = async (name: string, value: unknown) => {
  const { status, body } = await server.put(`/api/articles/${articleId}`, { [name]: value });
  expect(status, JSON.stringify(body)).toBe(200);
  return stored()[name];
};

beforeAll(async () => {
  server = await writeServer();
  const { body } = await server.post('/api/articles', { title: 'Relations playground' });
  articleId = body.data.documentId;
});

describe('to-one relation body shapes (notes §5.1)', () => {
  it.each([
    ['a documentId', () => AUTHOR.david, AUTHOR.david],
    ['{ documentId }', () => ({ documentId: AUTHOR.amelie }), AUTHOR.amelie],
    ['an array: the last item wins', () => [AUTHOR.david, AUTHOR.kenji], AUTHOR.kenji],
    ['{ connect: [...] }', () => ({ connect: [AUTHOR.amelie] }), AUTHOR.amelie],
    ['{ set: [...] }', () => ({ set: [{ documentId: AUTHOR.david }] }), AUTHOR.david],
  ])('%s', async (_label, value, expected) => {
    expect(await write('author', value())).toBe(expected);
  });

  it('a numeric row id (v4 style, number or numeric string) and { id } resolve to the document', async () => {
    const { body } = await server.getJson(`/api/authors/${AUTHOR.amelie}`);
    const rowId: number = body.data.id;
    expect(await write('author', rowId)).toBe(AUTHOR.amelie);
    await write('author', AUTHOR.david);
    expect(await write('author', { id: rowId })).toBe(AUTHOR.amelie);
    await write('author', AUTHOR.david);
    expect(await write('author', String(rowId))).toBe(AUTHOR.amelie);
  });

  it('{ disconnect: [current] } clears it; null clears it', async () => {
    await write('author', AUTHOR.david);
    expect(await write('author', { disconnect: [AUTHOR.david] })).toBeNull();
    await write('author', AUTHOR.david);
    expect(await write('author', null)).toBeNull();
  });

  it('the response populates the written relation on request', async () => {
    const { body } = await server.sendJson('PUT', `/api/articles/${articleId}?populate[author][fields][0]=name`,
      { data: { author: AUTHOR.kenji } });
    expect(body.data.author).toEqual({ id: expect.any(Number), documentId: AUTHOR.kenji, name: 'Kenji Tanaka' });
  });
});

describe('to-many relation body shapes and ordering', () => {
  it('an array of documentIds sets the list in that order', async () => {
    expect(await write('tags', [TAG.bug, TAG.coffee, TAG.js])).toEqual([TAG.bug, TAG.coffee, TAG.js]);
  });

  it('longhand objects mix { documentId } and { id }', async () => {
    const photoId = (await server.getJson(`/api/tags/${TAG.photo}`)).body.data.id;
    expect(await write('tags', [{ documentId: TAG.recipes }, { id: photoId }])).toEqual([TAG.recipes, TAG.photo]);
  });

  it('{ set } replaces the list in the given order', async () => {
    expect(await write('tags', { set: [TAG.js, TAG.bug] })).toEqual([TAG.js, TAG.bug]);
  });

  it('{ connect } appends (position end by default), { disconnect } removes', async () => {
    expect(await write('tags', { connect: [TAG.coffee] })).toEqual([TAG.js, TAG.bug, TAG.coffee]);
    expect(await write('tags', { disconnect: [TAG.bug] })).toEqual([TAG.js, TAG.coffee]);
    expect(await write('tags', { disconnect: [{ documentId: TAG.js }],
      connect: [{ documentId: TAG.photo }] })).toEqual([TAG.coffee, TAG.photo]);
  });

  it.each([
    ['before', { before: 'PHOTO' }, ['COFFEE', 'NEW', 'PHOTO', 'BUG']],
    ['after', { after: 'PHOTO' }, ['COFFEE', 'PHOTO', 'NEW', 'BUG']],
    ['start', { start: true }, ['NEW', 'COFFEE', 'PHOTO', 'BUG']],
    ['end', { end: true }, ['COFFEE', 'PHOTO', 'BUG', 'NEW']],
  ])('connect with position %s', async (_label, position, expected) => {
    const names: Record<string, string> = { COFFEE: TAG.coffee, PHOTO: TAG.photo, BUG: TAG.bug, NEW: TAG.openSource };
    await write('tags', [TAG.coffee, TAG.photo, TAG.bug]);
    const resolved = Object.fromEntries(Object.entries(position).map(([key, value]) => [key, typeof value === 'string' ? names[value]
      : value]));
    const list = await write('tags', { connect: [{ documentId: TAG.openSource, position: resolved }] });
    expect(list).toEqual(expected.map((name) => names[name]));
  });

  it('connect items are processed in order, each against the list so far; connecting a linked item moves it', async () => {
    await write('tags', [TAG.coffee, TAG.photo]);
    const list = await write('tags', { connect: [{ documentId: TAG.js, position: { start: true } },
      { documentId: TAG.coffee, position: { after: TAG.photo } }] });
    expect(list).toEqual([TAG.js, TAG.photo, TAG.coffee]);
  });

  it('[] and { set: [] } clear the list', async () => {
    expect(await write('tags', [])).toEqual([]);
    await write('tags', [TAG.js]);
    expect(await write('tags', { set: [] })).toEqual([]);
  });

  it('the populated list comes back in the stored order', async () => {
    await write('tags', [TAG.photo, TAG.bug, TAG.coffee]);
    const { body } = await server.getJson(`/api/articles/${articleId}?populate[tags][fields][0]=name`);
    expect(body.data.tags.map((tag: { documentId: string }) => tag.documentId)).toEqual([TAG.photo, TAG.bug, TAG.coffee]);
  });

  it('an unknown documentId in connect → 400 and the list is unchanged', async () => {
    const before = stored().tags;
    const { status, body } = await server.put(`/api/articles/${articleId}`, { tags: { connect: ['nosuchtag'] } });
    expect(status).toBe(400);
    expect(body.error.message).toBe('Document with id "nosuchtag", locale "null" not found');
    expect(stored().tags).toEqual(before);
  });
});

describe('stored once, on the owning side; the inverse side follows', () => {
  it('article.author is written into the article file only; author.articles lists the article', async () => {
    const authorFile = 'content/authors/nvys3yb5qcrc89ob002blkoe.json';
    const authorBefore = server.file(authorFile);
    await write('author', AUTHOR.amelie);
    expect(server.file(authorFile)).toBe(authorBefore);
    const { body } = await server.getJson(`/api/authors/${AUTHOR.amelie}?populate[articles][fields][0]=title`);
    expect(body.data.articles.map((article: { documentId: string }) => article.documentId)).toContain(articleId);
  });

  it('moving the article to another author moves it in both inverse lists', async () => {
    await write('author', AUTHOR.kenji);
    const amelie = (await server.getJson(`/api/authors/${AUTHOR.amelie}?populate=articles`)).body.data.articles;
    const kenji = (await server.getJson(`/api/authors/${AUTHOR.kenji}?populate=articles`)).body.data.articles;
    expect(amelie.map((article: { documentId: string }) => article.documentId)).not.toContain(articleId);
    expect(kenji.map((article: { documentId: string }) => article.documentId)).toContain(articleId);
  });

  it('tag.articles (many-to-many inverse) follows article.tags', async () => {
    await write('tags', [TAG.js]);
    const linked = async (tag: string) => (await server.getJson(`/api/tags/${tag}?populate=articles`)).body.data.articles
      .map((article: { documentId: string }) => article.documentId);
    expect(await linked(TAG.js)).toContain(articleId);
    expect(await linked(TAG.bug)).not.toContain(articleId);
  });

  // Strapi accepts relations written from either side (one join table); files store the owning
  // side only, so a write to author.articles rewrites the owning articles' `author` field.
  it('writing the inverse side links and unlinks the owning documents, in their files', async () => {
    await write('author', AUTHOR.kenji);
    const linked = await server.sendJson('PUT', `/api/authors/${AUTHOR.david}?populate=articles`,
      { data: { articles: { connect: [articleId] } } });
    expect(linked.status).toBe(200);
    expect(linked.body.data.articles.map((article: { documentId: string }) => article.documentId)).toContain(articleId);
    expect(stored().author).toBe(AUTHOR.david);
    // the link lives in the article; the author's own file keeps only the order it lists its articles in
    expect(server.file(`content/authors/${AUTHOR.david}.md`)).toMatch(new RegExp(`\\narticles:\\n(  - \\w+\\n)*  - ${articleId}\\n`));
    const unlinked = await server.sendJson('PUT', `/api/authors/${AUTHOR.david}`, { data: { articles: { disconnect: [articleId] } } });
    expect(unlinked.status).toBe(200);
    expect(stored().author).toBeNull();
  });

  it('the inverse side keeps connect order and position (Strapi 5.54, recorded: ord.*); a new owner leaves the target file alone', async () => {
    const { body } = await server.post('/api/tags', { name: 'Ordered' });
    const tag = body.data.documentId as string;
    const tagFile = `content/tags/${tag}.json`;
    const article = async (title: string) => (await server.post('/api/articles', { title, tags: [tag] })).body.data.documentId as string;
    const [first, second, third] = [await article('First'), await article('Second'), await article('Third')];
    expect(server.json(tagFile).articles).toBeUndefined(); // creation order is connect order: nothing to store
    const order = async () => (await server.getJson(`/api/tags/${tag}?populate[articles][fields][0]=title`)).body.data.articles
      .map((item: { documentId: string }) => item.documentId);
    expect(await order()).toEqual([first, second, third]);
    expect((await server.put(`/api/tags/${tag}`,
      { articles: { connect: [{ documentId: third, position: { before: first } }] } })).status).toBe(200);
    expect(await order()).toEqual([third, first, second]);
    expect(server.json(tagFile).articles).toEqual([third, first, second]);
    // an owner unlinking leaves the order, linking again goes last
    await server.put(`/api/articles/${first}`, { tags: { disconnect: [tag] } });
    expect(server.json(tagFile).articles).toEqual([third, second]);
    await server.put(`/api/articles/${first}`, { tags: { connect: [tag] } });
    expect(await order()).toEqual([third, second, first]);
  });

  it('an older owner linking later goes last, so the target keeps the connect order in its file', async () => {
    const { body } = await server.post('/api/tags', { name: 'Late' });
    const tag = body.data.documentId as string;
    const older = (await server.post('/api/articles', { title: 'Older' })).body.data.documentId as string;
    const newer = (await server.post('/api/articles', { title: 'Newer', tags: [tag] })).body.data.documentId as string;
    await server.put(`/api/articles/${older}`, { tags: [tag] });
    const read = await server.getJson(`/api/tags/${tag}?populate[articles][fields][0]=title`);
    expect(read.body.data.articles.map((item: { documentId: string }) => item.documentId)).toEqual([newer, older]);
    expect(server.json(`content/tags/${tag}.json`).articles).toEqual([newer, older]);
  });

  it('an unknown owning document on the inverse side → 400 naming it', async () => {
    const { status, body } = await server.put(`/api/authors/${AUTHOR.david}`, { articles: ['nosucharticle'] });
    expect(status).toBe(400);
    expect(body.error.message).toBe('Document with id "nosucharticle", locale "en" not found');
  });

  it('deleting the target leaves the owning file alone; the dangling link is not served', async () => {
    const { body } = await server.post('/api/tags', { name: 'Short-lived' });
    await write('tags', [TAG.js, body.data.documentId]);
    await server.del(`/api/tags/${body.data.documentId}`);
    const read = await server.getJson(`/api/articles/${articleId}?populate=tags`);
    expect(read.body.data.tags.map((tag: { documentId: string }) => tag.documentId)).toEqual([TAG.js]);
  });
});

describe('relation targets and locales (id-map: the source locale is forced on localized targets)', () => {
  const localized = { pluginOptions: { i18n: { localized: true } } };
  let pages: Awaited<ReturnType<typeof writeServer>>;
  beforeAll(async () => {
    const root = makeProject({
      'cms.config.json': { locales: ['en', 'fr'], defaultLocale: 'en',
        permissions: { public: { page: ['find', 'findOne', 'create', 'update', 'delete'], section: ['find', 'findOne'] } } },
      'schemas/page.json': { kind: 'collectionType', info: { singularName: 'page', pluralName: 'pages' },
        options: { draftAndPublish: false }, ...localized,
        attributes: { title: { type: 'string' }, section: { type: 'relation', relation: 'manyToOne', target: 'api::section.section' } } },
      'schemas/section.json': { kind: 'collectionType', info: { singularName: 'section', pluralName: 'sections' },
        options: { draftAndPublish: false }, ...localized, attributes: { name: { type: 'string' } } },
      'content/sections/s1enonlyaaaaaaaaaaaaaaaa.json': { name: 'English only' },
      'content/pages/.gitkeep': '',
    });
    pages = await writeServer(root);
  });

  it('an unknown localized target names the source locale: locale "en"', async () => {
    const { status, body } = await pages.post('/api/pages', { title: 'p', section: 'nosuchsection' });
    expect(status).toBe(400);
    expect(body.error).toEqual({ status: 400, name: 'ValidationError', message: 'Document with id "nosuchsection", locale "en" not found',
      details: {} });
  });

  it('a target that exists only in another locale is not found from fr', async () => {
    const { status, body } = await pages.sendJson('POST', '/api/pages?locale=fr',
      { data: { title: 'p', section: 's1enonlyaaaaaaaaaaaaaaaa' } });
    expect(status).toBe(400);
    expect(body.error.message).toBe('Document with id "s1enonlyaaaaaaaaaaaaaaaa", locale "fr" not found');
  });

  it('in the same locale it links', async () => {
    const { status, body } = await pages.sendJson('POST', '/api/pages?populate=section',
      { data: { title: 'p', section: 's1enonlyaaaaaaaaaaaaaaaa' } });
    expect(status).toBe(201);
    expect(body.data.section).toMatchObject({ documentId: 's1enonlyaaaaaaaaaaaaaaaa', name: 'English only', locale: 'en' });
  });
});
