// `strapi.db.lifecycles.subscribe` in a project's bootstrap (Strapi 5's database lifecycles, as real projects use it:
// notum-cz/strapi-next-monorepo-starter subscribes to the users-permissions user): an object of hooks for the named
// models runs after the type's own lifecycles file on each write, a function gets every event, a subscriber naming
// users or admin users (kept by the auth state here, never written as documents) is taken with a warning at the start,
// and the other members of strapi.db stay refused before the project starts.
import { describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { ProjectProblemsError } from '../../core/errors.js';
import { startProjectCode } from '../../core/extensions/start.js';
import { createApp } from '../../core/http/app.js';
import { EXTENSIONS } from '../../core/http/extensions.js';
import { projectRoutes } from '../../core/http/project-routes.js';
import { makeProject } from '../helpers/project.js';

const type = (singularName: string, pluralName: string, attributes: object) => ({
  kind: 'collectionType', info: { singularName, pluralName, displayName: singularName }, options: { draftAndPublish: false }, attributes,
});
const SCHEMAS = {
  'schemas/api/article/content-types/article/schema.json': type('article', 'articles', { title: { type: 'string' }, slug: { type: 'string' } }),
  'schemas/api/note/content-types/note/schema.json': type('note', 'notes', { text: { type: 'string' } }),
  'cms.config.json': { permissions: { public: { 'api::article.article': ['find', 'create'], 'api::note.note': ['find'] } } },
  // the type's own lifecycles file runs first, then the subscribers in the order they subscribed
  'src/api/article/content-types/article/lifecycles.js':
    'module.exports = { beforeCreate(event) { event.params.data.slug = "file"; } };\n',
};

async function serve(index: string) {
  const logged: string[] = [];
  const root = makeProject({ ...SCHEMAS, 'src/index.js': index });
  const cms = await createCms({ root, report: (line) => logged.push(line) });
  const code = await startProjectCode(cms);
  const app = createApp(cms, { log: () => {}, extensions: [...EXTENSIONS, projectRoutes(code!)] });
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await app.request(path, { method, headers: { 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
    return { status: response.status, body: await response.json() };
  };
  return { cms, send, logged };
}

describe('strapi.db.lifecycles.subscribe', () => {
  it('runs a subscriber\'s hooks for the models it names after the type\'s lifecycles file, and a function subscriber for every event', async () => {
    const { cms, send } = await serve(`module.exports = { bootstrap({ strapi }) {
      strapi.db.lifecycles.subscribe({ models: ['api::article.article'],
        beforeCreate(event) { event.params.data.slug += '+subscriber'; },
        async afterCreate(event) { await strapi.documents('api::note.note').create({ data: { text: 'made ' + event.result.title } }); } });
      strapi.db.lifecycles.subscribe({ models: ['api::note.note'], beforeCreate(event) { event.params.data.text += '!'; } });
      strapi.db.lifecycles.subscribe((event) => { if (event.action === 'beforeCreate' && event.model.uid === 'api::note.note') event.params.data.text += '?'; });
    } };\n`);
    try {
      const made = await send('POST', '/api/articles', { data: { title: 'Hello' } });
      expect(made.status).toBe(201);
      expect(made.body.data.slug).toBe('file+subscriber');
      const notes = await send('GET', '/api/notes');
      expect(notes.body.data.map((note: { text: string }) => note.text)).toEqual(['made Hello!?']);
    } finally {
      await cms.close();
    }
  });

  it('takes a subscriber naming users or admin users with a warning that it does not run here, and refuses a malformed one', async () => {
    const { cms, logged } = await serve(`module.exports = { bootstrap({ strapi }) {
      strapi.db.lifecycles.subscribe({ models: ['plugin::users-permissions.user', 'admin::user'], afterCreate() {} });
    } };\n`);
    await cms.close();
    expect(logged.filter((line) => line.includes('lifecycles.subscribe'))).toEqual([
      'warning: strapi.db.lifecycles.subscribe: plugin::users-permissions.user is not one of this project\'s content types (users and admin '
      + 'users are kept by the auth state, not written as documents): its hooks here do not run',
      'warning: strapi.db.lifecycles.subscribe: admin::user is not one of this project\'s content types (users and admin '
      + 'users are kept by the auth state, not written as documents): its hooks here do not run',
    ]);
    await expect(serve('module.exports = { bootstrap({ strapi }) { strapi.db.lifecycles.subscribe({ models: \'api::note.note\' }); } };\n'))
      .rejects.toThrow('strapi.db.lifecycles.subscribe: models must be a list of uids');
  });

  it('still refuses the members of strapi.db beside query and lifecycles before the project starts, at their file and line', async () => {
    const root = makeProject({ ...SCHEMAS, 'src/index.js': 'module.exports = { async bootstrap({ strapi }) {\n  await strapi.db.connection("notes");\n} };\n' });
    const cms = await createCms({ root, report: () => {} });
    const error = await startProjectCode(cms).then(() => undefined, (thrown: unknown) => thrown);
    await cms.close();
    expect(error).toBeInstanceOf(ProjectProblemsError);
    expect((error as ProjectProblemsError).problems.map((problem) => problem.format())[0])
      .toContain('src/index.js:2:9: strapi.db.connection is not supported by gitcms (of strapi.db only query(uid) and lifecycles.subscribe are)');
  });

  it('answers strapi.plugin(\'email\').service(\'email\').send with a refusal naming it: this server sends no email', async () => {
    const { cms, send } = await serve(`module.exports = { bootstrap({ strapi }) {
      strapi.db.lifecycles.subscribe({ models: ['api::article.article'], async afterCreate() {
        try { await strapi.plugins['email'].services.email.send({ to: 'a@example.com' }); }
        catch (error) { await strapi.documents('api::note.note').create({ data: { text: error.message } }); } } });
    } };\n`);
    try {
      expect((await send('POST', '/api/articles', { data: { title: 'Mail' } })).status).toBe(201);
      const notes = await send('GET', '/api/notes');
      expect(notes.body.data[0].text).toMatch(/^strapi\.plugin\('email'\)\.service\('email'\)\.send is not supported by gitcms \(no email is sent here\)/);
    } finally {
      await cms.close();
    }
  });
});
