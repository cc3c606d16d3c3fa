// The users-permissions APIs a project's register() and bootstrap call to replace the OAuth login (strapi/internal-lms's
// src/index.js does): strapi.store's users-permissions settings, the providers and providers-registry services, and
// strapi.db.query on users over the auth state. Each through a real start of project code, its answers logged.
import { describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { ProjectProblemsError } from '../../core/errors.js';
import { startProjectCode } from '../../core/extensions/start.js';
import { makeProject } from '../helpers/project.js';

const ARTICLE = {
  kind: 'collectionType', info: { singularName: 'article', pluralName: 'articles', displayName: 'Article' },
  options: { draftAndPublish: false }, attributes: { title: { type: 'string' } },
};
const ENV = { CMS_JWT_SECRET: 'users-permissions-apis-jwt-secret-0123456789abcdef', CMS_API_TOKEN_SALT: 'users-permissions-apis-salt-0123456789abcdef' };
const index = (register: string, bootstrap = '') =>
  `'use strict';\nmodule.exports = {\n  register({ strapi }) {\n${register}\n  },\n  async bootstrap({ strapi }) {\n${bootstrap}\n  },\n};\n`;

async function start(code: string, config: object = {}) {
  const logged: string[] = [];
  const root = makeProject({
    'schemas/api/article/content-types/article/schema.json': ARTICLE, 'cms.config.json': { permissions: { public: {} }, ...config },
    'src/index.js': code,
  });
  const cms = await createCms({ root, env: ENV, report: (line) => logged.push(line) });
  const error = await startProjectCode(cms).then(() => undefined, (thrown: unknown) => thrown);
  const info = logged.filter((line) => line.startsWith('[info] ')).map((line) => JSON.parse(line.slice(7)));
  return { cms, error, info };
}
const log = (expression: string) => `    strapi.log.info(JSON.stringify(${expression}));`;

describe('strapi.store', () => {
  it('answers users-permissions\' advanced settings from the config (registration closed) and Strapi\'s defaults', async () => {
    const { error, info, cms } = await start(index('', [
      "    const store = strapi.store({ type: 'plugin', name: 'users-permissions' });",
      log("await store.get({ key: 'advanced' })"), log("await strapi.store({ type: 'core', key: 'nothing' }).get()"),
    ].join('\n')), { auth: { register: false } });
    expect(error).toBeUndefined();
    expect(info).toEqual([{
      unique_email: true, allow_register: false, email_confirmation: false, email_reset_password: null,
      email_confirmation_redirection: null, default_role: 'authenticated',
    }, null]);
    await cms.close();
  });

  it('answers the grant settings with email the only enabled provider, and a provider register() adds', async () => {
    const { error, info, cms } = await start(index(
      "    strapi.plugin('users-permissions').service('providers-registry').add('corp', { enabled: false, icon: 'x', grantConfig: { key: 'k' } });",
      log("await strapi.store({ type: 'plugin', name: 'users-permissions', key: 'grant' }).get()"),
    ));
    expect(error).toBeUndefined();
    const grant = info[0] as Record<string, { enabled: boolean; icon: string; key?: string; callbackUrl?: string }>;
    expect(Object.entries(grant).filter(([, provider]) => provider.enabled).map(([name]) => name)).toEqual(['email']);
    expect(grant.github).toMatchObject({ enabled: false, icon: 'github', callbackUrl: '/api/auth/github/callback' });
    expect(grant.corp).toEqual({ enabled: false, icon: 'x', key: 'k' });
    await cms.close();
  });

  it('takes a set that writes back what it holds, and stops the start on one that would change it, naming the line', async () => {
    const same = await start(index('', "    const store = strapi.store({ type: 'plugin', name: 'users-permissions' });\n"
      + "    await store.set({ key: 'advanced', value: await store.get({ key: 'advanced' }) });"));
    expect(same.error).toBeUndefined();
    await same.cms.close();
    const changed = await start(index('', "    await strapi.store({ type: 'plugin', name: 'users-permissions' })"
      + ".set({ key: 'advanced', value: { allow_register: false } });"));
    expect(changed.error).toBeInstanceOf(ProjectProblemsError);
    expect((changed.error as ProjectProblemsError).problems[0].format())
      .toMatch(/^src\/index\.js:7:\d+: strapi\.store\(…\)\.set of "plugin_users-permissions_advanced" is not supported by gitcms/);
    await changed.cms.close();
  });
});

describe('the providers services', () => {
  it('keeps the connect a project\'s register() puts in place, and runs a provider it adds through the registry', async () => {
    const { error, info, cms } = await start(index(
      "    strapi.plugins['users-permissions'].services['providers'].connect = async (provider) => `replaced ${provider}`;\n"
        + "    strapi.plugin('users-permissions').service('providers-registry')"
        + ".add('corp', { enabled: false, icon: '', grantConfig: {}, authCallback: async ({ accessToken }) => ({ email: accessToken }) });",
      [
        log("await strapi.plugin('users-permissions').service('providers').connect('github', { access_token: 'a' })"),
        log("await strapi.plugin('users-permissions').service('providers-registry').run({ provider: 'corp', accessToken: 'me@x.io' })"),
        log("await strapi.plugin('users-permissions').service('providers-registry').run({ provider: 'nope' }).catch((e) => e.message)"),
        log("strapi.plugin('users-permissions').service('providers').buildRedirectUri('github')"),
      ].join('\n'),
    ));
    expect(error).toBeUndefined();
    expect(info).toEqual(['replaced github', { email: 'me@x.io' }, 'Unknown auth provider', 'http://localhost:1337/api/connect/github/callback']);
    await cms.close();
  });

  it('runs Strapi\'s own connect: no token is refused, and a built-in provider cannot be reached here', async () => {
    const { error, info, cms } = await start(index('', [
      "    const providers = strapi.plugin('users-permissions').service('providers');",
      log("await providers.connect('github', {}).catch((e) => e.message)"),
      log("await providers.connect('github', { access_token: 'a' }).catch((e) => e.message)"),
    ].join('\n')));
    expect(error).toBeUndefined();
    expect(info[0]).toBe('No access_token.');
    expect(info[1]).toContain('the github OAuth provider\'s callback is not supported by gitcms (OAuth providers cannot be enabled here)');
    await cms.close();
  });
});

describe("strapi.db.query('plugin::users-permissions.user')", () => {
  it('creates a local user in the default role, finds, counts and updates it, and the user signs in with its password', async () => {
    const { error, info, cms } = await start(index('', [
      "    const users = strapi.db.query('plugin::users-permissions.user');",
      "    const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });",
      "    const made = await users.create({ data: { username: 'ann', email: 'Ann@Example.com', password: 'correct-horse', role: role.id, "
        + "provider: 'local', confirmed: true, nickname: 'dropped' } });",
      log('[made.username, made.email, made.confirmed, made.role, made.nickname]'),
      log("(await users.findMany({ where: { email: 'ann@example.com' }, populate: ['role'] })).map((u) => [u.username, u.role.type])"),
      log("await users.count({ where: { confirmed: true } })"),
      log("(await users.update({ where: { id: made.id }, data: { blocked: true }, select: ['username', 'blocked'] }))"),
      log("await users.findOne({ where: { username: 'nobody' } })"),
    ].join('\n')));
    expect(error).toBeUndefined();
    expect(info).toEqual([['ann', 'ann@example.com', true, null, null], [['ann', 'authenticated']], 1,
      { username: 'ann', blocked: true }, null]);
    const user = cms.auth.users.byIdentifier('ann')!;
    expect(await cms.auth.users.checkPassword(user, 'correct-horse')).toBe(true);
    await cms.close();
  });

  it('refuses a user of an OAuth provider and one without a password, rather than keeping half of it', async () => {
    const { error, cms } = await start(index('', "    await strapi.db.query('plugin::users-permissions.user')"
      + ".create({ data: { username: 'gh', email: 'gh@x.io', provider: 'github', confirmed: true } });"));
    expect((error as ProjectProblemsError).problems[0].format()).toContain('a user of the github provider is not supported by gitcms');
    expect(cms.auth.users.all()).toEqual([]);
    await cms.close();
    const bare = await start(index('', "    await strapi.db.query('plugin::users-permissions.user')"
      + ".create({ data: { username: 'x1', email: 'x@x.io' } });"));
    expect((bare.error as ProjectProblemsError).problems[0].format()).toContain('a user without a password is not supported by gitcms');
    await bare.cms.close();
  });
});
