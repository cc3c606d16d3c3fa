// Strapi 5's database lifecycles run per row: a draft-and-publish document is a draft row and a published row, and a
// publishing write inserts the published row from the draft's values through the query engine, so the type's create
// hooks run once more for it (TomaszPilch/pzkogrodek-cms numbers its slugs past the rows already stored, the draft's
// among them). A PUT that makes a locale's first version creates that row: its create hooks run, not its update hooks.
// And the Document Service validates a body before the query engine runs the hooks: a hook never mends a refused body.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCms, type Cms } from '../../core/cms.js';
import { startProjectCode } from '../../core/extensions/start.js';
import { createApp } from '../../core/http/app.js';
import { EXTENSIONS } from '../../core/http/extensions.js';
import { projectRoutes } from '../../core/http/project-routes.js';
import { makeProject } from '../helpers/project.js';

// The project's rule, without its slugify dependency: a slug from the name, numbered past the rows that start with it.
const LIFECYCLES = `module.exports = {
  async beforeCreate(event) {
    const slug = String(event.params.data.name).toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const rows = await strapi.db.query('api::event.event').findMany({ where: { slug: { $startsWith: slug } } });
    let next = slug;
    for (let n = 1; rows.some((row) => row.slug === next); n += 1) next = slug + '-' + n;
    event.params.data.slug = next;
    event.params.data.hooks = (event.params.data.hooks ?? '') + 'c';
  },
  beforeUpdate(event) { event.params.data.hooks = 'u'; },
};\n`;

let cms: Cms;
let send: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;

beforeAll(async () => {
  const root = makeProject({
    'schemas/api/event/content-types/event/schema.json': {
      kind: 'collectionType', info: { singularName: 'event', pluralName: 'events', displayName: 'Event' },
      options: { draftAndPublish: true }, pluginOptions: { i18n: { localized: true } },
      attributes: { name: { type: 'string' }, slug: { type: 'string' }, hooks: { type: 'string' } },
    },
    'schemas/api/note/content-types/note/schema.json': {
      kind: 'collectionType', info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
      options: { draftAndPublish: false }, attributes: { title: { type: 'string', required: true } },
    },
    'src/api/note/content-types/note/lifecycles.js': 'module.exports = { beforeCreate(event) { event.params.data.title ??= "filled"; } };\n',
    'cms.config.json': { locales: ['pl', 'cs'], defaultLocale: 'pl' },
    'src/api/event/content-types/event/lifecycles.js': LIFECYCLES,
  });
  cms = await createCms({ root, report: () => {} });
  const token = (await cms.auth.tokens.create({ name: 'rows', type: 'full-access' })).accessKey;
  const app = createApp(cms, { log: () => {}, extensions: [...EXTENSIONS, projectRoutes((await startProjectCode(cms))!)] });
  send = async (method, path, body) => {
    const response = await app.request(path, {
      method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body && JSON.stringify(body) });
    return { status: response.status, body: await response.json() };
  };
});
afterAll(() => cms.close());

const slugs = async (documentId: string, locale = 'pl') => {
  const as = async (status: string) => (await send('GET', `/api/events/${documentId}?status=${status}&locale=${locale}`)).body.data;
  const [draft, published] = [await as('draft'), await as('published')];
  return { draft: draft.slug, published: published.slug, answered: [draft.hooks, published.hooks] };
};

it('runs beforeCreate for the draft row, then again for the published row, which keeps what that hook made', async () => {
  const made = await send('POST', '/api/events', { data: { name: 'Bal' } });
  expect(made.status).toBe(201);
  expect(made.body.data).toMatchObject({ slug: 'bal-1', hooks: 'cc' });
  expect(await slugs(made.body.data.documentId)).toEqual({ draft: 'bal', published: 'bal-1', answered: ['c', 'cc'] });
});

it('runs beforeCreate for the published row of a draft published by an update, after its beforeUpdate', async () => {
  const draft = await send('POST', '/api/events?status=draft', { data: { name: 'Ples' } });
  expect(draft.body.data).toMatchObject({ slug: 'ples', hooks: 'c' });
  const published = await send('PUT', `/api/events/${draft.body.data.documentId}`, { data: { name: 'Ples' } });
  expect(published.body.data).toMatchObject({ slug: 'ples-1', hooks: 'uc' });
});

it('leaves a draft write to its own hooks: no published row is made', async () => {
  const draft = await send('POST', '/api/events?status=draft', { data: { name: 'Szkic' } });
  const updated = await send('PUT', `/api/events/${draft.body.data.documentId}?status=draft`, { data: { name: 'Szkic' } });
  expect(updated.body.data).toMatchObject({ slug: 'szkic', hooks: 'u', publishedAt: null });
});

it('runs the create hooks, not the update hooks, for a PUT that makes a locale\'s first version', async () => {
  const made = await send('POST', '/api/events', { data: { name: 'Wigilia' } });
  const czech = await send('PUT', `/api/events/${made.body.data.documentId}?locale=cs`, { data: { name: 'Vanoce' } });
  expect(czech.status).toBe(200);
  expect(czech.body.data).toMatchObject({ locale: 'cs', slug: 'vanoce-1', hooks: 'cc' });
  const again = await send('PUT', `/api/events/${made.body.data.documentId}?locale=cs`, { data: { name: 'Vanoce' } });
  // publishing again replaces the published row: numbered past the draft's slug only, as Strapi deletes the old one first
  expect(again.body.data).toMatchObject({ slug: 'vanoce-1', hooks: 'uc' });
});

it('validates a body before the create hooks run: a required field a hook would fill is still refused', async () => {
  const refused = await send('POST', '/api/notes', { data: {} });
  expect(refused.status).toBe(400);
  expect(refused.body.error.message).toBe('title must be defined.');
  expect((await send('POST', '/api/notes', { data: { title: 'Mine' } })).body.data.title).toBe('Mine');
});
