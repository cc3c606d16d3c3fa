// The bootstrap and lifecycle APIs real projects call (strapi.db.query, strapi.entityService, strapi.store, the i18n and
// users-permissions services, strapi.requestContext): what lies outside the supported subset stops the start with
// file:line:col, whether the scan at start-up sees it or bootstrap reaches it at run time; and the query engine's
// `where` matching, table-driven.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { ProjectProblemsError } from '../../core/errors.js';
import { matchesWhere, orderByPairs } from '../../core/extensions/query-where.js';
import { startProjectCode } from '../../core/extensions/start.js';
import { makeProject } from '../helpers/project.js';

const ARTICLE = {
  kind: 'collectionType', info: { singularName: 'article', pluralName: 'articles', displayName: 'Article' },
  options: { draftAndPublish: true }, attributes: { title: { type: 'string' } },
};
const PROJECT = { 'schemas/api/article/content-types/article/schema.json': ARTICLE, 'cms.config.json': { permissions: { public: {} } } };
const bootstrap = (body: string) => `'use strict';\nmodule.exports = {\n  async bootstrap({ strapi }) {\n${body}\n  },\n};\n`;

async function startError(files: Record<string, string>): Promise<unknown> {
  const cms = await createCms({ root: makeProject({ ...PROJECT, ...files }), report: () => {} });
  return startProjectCode(cms).then(() => undefined, (thrown: unknown) => thrown);
}
const problemLines = (error: unknown) => {
  expect(error).toBeInstanceOf(ProjectProblemsError);
  return (error as ProjectProblemsError).problems.map((problem) => problem.format());
};

describe('calls outside the supported subset stop the start, naming file:line:col', () => {
  it.each([
    ['a plugin table the query engine does not answer', "    await strapi.db.query('plugin::upload.file').findOne({ where: { name: 'a' } });",
      "src/index.js:4:11: strapi.db.query('plugin::upload.file') is not supported by gitcms"],
    ['a query-engine method outside the subset', "    await strapi.db.query('api::article.article').deleteMany({ where: {} });",
      "src/index.js:4:11: strapi.db.query('api::article.article').deleteMany is not supported by gitcms (here: findMany,"],
    ['a permission update (roles keep their grants in cms.config.json)',
      "    await strapi.query('plugin::users-permissions.permission').update({ where: { id: 1 }, data: { enabled: true } });",
      "src/index.js:4:11: strapi.db.query('plugin::users-permissions.permission').update is not supported by gitcms"],
    ['a core-store write of a setting cms.config.json does not hold',
      "    await strapi.store({ type: 'plugin', name: 'setup' }).set({ key: 'initHasRun', value: true });",
      'src/index.js:4:59: strapi.store(…).set of "plugin_setup_initHasRun" is not supported by gitcms (settings live in cms.config.json'],
    ['a plugin that is not loaded', "    await strapi.plugin('sentry').service('sentry').sendError(new Error('x'));",
      "src/index.js:4:11: strapi.plugin('sentry') is not supported by gitcms (plugins are not loaded"],
    ['a plugin that is not loaded, in the map form', "    await strapi.plugins['sentry'].services.sentry.sendError(new Error('x'));",
      "src/index.js:4:11: strapi.plugins['sentry'] is not supported by gitcms (plugins are not loaded"],
    ['an email service beside send\'s', "    await strapi.plugin('email').service('provider').send({});",
      "src/index.js:4:11: strapi.plugin('email').service('provider') is not supported by gitcms (of email: email)"],
    ['a plugin service beside the supported ones, in the map form', "    strapi.plugins['users-permissions'].services.jwt.issue({ id: 1 });",
      "src/index.js:4:5: strapi.plugins['users-permissions'].services['jwt'] is not supported by gitcms "
        + '(of users-permissions: role, providers, providers-registry)'],
    ['a plugin member other than its services, in the map form', '    strapi.plugins.upload.controllers.upload.find();',
      "src/index.js:4:5: strapi.plugins['upload'].controllers is not supported by gitcms (only services[name] is)"],
    ['a users-permissions service beside the role one', "    await strapi.plugin('users-permissions').service('user').add({});",
      "src/index.js:4:11: strapi.plugin('users-permissions').service('user') is not supported by gitcms "
        + '(of users-permissions: role, providers, providers-registry)'],
    ['an Entity Service method outside the subset', "    await strapi.entityService.load('api::article.article', {}, 'x');",
      'src/index.js:4:11: strapi.entityService.load is not supported by gitcms'],
    ['the database connection (Knex)', "    await strapi.db.connection('articles').first();",
      'src/index.js:4:11: strapi.db.connection is not supported by gitcms (of strapi.db only query(uid) and lifecycles.subscribe are)'],
    ['a type the project lacks', "    await strapi.db.query('api::nope.nope').findMany();",
      "src/index.js:4:11: strapi.query('api::nope.nope'): api::nope.nope is not in this project"],
  ])('%s', async (_name, line, expected) => {
    const [problem] = problemLines(await startError({ 'src/index.js': bootstrap(line) }));
    expect(problem.startsWith(expected), problem).toBe(true);
  });

  it('names the call a computed uid reaches while bootstrap runs, and does not start', async () => {
    const error = await startError({
      'src/index.js': bootstrap("    const uid = ['plugin::upload', 'file'].join('.');\n    await strapi.db.query(uid).findMany();"),
    });
    expect(problemLines(error)).toEqual([
      "src/index.js:5:21: strapi.db.query('plugin::upload.file') is not supported by gitcms "
        + "(the project's api:: content types, users, roles, permissions, locales); see docs/guide/extending.md for the supported API",
    ]);
  });

  it('refuses a grant for a type the project lacks, naming it, and leaves cms.config.json as it was', async () => {
    const body = "    const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' } });\n"
      + "    await strapi.db.query('plugin::users-permissions.permission').create({ data: { action: 'api::gone.gone.find', role: role.id } });";
    const root = makeProject({ ...PROJECT, 'src/index.js': bootstrap(body) });
    const cms = await createCms({ root, report: () => {} });
    await expect(startProjectCode(cms)).rejects.toThrow('The permission api::gone.gone.find names api::gone.gone, which is not a content type');
    expect(JSON.parse(readFileSync(join(root, 'cms.config.json'), 'utf8'))).toEqual(PROJECT['cms.config.json']);
  });

  it('refuses a grant of a custom action the config cannot hold, and leaves cms.config.json as it was so the site still starts', async () => {
    const body = "    const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' } });\n"
      + "    await strapi.db.query('plugin::users-permissions.permission').create({ data: { action: 'api::article.article.report', role: role.id } });";
    const root = makeProject({ ...PROJECT, 'src/index.js': bootstrap(body) });
    const cms = await createCms({ root, report: () => {} });
    await expect(startProjectCode(cms)).rejects.toThrow('The public role cannot be given api::article.article.report here');
    expect(JSON.parse(readFileSync(join(root, 'cms.config.json'), 'utf8'))).toEqual(PROJECT['cms.config.json']);
    await expect(createCms({ root, report: () => {} })).resolves.toBeDefined();
  });
});

