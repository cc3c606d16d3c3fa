// A policy written `return ctx.unauthorized(…)` returns undefined (Strapi's helpers set the answer and return), which
// as a policy's result is a pass; the answer it set is the refusal all the same: neither the built-in route's work
// (a core router's create, judged by the route gate) nor a custom route's controller runs, and that answer is sent.
import { describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { startProjectCode } from '../../core/extensions/start.js';
import { createApp } from '../../core/http/app.js';
import { EXTENSIONS } from '../../core/http/extensions.js';
import { projectRoutes } from '../../core/http/project-routes.js';
import { makeProject } from '../helpers/project.js';

const NOTE = {
  kind: 'collectionType', info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
  options: { draftAndPublish: false }, attributes: { text: { type: 'string' } },
};

async function serve() {
  const root = makeProject({
    'schemas/api/note/content-types/note/schema.json': NOTE,
    'cms.config.json': { permissions: { public: { 'api::note.note': ['find', 'create'] } } },
    'src/policies/signed-in.js': "module.exports = (ctx) => { if (!ctx.state.user) return ctx.unauthorized('Sign in first'); };\n",
    'src/policies/stamp.js': "module.exports = (ctx) => { ctx.set('X-Stamp', 'yes'); };\n",
    'src/api/note/routes/note.js': "module.exports = require('@strapi/strapi').factories.createCoreRouter('api::note.note', "
      + "{ config: { create: { auth: false, policies: ['global::signed-in'] } } });\n",
    'src/api/note/routes/more.js': "module.exports = { routes: [{ method: 'POST', path: '/notes-write', handler: 'note.write', "
      + "config: { auth: false, policies: ['global::signed-in', 'global::stamp'], middlewares: [async (ctx, next) => { ctx.set('X-Ran', 'yes'); await next(); }] } }] };\n",
    'src/api/note/controllers/note.js': "module.exports = require('@strapi/strapi').factories.createCoreController('api::note.note', ({ strapi }) => ({\n"
      + "  async write(ctx) { ctx.body = await strapi.documents('api::note.note').create({ data: { text: 'written' } }); },\n}));\n",
  });
  const cms = await createCms({ root, report: () => {} });
  const code = await startProjectCode(cms);
  const app = createApp(cms, { log: () => {}, extensions: [...EXTENSIONS, projectRoutes(code!)] });
  const post = async (path: string, body: unknown) => {
    const response = await app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, headers: response.headers, body: await response.json() };
  };
  return { cms, post };
}

describe('a policy that returns ctx.unauthorized()', () => {
  it('refuses a core route\'s create with its 401, and writes nothing', async () => {
    const { cms, post } = await serve();
    const answer = await post('/api/notes', { data: { text: 'sneaked in' } });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatchObject({ status: 401, name: 'UnauthorizedError', message: 'Sign in first' });
    expect(cms.index.rows('api::note.note')).toHaveLength(0);
    await cms.close();
  });

  it('refuses a custom route before the later policies, its middlewares and its controller, and writes nothing', async () => {
    const { cms, post } = await serve();
    const answer = await post('/api/notes-write', {});
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatchObject({ status: 401, name: 'UnauthorizedError', message: 'Sign in first' });
    expect(answer.headers.get('x-stamp')).toBeNull();
    expect(answer.headers.get('x-ran')).toBeNull();
    expect(cms.index.rows('api::note.note')).toHaveLength(0);
    await cms.close();
  });
});
