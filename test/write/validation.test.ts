import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE, writeServer, type WriteServer } from './helpers.js';
import { validateProject } from '../../core/validate/validate-project.js';
import { startApp } from '../helpers/project.js';

let server: WriteServer;
let articlesBefore: string[];
beforeAll(async () => {
  server = await writeServer();
  articlesBefore = server.folder('articles');
});

/** Strapi's entity-validation envelope (YupValidationError, format-yup-error.ts). */
const invalid = (message: string, errors: unknown[]) => ({
  data: null,
  error: { status: 400, name: 'ValidationError', message, details: { errors } },
});
const T_TITLE = 'title must be a `string` type, but the final value was: `null`.';
const T_NAME = 'name must be a `string` type, but the final value was: `null`.';
const T_SEO = 'seo.metaTitle must be a `string` type, but the final value was: `null`.';
const problem = (path: string[], message: string, value?: unknown) =>
  value === undefined ? { path, message, name: 'ValidationError' } : { path, message, name: 'ValidationError', value };

describe('required (yup notNil / notNull)', () => {
  it('a missing required field on create → 400 `title must be defined.`, value omitted', async () => {
    // Non-D&P create validates the body as a creation: the missing key has no value.
    const { status, body } = await server.post('/api/tags', { color: 'red' });
    expect(status).toBe(400);
    expect(body).toEqual(invalid('name must be defined.', [problem(['name'], 'name must be defined.')]));
  });

  it('a D&P create publishes the draft row: a missing field is that row\'s null (value null)', async () => {
    // repository.ts create → createEntry(draft) → publish → createEntry(data read back from the draft row).
    const { status, body } = await server.post('/api/articles', { description: 'No title' });
    expect(status).toBe(400);
    // yup's string schema refuses the null before notNil runs (recorded from Strapi 5.54: conformance matrix.posts.create.missing.required)
    expect(body).toEqual(invalid(T_TITLE, [problem(['title'], T_TITLE, null)]));
  });

  // A typed yup schema (string, number, array) is not nullable: null fails its type check first,
  // on create and update alike (recorded: conformance invalid.create.title.null, invalid.update.title.null).
  it('null on create → yup\'s type error with value null', async () => {
    const { body } = await server.post('/api/tags', { name: null });
    expect(body).toEqual(invalid(T_NAME, [problem(['name'], T_NAME, null)]));
  });

  it('null on update of a type without D&P → the same type error', async () => {
    const { status, body } = await server.put(`/api/tags/${SAMPLE.coffeeTag}`, { name: null });
    expect(status).toBe(400);
    expect(body).toEqual(invalid(T_NAME, [problem(['name'], T_NAME, null)]));
  });

  it('null on a default PUT of a D&P type → the same type error', async () => {
    const { status, body } = await server.put(`/api/articles/${SAMPLE.coffee}`, { title: null });
    expect(status).toBe(400);
    expect(body).toEqual(invalid(T_TITLE, [problem(['title'], T_TITLE, null)]));
  });

  it('required is not enforced on drafts (status=draft)', async () => {
    const { status, body } = await server.sendJson('POST', '/api/articles?status=draft', { data: { description: 'Untitled draft' } });
    expect(status).toBe(201);
    expect(body.data.title).toBeNull();
  });
});

describe('several errors are returned together', () => {
  it('`2 errors occurred`, each with path, message, name and value, in schema order', async () => {
    // The draft write fails first, so the publish-time `title must be defined.` is not reached.
    const long = 'x'.repeat(81);
    const { status, body } = await server.post('/api/articles', { views: 1.5, description: long });
    expect(status).toBe(400);
    expect(body).toEqual(invalid('2 errors occurred', [
      problem(['description'], 'description must be at most 80 characters', long),
      problem(['views'], 'views must be an integer', 1.5),
    ]));
  });

  it('a type without D&P reports required and value errors together', async () => {
    const { body } = await server.post('/api/tags', { color: 'purple', slug: 'a b' });
    expect(body.error.message).toBe('3 errors occurred');
    expect(body.error.details.errors.map((error: { path: string[] }) => error.path.join('.'))).toEqual(['name', 'slug', 'color']);
  });
});

