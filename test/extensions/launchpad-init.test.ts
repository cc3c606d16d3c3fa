// `cms init --from-strapi` of strapi/LaunchPad as it ships (its src/ in TypeScript, config/*.ts, package.json),
// reassembled from test/extensions/launchpad, then started as `cms serve` starts a project: no hand edits, no
// problem reported, and its route middlewares answer (find/findOne populate what they set).
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runCli } from '../../cli/program.js';
import { createApp } from '../../core/http/app.js';
import { EXTENSIONS } from '../../core/http/extensions.js';
import { projectRoutes } from '../../core/http/project-routes.js';
import { startProject } from './replay-project.js';

const SET = join(import.meta.dirname, 'launchpad');
const work = mkdtempSync(join(tmpdir(), 'cms-launchpad-init-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The Strapi project's tree: schemas into src/api/<api>/content-types and src/components, the code and config beside them. */
function strapiProject(): string {
  const strapi = join(work, 'launchpad-strapi');
  cpSync(join(SET, 'strapi-project'), strapi, { recursive: true });
  cpSync(join(SET, 'src'), join(strapi, 'src'), { recursive: true });
  cpSync(join(SET, 'schemas/components'), join(strapi, 'src/components'), { recursive: true });
  for (const api of readdirSync(join(SET, 'schemas/api'))) {
    mkdirSync(join(strapi, 'src/api', api), { recursive: true });
    cpSync(join(SET, 'schemas/api', api, 'content-types'), join(strapi, 'src/api', api, 'content-types'), { recursive: true });
  }
  return strapi;
}

it('cms init --from-strapi takes strapi/LaunchPad with its TypeScript back end, which then starts and answers unedited', async () => {
  const strapi = strapiProject();
  const site = join(work, 'site');
  let stderr = '';
  const code = await runCli(['init', site, '--from-strapi', strapi, '--dependency', '^0.1.0'], {
    stdout: { write: () => true }, stderr: { write: (text: string) => (stderr += text) }, cwd: work,
    env: { ...process.env, CMS_ROOT: undefined },
  });
  expect(code, stderr).toBe(0);
  expect(stderr).not.toContain('problem');
  for (const file of ['src/index.ts', 'src/api/page/middlewares/page-populate.ts', 'src/api/page/routes/page.ts']) {
    expect(readFileSync(join(site, file), 'utf8')).toBe(readFileSync(join(strapi, file), 'utf8'));
  }
  const logged: string[] = [];
  const { cms, code: project } = await startProject(site, logged);
  try {
    const app = createApp(cms, { log: (line) => logged.push(line), extensions: [...EXTENSIONS, projectRoutes(project!)] });
    const token = (await cms.auth.tokens.create({ name: 'init', type: 'full-access' })).accessKey;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await app.request('/api/pages', { method: 'POST', headers,
      body: JSON.stringify({ data: { slug: 'home', dynamic_zone: [{ __component: 'dynamic-zone.hero', heading: 'Hi', CTAs: [{ text: 'Go' }] }] } }) });
    expect(created.status).toBe(201);
    const found = await app.request('/api/pages?populate=nope', { headers });
    expect(found.status).toBe(200);
    const [page] = (await found.json()).data;
    // page-populate.ts set the populate (the client's invalid one is replaced): the zone's CTAs, seo, localizations.
    expect(page).toMatchObject({ slug: 'home', seo: null, localizations: [],
      dynamic_zone: [{ __component: 'dynamic-zone.hero', heading: 'Hi', CTAs: [{ text: 'Go', variant: 'primary' }] }] });
    expect((await app.request('/api/pages')).status).toBe(403);
  } finally {
    await cms.close();
  }
}, 120_000);