describe('bootstrap code that changes the project\'s settings', () => {
  it('adds a locale through the i18n locales service, in cms.config.json, and finds it at once', async () => {
    const body = "    const locales = strapi.plugin('i18n').service('locales');\n"
      + "    if (!(await locales.findByCode('de'))) await locales.create({ name: 'German', code: 'de' });\n"
      + "    strapi.log.info(`locales ${(await locales.find()).map((locale) => locale.code).join(',')}`);";
    const root = makeProject({ ...PROJECT, 'src/index.js': bootstrap(body) });
    const logged: string[] = [];
    await startProjectCode(await createCms({ root, report: (line) => logged.push(line) }));
    expect(logged).toContain('[info] locales en,de');
    expect(JSON.parse(readFileSync(join(root, 'cms.config.json'), 'utf8')).locales).toEqual(['en', 'de']);
  });

  it('reaches a plugin service by its uid too, as strapi.service(\'plugin::users-permissions.role\')', async () => {
    const body = "    const roles = await strapi.service('plugin::users-permissions.role').find();\n"
      + "    strapi.log.info(roles.map((role) => `${role.type}:${role.nb_users}`).join(','));";
    const logged: string[] = [];
    await startProjectCode(await createCms({ root: makeProject({ ...PROJECT, 'src/index.js': bootstrap(body) }), report: (line) => logged.push(line) }));
    expect(logged).toContain('[info] authenticated:0,public:0');
  });

  it('grants the Public role the actions of the permission rows a role update names, as a template\'s bootstrap does', async () => {
    const body = "    const roles = strapi.db.query('plugin::users-permissions.role');\n"
      + "    const role = await roles.findOne({ where: { type: 'public' }, populate: ['permissions'] });\n"
      + "    const found = await strapi.db.query('plugin::users-permissions.permission')"
      + ".findMany({ where: { action: { $in: ['api::article.article.find'] } } });\n"
      + '    await roles.update({ where: { id: role.id }, data: { permissions: [...role.permissions, ...found].map((p) => p.id) } });';
    const root = makeProject({
      ...PROJECT, 'cms.config.json': { permissions: { public: {}, authenticated: { 'api::article.article': ['find'] } } },
      'src/index.js': bootstrap(body),
    });
    const cms = await createCms({ root, report: () => {} });
    await startProjectCode(cms);
    expect(JSON.parse(readFileSync(join(root, 'cms.config.json'), 'utf8')).permissions).toEqual({
      public: { 'api::article.article': ['find'] }, authenticated: { 'api::article.article': ['find'] },
    });
    expect(cms.contentApi.callerFor(null).can(cms.contentType('api::article.article'), 'find')).toBe(true);
  });
});

