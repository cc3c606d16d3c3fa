// `cms init --from-strapi` of notum-cz/strapi-next-monorepo-starter's apps/strapi (test/extensions/notum, rebuilt here
// in Strapi's own layout: src/api/*/content-types, src/components, the code) as docs/guide/migrating-from-strapi.md
// says, then a start of the new project with no hand edits: the hero's color-picker custom field loads as the string
// Strapi registers it as, the bootstrap's lifecycle subscribers run, and the page controller answers its breadcrumbs.
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

const SET = join(import.meta.dirname, 'notum');
const work = mkdtempSync(join(tmpdir(), 'cms-notum-init-'));

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The project as its repository holds it (apps/strapi): schemas under src/api and src/components, next to the code. */
function strapiLayout(): string {
  const project = join(work, 'strapi');
  cpSync(join(SET, 'src'), join(project, 'src'), { recursive: true });
  cpSync(join(SET, 'schemas', 'api'), join(project, 'src', 'api'), { recursive: true });
  cpSync(join(SET, 'schemas', 'components'), join(project, 'src', 'components'), { recursive: true });
  cpSync(join(SET, 'strapi-project', 'package.json'), join(project, 'package.json'));
  return project;
}

it('cms init --from-strapi takes the notum starter as it is, and the new project starts and answers its breadcrumbs', async () => {
  const strapi = strapiLayout();
  const root = join(work, 'site');
  let stderr = '';
  const code = await runCli(['init', root, '--from-strapi', strapi, '--dependency', '^0.1.0'], {
    stdout: { write: () => {} }, stderr: { write: (text: string) => (stderr += text) }, cwd: work, env: { ...process.env, CMS_ROOT: undefined },
  });
  expect(code, stderr).toBe(0);
  for (const file of ['src/api/page/controllers/page.ts', 'src/utils/breadcrumbs.ts', 'src/lifeCycles/user.ts', 'src/index.ts',
    'schemas/api/page/content-types/page/schema.json', 'schemas/components/sections/hero.json']) {
    expect(existsSync(join(root, file)), file).toBe(true);
  }
  expect(readFileSync(join(root, 'src/api/page/controllers/page.ts'), 'utf8')).toBe(readFileSync(join(SET, 'src/api/page/controllers/page.ts'), 'utf8'));
  const cms = await createCms({ root, report: () => {}, env: { CMS_JWT_SECRET: 'notum-jwt-secret-0123456789abcdef0123456789abcdef',
    CMS_API_TOKEN_SALT: 'notum-salt-0123456789abcdef0123456789abcdef0123' } });
  try {
    const project = await startProjectCode(cms);
    const app = createApp(cms, { extensions: [...EXTENSIONS, projectRoutes(project!)] });
    // the new project grants the Public role nothing yet (init says so): ask with a token, as a migrated client would
    const token = (await cms.auth.tokens.create({ name: 'notum', type: 'full-access' })).accessKey;
    const send = async (path: string, body?: object) => app.request(path, {
      method: body ? 'POST' : 'GET', body: body && JSON.stringify(body),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const about = await send('/api/pages', { data: { title: 'About', slug: 'about', fullPath: '/about',
      content: [{ __component: 'sections.hero', title: 'About', bgColor: '#FFFFFF' }] } });
    expect(about.status).toBe(201);
    const team = await send('/api/pages', { data: { title: 'Team', slug: 'team', fullPath: '/about/team', parent: about.body.data.documentId } });
    expect(team.status).toBe(201);
    const found = await send('/api/pages?filters[fullPath][$eq]=%2Fabout%2Fteam');
    expect(found.body.meta.breadcrumbs).toEqual([{ title: 'About', fullPath: '/about' }, { title: 'Team', fullPath: '/about/team' }]);
  } finally {
    await cms.close();
  }
}, 120_000);
