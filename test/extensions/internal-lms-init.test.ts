// `cms init --from-strapi` of strapi/internal-lms (test/extensions/internal-lms, rebuilt here in Strapi's own layout:
// src/api/*/content-types, src/components, src/extensions, src/index.js, the policy) as
// docs/guide/migrating-from-strapi.md says. The new project's schemas load unedited (a relation to admin::user, the user
// extended with a one-way relation), its src/index.js register() replaces the users-permissions OAuth login (through
// strapi.store, the providers services and strapi.db.query on users) and the site starts; its content API answers.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runCli } from '../../cli/program.js';
import { createCms } from '../../core/cms.js';
import { startProjectCode } from '../../core/extensions/start.js';
import { createApp } from '../../core/http/app.js';
import { EXTENSIONS } from '../../core/http/extensions.js';
import { projectRoutes } from '../../core/http/project-routes.js';

const SET = join(import.meta.dirname, 'internal-lms');
const work = mkdtempSync(join(tmpdir(), 'cms-internal-lms-init-'));
const ENV = { CMS_JWT_SECRET: 'internal-lms-jwt-secret-0123456789abcdef0123456789',
  CMS_API_TOKEN_SALT: 'internal-lms-salt-0123456789abcdef0123456789abcdef' };

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The project as its repository holds it: schemas under src/api and src/components, next to the code. */
function strapiLayout(): string {
  const project = join(work, 'backend');
  cpSync(join(SET, 'src'), join(project, 'src'), { recursive: true });
  cpSync(join(SET, 'schemas', 'api'), join(project, 'src', 'api'), { recursive: true });
  cpSync(join(SET, 'schemas', 'components'), join(project, 'src', 'components'), { recursive: true });
  return project;
}

it('cms init --from-strapi takes internal-lms as it is; its schemas, its register(), its content API and its extended user start', async () => {
  const root = join(work, 'site');
  let stderr = '';
  const code = await runCli(['init', root, '--from-strapi', strapiLayout(), '--dependency', '^0.1.0'], {
    stdout: { write: () => {} }, stderr: { write: (text: string) => (stderr += text) }, cwd: work, env: { ...process.env, CMS_ROOT: undefined },
  });
  expect(code, stderr).toBe(0);
  for (const file of ['src/index.js', 'src/policies/denyAccess.js', 'src/extensions/users-permissions/content-types/user/schema.json',
    'schemas/api/course-status/content-types/course-status/schema.json', 'schemas/components/user/section.json']) {
    expect(existsSync(join(root, file)), file).toBe(true);
  }
  expect(readFileSync(join(root, 'src/index.js'), 'utf8')).toBe(readFileSync(join(SET, 'src/index.js'), 'utf8'));
  // `npm install lodash` (its src/index.js requires it; in Strapi it comes with Strapi): this repository's packages here
  symlinkSync(join(import.meta.dirname, '..', '..', 'node_modules'), join(root, 'node_modules'), 'dir');
  const cms = await createCms({ root, env: ENV });
  try {
    // the code: register() puts its own OAuth login in place of Strapi's, which admits only @strapi.io addresses
    const code = await startProjectCode(cms);
    const { plugins } = (globalThis as { strapi?: any }).strapi;
    plugins['users-permissions'].services['providers-registry']
      .add('corp', { enabled: false, icon: '', grantConfig: {}, authCallback: async () => ({ email: 'ann@example.com' }) });
    await expect(plugins['users-permissions'].services.providers.connect('corp', { access_token: 'a' }))
      .rejects.toThrow('Forbidden email address');
    // the schemas and content: a course with admin-user authors, a status with nested components, the extended user
    const app = createApp(cms, { extensions: code ? [...EXTENSIONS, projectRoutes(code)] : EXTENSIONS });
    const token = (await cms.auth.tokens.create({ name: 'internal-lms', type: 'full-access' })).accessKey;
    const send = async (path: string, body?: object) => app.request(path, {
      method: body ? 'POST' : 'GET', body: body && JSON.stringify(body),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const course = await send('/api/courses', { data: { title: 'Intro', slug: 'intro' } });
    expect(course.status).toBe(201);
    const section = await send('/api/sections', { data: { name: 'Start' } });
    const ann = await send('/api/auth/local/register', { username: 'ann', email: 'ann@example.com', password: 'correct-horse' });
    const made = await send('/api/course-statuses', { data: { course: course.body.data.documentId, user: ann.body.user.documentId,
      progress: 10, sections: [{ section: section.body.data.documentId, modules: [] }] } });
    expect(made.status).toBe(201);
    const read = await send('/api/courses?fields[0]=title&populate[authors]=true');
    expect(read.body.data.map((row: { title: string; authors: unknown[] }) => [row.title, row.authors])).toEqual([['Intro', []]]);
    const status = await send(`/api/course-statuses/${made.body.data.documentId}?fields[0]=progress&populate[user][fields][0]=username`
      + '&populate[sections][populate][section][fields][0]=name');
    expect(status.body.data).toMatchObject({ progress: 10, user: { username: 'ann' }, sections: [{ section: { name: 'Start' } }] });
    // the users routes populate the relations src/extensions adds to the user
    const user = await send(`/api/users/${ann.body.user.id}?fields[0]=username&populate[courseStatuses][fields][0]=progress&populate[goals]=true`);
    expect(user.body).toEqual({ id: ann.body.user.id, documentId: ann.body.user.documentId, username: 'ann',
      courseStatuses: [{ id: made.body.data.id, documentId: made.body.data.documentId, progress: 10 }], goals: [] });
    // the goals (a one-way relation from the user) are kept with the user; its course statuses are written on their own type
    const put = (body: object) => app.request(`/api/users/${ann.body.user.id}`, {
      method: 'PUT', body: JSON.stringify(body), headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    }).then(async (response) => ({ status: response.status, body: await response.json() }));
    expect((await put({ goals: [course.body.data.id] })).status).toBe(200);
    const goals = await send(`/api/users/${ann.body.user.id}?fields[0]=username&populate[goals][fields][0]=title`);
    expect(goals.body.goals.map((goal: { title: string }) => goal.title)).toEqual(['Intro']);
    // and filter through them (the user routes read the user's index row with the content engine)
    const byGoal = async (title: string) => (await send(`/api/users?filters[goals][title][$eq]=${title}&fields[0]=username`)).body;
    expect((await byGoal('Intro')).map((user: { username: string }) => user.username)).toEqual(['ann']);
    expect(await byGoal('Other')).toEqual([]);
    const refused = await put({ username: 'annie', courseStatuses: [] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('courseStatuses cannot be written here: a user keeps its own fields, role and one-way relations');
    expect(cms.auth.users.byId(ann.body.user.id)?.username).toBe('ann');
    expect((await put({ goals: ['nope'] })).status).toBe(400);
    expect(cms.auth.users.byId(ann.body.user.id)?.links).toEqual({ goals: [course.body.data.documentId] });
  } finally {
    await cms.close();
  }
}, 120_000);