describe('the query engine on a draft-and-publish type (where it differs from Strapi: docs/guide/extending.md)', () => {
  it('publishes what it creates without publishedAt: null, with the draft every document has here, and writes the row its where finds first', async () => {
    const root = makeProject({ ...PROJECT, 'src/index.js': bootstrap('    strapi.log.info(\'ready\');') });
    const cms = await createCms({ root, report: () => {} });
    const code = await startProjectCode(cms);
    const articles = code!.strapi.db as { query(uid: string): Record<string, (params?: object) => Promise<unknown>> };
    const engine = articles.query('api::article.article');
    const made = await engine.create({ data: { title: 'A' }, select: ['title', 'publishedAt'] }) as Record<string, unknown>;
    expect(made).toEqual({ title: 'A', publishedAt: expect.any(String) });
    expect(await engine.create({ data: { title: 'Draft', publishedAt: null }, select: ['publishedAt'] })).toEqual({ publishedAt: null });
    await engine.delete({ where: { title: 'Draft' } });
    expect(await engine.findMany({ select: ['title', 'publishedAt'], orderBy: { publishedAt: 'asc' } })).toEqual([
      { title: 'A', publishedAt: null }, { title: 'A', publishedAt: expect.any(String) },
    ]);
    await engine.update({ where: { publishedAt: { $null: true } }, data: { title: 'B' } });
    expect(await engine.count({ where: { title: 'B' } })).toBe(1);
    // The published row now has a draft with unpublished edits: updating it would publish them, deleting one row would
    // delete both versions. Both stop, naming the call, and nothing changes.
    await expect(engine.update({ where: { publishedAt: { $notNull: true } }, data: { title: 'C' } }))
      .rejects.toThrow("strapi.db.query('api::article.article').update of a published row whose draft has unpublished changes");
    await expect(engine.delete({ where: { title: 'B' } }))
      .rejects.toThrow("strapi.db.query('api::article.article').delete of one row of a published document");
    expect(await engine.findMany({ select: ['title', 'publishedAt'], orderBy: { publishedAt: 'asc' } })).toEqual([
      { title: 'B', publishedAt: null }, { title: 'A', publishedAt: expect.any(String) },
    ]);
    // A draft that was never published goes as one row.
    await engine.create({ data: { title: 'Only a draft', publishedAt: null } });
    expect(await engine.delete({ where: { title: 'Only a draft' }, select: ['title'] })).toEqual({ id: expect.any(Number), title: 'Only a draft' });
    expect(await engine.count()).toBe(2);
  });

  it('refuses an orderBy through a relation rather than sorting by nothing', async () => {
    const root = makeProject({ ...PROJECT, 'src/index.js': bootstrap('    strapi.log.info(\'ready\');') });
    const code = await startProjectCode(await createCms({ root, report: () => {} }));
    const engine = (code!.strapi.db as { query(uid: string): Record<string, (params?: object) => Promise<unknown>> }).query('api::article.article');
    await expect(engine.findMany({ orderBy: { category: { name: 'asc' } } })).rejects.toThrow('an orderBy of {"category":{"name":"asc"}}');
  });
});

describe('the query engine\'s where, on in-memory rows', () => {
  const role = { id: 2, type: 'public', name: 'Public' };
  const permission = { id: 9, action: 'api::article.article.find', role };
  const relations = (row: Record<string, unknown>, name: string) => (name === 'role' ? [row.role as Record<string, unknown>] : undefined);
  it.each([
    [{ action: 'api::article.article.find' }, true],
    [{ action: { $in: ['api::article.article.find', 'x'] } }, true],
    [{ action: { $startsWith: 'api::' }, role: 2 }, true],
    [{ role: 3 }, false],
    [{ role: { type: 'public' } }, true],
    [{ role: { id: { $in: [1, 2] } } }, true],
    [{ $or: [{ id: 1 }, { action: { $containsi: 'ARTICLE' } }] }, true],
    [{ $not: { id: 9 } }, false],
    [{ id: { $gt: 9 } }, false],
    [{ action: { $null: true } }, false],
  ])('%j → %s', (where, expected) => {
    expect(matchesWhere(permission, where, relations)).toBe(expected);
  });

  it('names an operator it does not know', () => {
    expect(() => matchesWhere(permission, { id: { $near: 1 } }, relations)).toThrow('the where operator $near is not supported by gitcms');
  });

  it('reads orderBy in each of its forms', () => {
    expect(orderByPairs([{ views: 'DESC' }, 'title'])).toEqual([['views', 'desc'], ['title', 'asc']]);
  });
});
