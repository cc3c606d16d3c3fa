import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/program.js';
import { MERGE_ATTRIBUTE } from '../../core/git/merge-setup.js';
import { makeProject, REPO_ROOT, startApp } from '../helpers/project.js';

async function cli(args: string[], cwd = tmpdir()) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) }, cwd, env: { ...process.env, CMS_ROOT: undefined } });
  return { code, stdout, stderr };
}

const freshDir = () => join(mkdtempSync(join(tmpdir(), 'cms-init-')), 'my-site');
const read = (root: string, file: string) => readFileSync(join(root, file), 'utf8');
const OWN = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string };
/** Named explicitly: what init names by itself depends on how this checkout was made (init-dependency.test.ts covers it). */
const DEPENDENCY = ['--dependency', '^0.1.0'];

describe('cms init', () => {
  it('writes a project that depends on this package by name, with start and validate scripts', async () => {
    const root = freshDir();
    const { code, stdout } = await cli(['init', ...DEPENDENCY, root, '--json']);
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result.files).toEqual(expect.arrayContaining(['package.json', 'cms.config.json', 'schemas/post.json', '.gitignore',
      '.gitattributes', '.github/workflows/content.yml', '.vscode/settings.json']));
    const manifest = JSON.parse(read(root, 'package.json'));
    expect(manifest.name).toBe('my-site');
    expect(Object.keys(manifest.dependencies)).toEqual([OWN.name]);
    expect(manifest.dependencies[OWN.name]).toBe('^0.1.0');
    expect(manifest.allowScripts).toBeUndefined(); // a registry package runs no build on install
    expect(manifest.scripts).toMatchObject({ start: 'cms serve', validate: 'cms validate' });
    expect(read(root, '.gitignore').split('\n')).toContain('.cms/');
    expect(read(root, '.gitattributes').split('\n')).toContain(MERGE_ATTRIBUTE);
    const workflow = read(root, '.github/workflows/content.yml');
    expect(workflow).toContain('run: npx --no-install cms validate --format github');
    expect(workflow).toContain('run: npx --no-install cms fmt --check');
    expect(workflow).not.toMatch(/npx cms/);
    expect(JSON.parse(read(root, '.vscode/settings.json'))['json.schemas']).toBeDefined();
  });

  it('--dependency names the package another way (a version or git URL for CI)', async () => {
    const root = freshDir();
    expect((await cli(['init', root, '--dependency', '^0.1.0'])).code).toBe(0);
    expect(JSON.parse(read(root, 'package.json')).dependencies).toEqual({ [OWN.name]: '^0.1.0' });
  });

  it('serves the example document, validates and is canonical as written', async () => {
    const root = freshDir();
    await cli(['init', ...DEPENDENCY, root]);
    // New projects take their updatedAt/publishedAt from Git history: no timestamp lines to conflict on.
    expect(JSON.parse(readFileSync(join(root, 'cms.config.json'), 'utf8')).git).toEqual({ timestampsFromHistory: true });
    const site = await startApp(root);
    const list = await site.getJson('/api/posts');
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ title: 'Hello, world', slug: 'hello-world' });
    const [file] = readdirSync(join(root, 'content/posts'));
    expect(list.body.data[0].documentId).toBe(file.replace(/\.json$/, ''));
    expect((await site.getJson(`/api/posts/${list.body.data[0].documentId}`)).status).toBe(200);
    expect((await site.getJson('/')).body.contentTypes.map((type: { url: string }) => type.url)).toEqual(['/api/posts']);
    expect((await cli(['validate', '--root', root])).code).toBe(0);
    expect((await cli(['fmt', '--check', '--root', root])).code).toBe(0);
  });

  it('refuses a folder that is not empty unless --force, and takes one holding only .git', async () => {
    const taken = makeProject({ 'notes.txt': 'mine' });
    const refused = await cli(['init', ...DEPENDENCY, taken]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not empty (pass --force to write into it)');
    expect(readdirSync(taken)).toEqual(['notes.txt']);
    expect((await cli(['init', ...DEPENDENCY, taken, '--force'])).code).toBe(0);
    expect(read(taken, 'notes.txt')).toBe('mine');
    const gitOnly = freshDir();
    mkdirSync(join(gitOnly, '.git'), { recursive: true });
    expect((await cli(['init', ...DEPENDENCY, gitOnly])).code).toBe(0);
  });

  it('--from-strapi takes src/api/*/content-types and src/components as they are, and nothing else', async () => {
    const book = { kind: 'collectionType', collectionName: 'books',
      info: { singularName: 'book', pluralName: 'books', displayName: 'Book' }, options: { draftAndPublish: true },
      attributes: { title: { type: 'string' }, seo: { type: 'component', component: 'shared.seo' } } };
    const seo = { collectionName: 'components_shared_seos', info: { displayName: 'Seo' }, attributes: { metaTitle: { type: 'string' } } };
    const strapi = makeProject({
      'src/api/book/content-types/book/schema.json': `${JSON.stringify(book, null, 4)}\n`,
      'src/api/book/controllers/book.js': 'export default {};',
      'src/components/shared/seo.json': `${JSON.stringify(seo, null, 4)}\n`,
      'package.json': { name: 'strapi-app' },
    });
    const root = freshDir();
    const { code, stderr } = await cli(['init', ...DEPENDENCY, root, '--from-strapi', strapi]);
    expect(code, stderr).toBe(0);
    expect(read(root, 'schemas/api/book/content-types/book/schema.json')).toBe(read(strapi, 'src/api/book/content-types/book/schema.json'));
    expect(read(root, 'schemas/components/shared/seo.json')).toBe(read(strapi, 'src/components/shared/seo.json'));
    expect(readdirSync(join(root, 'schemas/api/book'))).toEqual(['content-types']);
    expect(() => readdirSync(join(root, 'content/posts'))).toThrow();
    expect(stderr).toContain('Took 1 content type(s) from the Strapi project');
    const site = await startApp(root);
    // Private, as in Strapi, until the config grants it.
    expect((await site.getJson('/api/books')).status).toBe(403);
    expect((await site.cms.documents('books').findMany({})).length).toBe(0);
  });

  it('--from-strapi refuses a folder that is no Strapi project', async () => {
    const notStrapi = makeProject({ 'readme.md': 'hi' });
    const { code, stderr } = await cli(['init', ...DEPENDENCY, freshDir(), '--from-strapi', notStrapi]);
    expect(code).toBe(1);
    expect(stderr).toContain('is it a Strapi project?');
  });
});

