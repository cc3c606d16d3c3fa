// `cms init --from-strapi` of Maher-Ri/hireroom-backend (test/extensions/hireroom, rebuilt here in Strapi's own
// layout: src/api/*/content-types, src/components, src/extensions, the code) as docs/guide/migrating-from-strapi.md
// says, then a start of the new project with no hand edits: init carries src/extensions (the user's added relations
// to applications and user details), and the new project starts and answers its own routes, the user's sides included.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runCli } from '../../cli/program.js';
import { createCms } from '../../core/cms.js';
import { startProjectCode } from '../../core/extensions/start.js';
import { createApp } from '../../core/http/app.js';
import { EXTENSIONS } from '../../core/http/extensions.js';
import { projectRoutes } from '../../core/http/project-routes.js';

const SET = join(import.meta.dirname, 'hireroom');
const work = mkdtempSync(join(tmpdir(), 'cms-hireroom-init-'));

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The project as its repository holds it: schemas under src/api and src/components, next to the code. */
function strapiLayout(): string {
  const project = join(work, 'hireroom-backend');
  cpSync(join(SET, 'src'), join(project, 'src'), { recursive: true });
  cpSync(join(SET, 'schemas', 'api'), join(project, 'src', 'api'), { recursive: true });
  cpSync(join(SET, 'schemas', 'components'), join(project, 'src', 'components'), { recursive: true });
  return project;
}

it('cms init --from-strapi takes the hireroom project as it is, its src/extensions included, and the new project starts', async () => {
  const strapi = strapiLayout();
  const root = join(work, 'site');
  let stderr = '';
  const code = await runCli(['init', root, '--from-strapi', strapi, '--dependency', '^0.1.0'], {
    stdout: { write: () => {} }, stderr: { write: (text: string) => (stderr += text) }, cwd: work, env: { ...process.env, CMS_ROOT: undefined },
  });
  for (const file of ['src/api/application/content-types/application/lifecycles.js', 'src/api/application/controllers/application.js',
    'src/api/user-detail/content-types/user-detail/lifecycles.js', 'schemas/api/job/content-types/job/schema.json',
    'schemas/components/shared/text-array.json', 'src/extensions/users-permissions/content-types/user/schema.json']) {
    expect(existsSync(join(root, file)), file).toBe(true);
  }
  expect(readFileSync(join(root, 'src/api/application/controllers/application.js'), 'utf8'))
    .toBe(readFileSync(join(SET, 'src/api/application/controllers/application.js'), 'utf8'));
  expect(code, stderr).toBe(0);
  const cms = await createCms({ root, env: { CMS_JWT_SECRET: 'hireroom-jwt-secret-0123456789abcdef0123456789',
    CMS_API_TOKEN_SALT: 'hireroom-salt-0123456789abcdef0123456789abcdef' } });
  try {
    const project = await startProjectCode(cms);
    const app = createApp(cms, { extensions: [...EXTENSIONS, projectRoutes(project!)] });
    // the new project grants the Public role nothing yet (init says so): ask with a token, as a migrated client would
    const token = (await cms.auth.tokens.create({ name: 'hireroom', type: 'full-access' })).accessKey;
    const jobs = await app.request('/api/jobs', { headers: { authorization: `Bearer ${token}` } });
    expect(jobs.status).toBe(200);
    expect(await jobs.json()).toEqual({ data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } } });
    // the relations to the user load with the extension's sides: an application links a registered user, who lists it
    const send = async (path: string, body?: object) => app.request(path, {
      method: body ? 'POST' : 'GET', body: body && JSON.stringify(body),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const ann = await send('/api/auth/local/register', { username: 'ann', email: 'ann@example.com', password: 'correct-horse' });
    expect(ann.status).toBe(200);
    const made = await send('/api/applications', { data: { skills: 'SQL', user: ann.body.user.documentId } });
    expect(made.status).toBe(201);
    const listed = await send('/api/applications?populate[user][fields][0]=username');
    expect(listed.body.data.map((row: { skills: string; user: { username: string } }) => [row.skills, row.user.username]))
      .toEqual([['SQL', 'ann']]);
  } finally {
    await cms.close();
  }
}, 120_000);