describe('unique (addUniqueValidator: same locale, other documents)', () => {
  it('a duplicate unique value → `This attribute must be unique` with the value', async () => {
    const { status, body } = await server.post('/api/tags', { name: 'Coffee' });
    expect(status).toBe(400);
    expect(body).toEqual(invalid('This attribute must be unique', [problem(['name'], 'This attribute must be unique', 'Coffee')]));
  });

  it('a document may keep its own unique value', async () => {
    const { status } = await server.put(`/api/tags/${SAMPLE.coffeeTag}`, { name: 'Coffee', color: 'blue' });
    expect(status).toBe(200);
  });

  it('uid attributes are unique per locale even without `unique: true`', async () => {
    const { status, body } = await server.post('/api/articles', { title: 'Another', slug: 'coffee-brewing-methods-compared' });
    expect(status).toBe(400);
    expect(body).toEqual(invalid('This attribute must be unique',
      [problem(['slug'], 'This attribute must be unique', 'coffee-brewing-methods-compared')]));
  });

  it('the same uid in another locale is allowed (unique per locale)', async () => {
    const { status, body } = await server.sendJson('POST', '/api/articles?locale=fr',
      { data: { title: 'Autre', slug: 'coffee-brewing-methods-compared' } });
    expect(status).toBe(201);
    expect(body.data.slug).toBe('coffee-brewing-methods-compared');
  });
});

describe('uid generated from targetField', () => {
  it('a missing uid is made from the target field', async () => {
    const { body } = await server.post('/api/articles', { title: 'Ça va? Très bien!' });
    expect(body.data.slug).toBe('ca-va-tres-bien');
  });

  it('a generated uid is kept unique in the locale with a -1, -2 suffix', async () => {
    const first = await server.post('/api/articles', { title: 'Coffee brewing methods compared' });
    const second = await server.post('/api/articles', { title: 'Coffee brewing methods compared' });
    expect(first.body.data.slug).toBe('coffee-brewing-methods-compared-1');
    expect(second.body.data.slug).toBe('coffee-brewing-methods-compared-2');
  });

  it('a uid with characters outside [A-Za-z0-9-_.~] is rejected with yup\'s matches message', async () => {
    const { body } = await server.post('/api/articles', { title: 'x', slug: 'has space' });
    expect(body).toEqual(invalid('slug must match the following: "/^[A-Za-z0-9-_.~]*$/"',
      [problem(['slug'], 'slug must match the following: "/^[A-Za-z0-9-_.~]*$/"', 'has space')]));
  });
});

describe('types and rules (validators.ts, yup messages)', () => {
  it('maxLength → `must be at most 80 characters`', async () => {
    const long = 'd'.repeat(81);
    const { body } = await server.post('/api/articles', { title: 't', description: long });
    expect(body).toEqual(invalid('description must be at most 80 characters',
      [problem(['description'], 'description must be at most 80 characters', long)]));
  });

  it('enumeration → yup oneOf over the enum plus null (so the list ends with ", ")', async () => {
    // validators.ts: yup.string().oneOf([...attr.enum, null]); yup joins the whitelist with ', '.
    const { body } = await server.post('/api/tags', { name: 'Purple tag', color: 'purple' });
    const message = 'color must be one of the following values: red, green, blue, yellow, ';
    expect(body).toEqual(invalid(message, [problem(['color'], message, 'purple')]));
  });

  it('email → `must be a valid email`', async () => {
    const { body } = await server.put(`/api/authors/${SAMPLE.david}`, { email: 'not-an-email' });
    expect(body).toEqual(invalid('email must be a valid email', [problem(['email'], 'email must be a valid email', 'not-an-email')]));
  });

  it('integer rejects a float: `must be an integer`', async () => {
    const { body } = await server.put(`/api/articles/${SAMPLE.coffee}`, { views: 2.5 });
    expect(body).toEqual(invalid('views must be an integer', [problem(['views'], 'views must be an integer', 2.5)]));
  });

  it('decimal accepts a float; integer and decimal accept numeric strings (yup casts, strict: false)', async () => {
    const { status, body } = await server.put(`/api/articles/${SAMPLE.coffee}`, { views: '90', readingTime: 7.25 });
    expect(status).toBe(200);
    expect(body.data.views).toBe(90);
    expect(body.data.readingTime).toBe(7.25);
  });

  it('a non-numeric string for a number → yup notType with the NaN cast', async () => {
    const { body } = await server.put(`/api/articles/${SAMPLE.coffee}`, { readingTime: 'abc' });
    const message = 'readingTime must be a `number` type, but the final value was: `NaN` (cast from the value `"abc"`).';
    // yup reports the value it cast to, NaN, which JSON prints as null (recorded: conformance invalid.update.count.string)
    expect(body).toEqual(invalid(message, [problem(['readingTime'], message, null)]));
  });

  it('a number for a string attribute is a type error (the string validator prevents casting)', async () => {
    const { body } = await server.put(`/api/authors/${SAMPLE.david}`, { website: 42 });
    const message = 'website must be a `string` type, but the final value was: `42`.';
    expect(body).toEqual(invalid(message, [problem(['website'], message, 42)]));
  });

  it('boolean accepts yup\'s casts ("true", "0") and rejects other strings', async () => {
    const ok = await server.put(`/api/articles/${SAMPLE.coffee}`, { featured: 'false' });
    expect(ok.body.data.featured).toBe(false);
    const { body } = await server.put(`/api/articles/${SAMPLE.coffee}`, { featured: 'yes' });
    const message = 'featured must be a `boolean` type, but the final value was: `"yes"`.';
    expect(body).toEqual(invalid(message, [problem(['featured'], message, 'yes')]));
  });
});

