// The built bin is a bundle (cli/bundle.mjs): its chunks sit in dist/cli/chunks/, not where tsc put the modules, so a module
// that found a file from its own URL would look in the wrong folder there. Each feature that finds a file of the package
// (core/package-root.ts) or a package by resolution runs here through the BUILT bin, as a user runs it.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../extensions/serve-project.js';
import { git, initRepo } from '../git-workflow/helpers.js';
import { copySampleSite, makeProject, REPO_ROOT } from '../helpers/project.js';
import { ensureBuilt, runCms } from './built-cli.js';

const OWN = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const CHUNKS = join(REPO_ROOT, 'dist/cli/chunks');

beforeAll(() => ensureBuilt(), 300_000);

describe('the bundled bin finds the package\'s files from its chunks', { timeout: 120_000 }, () => {
  it('resolves no path against a chunk\'s own URL: every such file is found from the package root', () => {
    const chunks = readdirSync(CHUNKS).filter((name) => name.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(10);
    for (const name of ['../bin.js', ...chunks]) {
      const code = readFileSync(join(CHUNKS, name), 'utf8');
      // `new URL('../x', import.meta.url)` and `here.replace(…)` of a module's own path: what broke in a chunk.
      expect(code, name).not.toMatch(/new URL\(\s*["'`]\.{1,2}\//);
      expect(code, name).not.toMatch(/fileURLToPath\(import\.meta\.url\)\.replace/);
    }
  });

  it('creates through the write thread (an eval worker) and reads Markdown and YAML files with their parsers', async () => {
    const root = copySampleSite();
    const created = await runCms(['create', 'tags', '--data', '{"name":"Bundled"}', '--root', root]);
    expect(created.code, created.stderr).toBe(0);
    const { documentId } = JSON.parse(created.stdout).data as { documentId: string };
    const file = readdirSync(join(root, 'content/tags')).find((name) => name.startsWith(documentId))!;
    expect(JSON.parse(readFileSync(join(root, 'content/tags', file), 'utf8')).name).toBe('Bundled');
    // gray-matter and yaml are required from a chunk (createRequire(import.meta.url)): resolved from dist/cli/chunks/ up.
    const author = await runCms(['get', 'authors', 'qig4xffu7hjyawrhvhipfbv9', '--root', root]);
    expect(author.code, author.stderr).toBe(0);
    expect(JSON.parse(author.stdout).data.name).toBe('Marco Rossi');
    const article = await runCms(['get', 'articles', 'ukiqxyo770bnnzmm64aonruc', '--root', root]);
    expect(article.code, article.stderr).toBe(0);
    expect(JSON.parse(article.stdout).data.title).toEqual(expect.any(String));
  });

  it('measures an uploaded image in the image worker process (tsc\'s dist/core/media/image-worker.js)', async () => {
    const root = makeProject({ 'cms.config.json': {} });
    const image = join(root, 'red.png');
    writeFileSync(image, await sharp({ create: { width: 4, height: 3, channels: 3, background: '#ff0000' } }).png().toBuffer());
    const uploaded = await runCms(['upload', image, '--root', root]);
    expect(uploaded.code, uploaded.stderr).toBe(0);
    expect(JSON.parse(uploaded.stdout).map(({ width, height, mime }: Record<string, unknown>) => ({ width, height, mime })))
      .toEqual([{ width: 4, height: 3, mime: 'image/png' }]);
  });

  it('cms init writes its project naming this package and version, from the package root', async () => {
    const dir = join(makeProject({}), 'site');
    const init = await runCms(['init', dir, '--dependency', `^${OWN.version}`]);
    expect(init.code, init.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(manifest.dependencies[OWN.name]).toBe(`^${OWN.version}`);
    expect(existsSync(join(dir, 'cms.config.json'))).toBe(true);
  });

  it('commits a write with git run by the spawner process, whose script is the bundled function\'s own source', async () => {
    const root = copySampleSite();
    initRepo(root);
    git(root, 'config', 'user.name', 'Bundle Test');
    git(root, 'config', 'user.email', 'bundle@example.org');
    // Forced on: a one-shot CLI starts programs itself; a spawner that could not start fails the git runs, never falls back.
    const created = await runCms(['create', 'tags', '--data', '{"name":"Spawned"}', '--git-commit', '--root', root],
      { env: { CMS_SPAWNER: 'on' } });
    expect(created.code, created.stderr).toBe(0);
    expect(git(root, 'log', '-1', '--format=%an')).toBe('Bundle Test');
    expect(git(root, 'status', '--porcelain')).toBe('');
  });

  it('serves the studio\'s page, its modules and the vendored preact from the package root', async () => {
    const server = await serve(copySampleSite(), { admin: true });
    try {
      expect(server.base, server.stderr()).toBeDefined();
      const page = await fetch(`${server.base}/admin/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<html');
      const app = await fetch(`${server.base}/admin/app.js`);
      expect([app.status, await app.text()]).toEqual([200, readFileSync(join(REPO_ROOT, 'studio/app.js'), 'utf8')]);
      const preact = await fetch(`${server.base}/admin/vendor/preact.js`);
      expect(preact.status).toBe(200);
      expect(await preact.text()).toBe(readFileSync(join(REPO_ROOT, 'node_modules/preact/dist/preact.module.js'), 'utf8'));
    } finally {
      await server.stop();
    }
  });
});
