// Custom controller actions in cms.config.json grants (`"api::article.article": ["find", "feature"]`): granted by the
// permission name Strapi's users-permissions lists (`api::article.article.feature`), they open the route handled by
// `article.feature` to the role; a name that is no action of the type's controller is refused with the config's
// file:line, in the CLI too.
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/program.js';
import { createCms } from '../../core/cms.js';
import { startProjectCode } from '../../core/extensions/start.js';
import { createApp } from '../../core/http/app.js';
import { EXTENSIONS } from '../../core/http/extensions.js';
import { projectRoutes } from '../../core/http/project-routes.js';
import { makeProject } from '../helpers/project.js';

const ARTICLE = {
  kind: 'collectionType', collectionName: 'articles', info: { singularName: 'article', pluralName: 'articles', displayName: 'Article' },
  options: { draftAndPublish: false }, attributes: { title: { type: 'string' } },
};
const CONTROLLER = "const { factories } = require('@strapi/strapi');\n"
  + "module.exports = factories.createCoreController('api::article.article', () => ({\n"
  + '  async feature() { return { featured: true }; },\n  async hidden() { return { hidden: true }; },\n}));\n';
const ROUTES = "module.exports = { routes: [\n  { method: 'GET', path: '/articles/feature', handler: 'article.feature' },\n"
  + "  { method: 'GET', path: '/articles/hidden', handler: 'api::article.article.hidden' },\n] };\n";
const configWith = (actions: string[]) =>
  `{\n  "permissions": {\n    "public": {\n      "api::article.article": ${JSON.stringify(actions)}\n    }\n  }\n}\n`;
const project = (actions: string[], code = true) => makeProject({
  'schemas/api/article/content-types/article/schema.json': ARTICLE, 'cms.config.json': configWith(actions),
  ...(code ? { 'src/api/article/controllers/article.js': CONTROLLER, 'src/api/article/routes/01-custom.js': ROUTES } : {}),
});

async function cli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) }, cwd: tmpdir(), env: { ...process.env, CMS_ROOT: undefined } });
  return { code, stdout, stderr };
}

describe('custom controller actions granted to a role in cms.config.json', () => {
  it('opens the route of a granted custom action to the Public role and keeps an ungranted one 403', async () => {
    const cms = await createCms({ root: project(['find', 'feature']), env: {} });
    const code = await startProjectCode(cms);
    const app = createApp(cms, { log: () => {}, extensions: [...EXTENSIONS, projectRoutes(code!)] });
    const granted = await app.request('/api/articles/feature');
    expect(granted.status).toBe(200);
    expect(await granted.json()).toEqual({ featured: true });
    const ungranted = await app.request('/api/articles/hidden');
    expect(ungranted.status).toBe(403);
    await cms.close();
  });

  it('refuses to start on an action the controller lacks, naming the config line and the actions there are', async () => {
    const cms = await createCms({ root: project(['find', 'featur']), env: {} });
    const started = startProjectCode(cms);
    await expect(started).rejects.toThrow(/cms\.config\.json:4:7: permissions\.public\.api::article\.article: "featur" is not an action/);
    await expect(started).rejects.toThrow(/its controller's custom actions are feature, hidden\) \(did you mean "feature"\?\)/);
    await cms.close();
  });

  it('refuses a custom action when the project has no code of its own', async () => {
    const cms = await createCms({ root: project(['find', 'feature'], false), env: {} });
    await expect(startProjectCode(cms)).rejects.toThrow(/its controller has no custom action/);
    await cms.close();
  });

  it('still refuses a name that is no action name at all when the config loads', async () => {
    await expect(createCms({ root: project(['find', 'not an action']), env: {} }))
      .rejects.toThrow(/permissions\.public\.api::article\.article must be a list of find, findOne, create, update, delete or controller actions/);
  });

  it('names the unknown action with file:line in `cms validate` and exits 1', async () => {
    const { code, stdout } = await cli(['validate', '--root', project(['featured'])]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^cms\.config\.json:4:7: permissions\.public\.api::article\.article: "featured" is not an action of api::article\.article/m);
  });
});
