// `cms validate` and `cms init --from-strapi` with a project's own back-end code: loaded to name what
// cannot run here, never started.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/program.js';
import { makeProject } from '../helpers/project.js';

async function cli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) }, cwd: tmpdir(), env: { ...process.env, CMS_ROOT: undefined } });
  return { code, stdout, stderr };
}

const ARTICLE = {
  kind: 'collectionType', collectionName: 'articles', info: { singularName: 'article', pluralName: 'articles', displayName: 'Article' },
  options: { draftAndPublish: false }, attributes: { title: { type: 'string' } },
};
/** A bootstrap with a visible side effect: a file next to the project. */
const BOOTSTRAP = "const fs = require('fs');\nmodule.exports = { bootstrap() { fs.writeFileSync(__dirname + '/../bootstrapped', 'yes'); } };\n";
const UNSUPPORTED = "module.exports = {\n  async find() {\n    return strapi.db.query('plugin::upload.file').findMany();\n  },\n};\n";
const UNSUPPORTED_LINE = "src/api/article/controllers/article.js:3:12: strapi.db.query('plugin::upload.file') is not supported by gitcms "
  + "(the project's api:: types, users-permissions users, roles and permissions, locales)";

describe('cms validate', () => {
  it('names project code that cannot run here (file:line, exit 1) without running bootstrap', async () => {
    const root = makeProject({
      'schemas/api/article/content-types/article/schema.json': ARTICLE, 'cms.config.json': {},
      'src/index.js': BOOTSTRAP, 'src/api/article/controllers/article.js': UNSUPPORTED,
    });
    const { code, stdout } = await cli(['validate', '--root', root]);
    expect(code).toBe(1);
    expect(stdout).toBe(`${UNSUPPORTED_LINE}\n`);
    expect(existsSync(join(root, 'bootstrapped'))).toBe(false);
  });

  it('passes a project whose code loads, still without running bootstrap', async () => {
    const root = makeProject({ 'schemas/api/article/content-types/article/schema.json': ARTICLE, 'cms.config.json': {},
      'src/index.js': BOOTSTRAP });
    expect((await cli(['validate', '--root', root])).code).toBe(0);
    expect(existsSync(join(root, 'bootstrapped'))).toBe(false);
  });
});

describe('cms init --from-strapi', () => {
  it('copies the back-end code with the schemas (not the admin panel) and names the files that cannot run here, and why', async () => {
    const strapi = makeProject({
      'package.json': { name: 'strapi-app' },
      'src/api/article/content-types/article/schema.json': ARTICLE,
      'src/api/article/content-types/article/lifecycles.js': 'module.exports = { beforeCreate(event) { event.params.data.title ??= "untitled"; } };\n',
      'src/api/article/controllers/article.js': UNSUPPORTED,
      'src/api/article/routes/article.js': "module.exports = require('@strapi/strapi').factories.createCoreRouter('api::article.article');\n",
      'src/utils/helper.js': 'module.exports = {};\n',
      'src/index.js': BOOTSTRAP,
      'src/admin/app.js': 'export default {};\n',
    });
    const root = join(mkdtempSync(join(tmpdir(), 'cms-init-code-')), 'site');
    const { code, stderr } = await cli(['init', root, '--from-strapi', strapi, '--dependency', '^0.1.0']);
    expect(code, stderr).toBe(0);
    for (const file of ['src/api/article/content-types/article/lifecycles.js', 'src/api/article/routes/article.js', 'src/utils/helper.js',
      'src/index.js']) {
      expect(readFileSync(join(root, file), 'utf8')).toBe(readFileSync(join(strapi, file), 'utf8'));
    }
    expect(existsSync(join(root, 'src/admin'))).toBe(false);
    expect(existsSync(join(root, 'src/api/article/content-types/article/schema.json'))).toBe(false);
    expect(stderr).toContain('Took 3 back-end file(s) from the Strapi project\'s src/; 2 problem(s) to fix before `cms serve` starts:\n'
      + `  ${UNSUPPORTED_LINE}\n`
      + '  src/api/article/routes/article.js: routes use the controller api::article.article, which is missing or did not load\n');
    expect(existsSync(join(root, 'bootstrapped'))).toBe(false);
  });
});