describe('components and dynamic zones', () => {
  it('a missing required field inside a component → path ["seo","metaTitle"]', async () => {
    const { status, body } = await server.post('/api/articles', { title: 'With seo', seo: { metaDescription: 'd' } });
    expect(status).toBe(400);
    // Checked when the draft row is published: the component row's missing column is null.
    expect(body).toEqual(invalid(T_SEO, [problem(['seo', 'metaTitle'], T_SEO, null)]));
  });

  it('inside a repeatable component the message uses yup\'s path (metaSocial[0]) and the path array the index', async () => {
    const { body } = await server.post('/api/articles', {
      title: 'With social', seo: { metaTitle: 'm', metaDescription: 'd',
        metaSocial: [{ socialNetwork: 'Twitter', title: 'ok' }, { socialNetwork: 'Twitter' }] },
    });
    const message = 'seo.metaSocial[1].title must be a `string` type, but the final value was: `null`.';
    expect(body).toEqual(invalid(message, [problem(['seo', 'metaSocial', '1', 'title'], message, null)]));
  });

  it('on a type without D&P a created component\'s missing required field has no value (the body is validated)', async () => {
    await server.del('/api/global');
    const { body } = await server.put('/api/global', { siteName: 's', siteDescription: 'd', defaultSeo: { metaDescription: 'd' } });
    expect(body).toEqual(invalid('defaultSeo.metaTitle must be defined.',
      [problem(['defaultSeo', 'metaTitle'], 'defaultSeo.metaTitle must be defined.')]));
  });

  it('a component that is not an object → type error', async () => {
    const { body } = await server.post('/api/articles', { title: 'Bad seo', seo: 'text' });
    expect(body.error.name).toBe('ValidationError');
    expect(body.error.details.errors[0].path).toEqual(['seo']);
  });

  it('a dynamic zone item of a component the zone does not list is stored and read back, as Strapi does', async () => {
    // recorded: invalid.create.zone.unknown.component and its .read cases
    const { status, body } = await server.post('/api/articles', { title: 'Odd zone', blocks: [{ __component: 'shared.seo', metaTitle: 'x',
      metaDescription: 'y' }] });
    expect(status).toBe(201);
    const read = await server.getJson(`/api/articles/${body.data.documentId}?fields[0]=title&populate=blocks`);
    expect(read.body.data.blocks).toEqual([{ id: expect.any(Number), __component: 'shared.seo', metaTitle: 'x', metaDescription: 'y' }]);
    // the content file holding it loads again, and cms validate finds nothing wrong with it
    const reloaded = await startApp(server.root, { report: () => {} });
    expect((await reloaded.getJson(`/api/articles/${body.data.documentId}?fields[0]=title&populate=blocks`)).body).toEqual(read.body);
    const problems = await validateProject(reloaded.cms);
    expect(problems.map((problem) => problem.format()).filter((line) => line.includes(body.data.documentId))).toEqual([]);
  });

  it('a dynamic zone item naming no component at all → 400 listing every component', async () => {
    const { status, body } = await server.post('/api/articles', { title: 'Bad zone', blocks: [{ __component: 'shared.nope',
      title: 'x' }] });
    expect(status).toBe(400);
    expect(body.error.details.errors[0]).toMatchObject({ path: ['blocks', '0', '__component'], value: 'shared.nope' });
    expect(body.error.details.errors[0].message).toMatch(/^blocks\[0\]\.__component must be one of the following values: .*shared\.seo/);
  });

  it('a dynamic zone item without __component → `blocks[0].__component is a required field`', async () => {
    const { body } = await server.post('/api/articles', { title: 'Zone', blocks: [{ title: 'x' }] });
    // Strapi's relations store then fails on the zone as well (recorded: conformance invalid.create.zone.missing.component)
    expect(body.error.message).toBe('2 errors occurred');
    expect(body.error.details.errors[0]).toEqual(problem(['blocks', '0', '__component'], 'blocks[0].__component is a required field'));
    expect(body.error.details.errors[1]).toMatchObject({
      path: [], message: 'Cannot build relations store from dynamiczone, component identifier is undefined',
      value: { title: 'Zone', blocks: [{ title: 'x' }] },
    });
  });

  it('fields inside a dynamic zone item are validated against its component', async () => {
    const { body } = await server.post('/api/articles', { title: 'Zone', blocks: [{ __component: 'shared.quote', title: 5 }] });
    const message = 'blocks[0].title must be a `string` type, but the final value was: `5`.';
    expect(body).toEqual(invalid(message, [problem(['blocks', '0', 'title'], message, 5)]));
  });
});

