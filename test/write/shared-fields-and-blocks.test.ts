// Two of Strapi 5.54's write rules recorded on TomaszPilch/pzkogrodek-cms (test/extensions/pzkogrodek): a new locale of a
// type without draft & publish takes its required non-localized fields from the locale that holds them before they are
// checked, and a required rich-text (`blocks`) field set to null answers yup's array message (Strapi's blocks
// validator is a yup array), not notNull's.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeProject, startApp, type TestServer } from '../helpers/project.js';

const shared = { i18n: { localized: false } };
let server: TestServer;
beforeAll(async () => {
  server = await startApp(makeProject({
    'schemas/api/member/content-types/member/schema.json': {
      kind: 'collectionType', info: { singularName: 'member', pluralName: 'members', displayName: 'Member' },
      options: { draftAndPublish: false }, pluginOptions: { i18n: { localized: true } },
      attributes: { name: { type: 'string', required: true, pluginOptions: shared }, role: { type: 'string' } },
    },
    'schemas/api/info/content-types/info/schema.json': {
      kind: 'singleType', info: { singularName: 'info', pluralName: 'infos', displayName: 'Info' },
      options: { draftAndPublish: false }, attributes: { content: { type: 'blocks', required: true } },
    },
    'cms.config.json': { locales: ['pl', 'cs'], defaultLocale: 'pl', permissions: { public: {
      'api::member.member': ['find', 'findOne', 'create', 'update'], 'api::info.info': ['find', 'update'] } } },
  }));
});
afterAll(() => server.cms.close());

it('creates a locale of a type without draft & publish from its localized fields alone, the required shared ones held elsewhere', async () => {
  const made = await server.sendJson('POST', '/api/members', { data: { name: 'Jan Kowalski', role: 'Prezes' } });
  expect(made.status).toBe(201);
  const czech = await server.sendJson('PUT', `/api/members/${made.body.data.documentId}?locale=cs`, { data: { role: 'Předseda' } });
  expect(czech.status).toBe(200);
  expect(czech.body.data).toMatchObject({ locale: 'cs', name: 'Jan Kowalski', role: 'Předseda' });
});

it('still refuses a new document without the required field', async () => {
  const missing = await server.sendJson('POST', '/api/members', { data: { role: 'Nikt' } });
  expect(missing.status).toBe(400);
  expect(missing.body.error.message).toBe('name must be defined.');
});

it('answers yup\'s array message for a required blocks field set to null', async () => {
  const paragraph = [{ type: 'paragraph', children: [{ type: 'text', text: 'Hello' }] }];
  expect((await server.sendJson('PUT', '/api/info', { data: { content: paragraph } })).status).toBe(200);
  const cleared = await server.sendJson('PUT', '/api/info', { data: { content: null } });
  expect(cleared.status).toBe(400);
  expect(cleared.body.error.details.errors).toEqual([{ path: ['content'], name: 'ValidationError', value: null,
    message: 'content must be a `array` type, but the final value was: `null`.' }]);
});