describe('relation and media targets must exist', () => {
  it('an unknown relation documentId → 400 `Document with id "x", locale "en" not found`, details {}', async () => {
    const { status, body } = await server.post('/api/articles', { title: 'Lost author', author: 'nosuchauthor' });
    expect(status).toBe(400);
    // The author type is not localized: Strapi prints the target's locale (null).
    expect(body).toEqual({ data: null, error: { status: 400, name: 'ValidationError',
      message: 'Document with id "nosuchauthor", locale "null" not found', details: {} } });
  });

  it('an unknown localized relation target names the source locale', async () => {
    const { status, body } = await server.put(`/api/categories/${SAMPLE.nature}`, { articles: ['x'] });
    // categories.articles is the inverse side; its owners (articles) are localized: the default locale.
    expect(status).toBe(400);
    expect(body).toEqual({ data: null, error: { status: 400, name: 'ValidationError',
      message: 'Document with id "x", locale "en" not found', details: {} } });
  });

  it('a media id that does not exist → 400 `1 relation(s) of type plugin::upload.file associated with this entity do not exist`', async () => {
    const { status, body } = await server.put(`/api/authors/${SAMPLE.david}`, { avatar: 999999 });
    expect(status).toBe(400);
    // The entity validator's root test (checkRelationsExist) fails: one problem with an empty path.
    // Its value is the entry as that test sees it (recorded: conformance invalid.create.cover.missing).
    const message = '1 relation(s) of type plugin::upload.file associated with this entity do not exist';
    expect(body).toEqual(invalid(message, [problem([], message, { avatar: { set: [{ id: 999999 }] }, publishedAt: expect.any(String) })]));
  });

  it('media accepts a file documentId, a row id and { id }', async () => {
    const file = (await server.getJson(`/api/authors/${SAMPLE.david}?populate=avatar`)).body.data.avatar;
    for (const value of [SAMPLE.avatar, file.id, { id: file.id }, String(file.id)]) {
      const { status, body } = await server.sendJson('PUT', `/api/authors/${SAMPLE.david}?populate=avatar`, { data: { avatar: value } });
      expect(status).toBe(200);
      expect(body.data.avatar.documentId).toBe(SAMPLE.avatar);
    }
  });
});

describe('nothing was written by a rejected request', () => {
  it('only the accepted creates added article files', () => {
    const added = server.folder('articles').filter((name) => !articlesBefore.includes(name));
    // draft without title, fr "Autre", "Ça va", two coffee copies, the zone with an unlisted component.
    expect(added).toHaveLength(6);
    expect(server.folder('articles').filter((name) => name.startsWith('.'))).toEqual([]);
  });
});
