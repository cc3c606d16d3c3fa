import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopChild } from '../helpers/stop-child.js';
import { ensureBuilt } from '../cli/built-cli.js';
import { REPO_ROOT } from '../helpers/project.js';

const run = promisify(execFile);
const OWN = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };

/**
 * The package as a user gets it: `npm pack` of this checkout installed into an empty project (its
 * dependencies from npm's cache or the registry, as on a clean CI machine), then `cms init` and
 * `npm start` from there. Nothing here reads the checkout's sources.
 */
let work = '';
let project = '';
let server: ChildProcess | undefined;

beforeAll(async () => {
  ensureBuilt();
  // The studio's bundle, as npm pack's own build makes it (package.json's prepare runs npm run build): written only if it changed.
  await run(process.execPath, [join(REPO_ROOT, 'studio/build/bundle.mjs')]);
  work = mkdtempSync(join(tmpdir(), 'cms-tarball-'));
  // Scripts off: dist/ is built already, and a rebuild here would race the other test files reading it.
  const big = { maxBuffer: 64 * 1024 * 1024 };
  const packed = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: REPO_ROOT, ...big });
  const [{ filename }] = JSON.parse(packed.stdout) as Array<{ filename: string }>;
  project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'tarball-user', private: true }, null, 2)}\n`);
  await run('npm', ['install', join(work, filename), '--prefer-offline', '--no-audit', '--no-fund'], { cwd: project, ...big });
}, 120_000);

afterAll(async () => {
  // npm start's whole group (npm, its shell, cms serve); npm may exit before cms serve has, so the removal retries.
  await stopChild(server, 'SIGTERM', { kill: (signal) => process.kill(-server!.pid!, signal) });
  if (work) rmSync(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});

/** Run one of the installed package's commands the way a user does, through npx without a download. */
const npx = (args: string[], cwd: string) => run('npx', ['--no-install', ...args], { cwd });

describe('the npm pack tarball, installed into an empty project', () => {
  it('holds the built code and the studio, and no tests, benchmarks, recordings or sample content', async () => {
    const installed = join(project, 'node_modules', OWN.name);
    expect(readdirSync(installed).sort()).toEqual(expect.arrayContaining(['dist', 'package.json', 'studio']));
    for (const absent of ['test', 'bench', 'content', 'schemas', 'core', 'cli', 'docs', '.ci', 'tsconfig.json']) {
      expect(readdirSync(installed)).not.toContain(absent);
    }
    expect(readdirSync(join(installed, 'studio'))).toContain('index.html');
    // The studio's modules joined at build time: nothing to build or bundle on install, and no bundler installed for it.
    expect(readdirSync(join(installed, 'dist/studio-bundle')).sort()).toEqual(['app.bundle.js', 'manifest.json']);
    expect(existsSync(join(project, 'node_modules/rolldown'))).toBe(false);
    // The CLI's bundle (cli/bundle.mjs): its entry is the bin, and the chunks it loads on use are all shipped with it.
    expect(readdirSync(join(installed, 'dist/cli/chunks')).sort()).toEqual(readdirSync(join(REPO_ROOT, 'dist/cli/chunks')).sort());
  });

  it('links both bins, cms and gitcms, to the same CLI', async () => {
    const cms = await npx(['cms', '--version'], project);
    const gitcms = await npx(['gitcms', '--version'], project);
    expect(cms.stdout.trim()).toBe(OWN.version);
    expect(gitcms.stdout).toBe(cms.stdout);
    // npm 11 drops a bin written `./dist/…` from the manifest it publishes ("script name … was invalid and removed").
    const installed = join(project, 'node_modules', OWN.name, 'package.json');
    const manifest = JSON.parse(readFileSync(installed, 'utf8')) as { bin: Record<string, string> };
    expect(manifest.bin).toEqual({ cms: 'dist/cli/bin.js', gitcms: 'dist/cli/bin.js' });
  });

  it('loads both entries by name: the content library and gitcms/server', async () => {
    const script = `const lib = await import('${OWN.name}'); const server = await import('${OWN.name}/server');`
      + 'console.log(JSON.stringify([typeof lib.createCms, typeof lib.createApp, typeof server.createApp, typeof server.serve]));';
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: project });
    expect(JSON.parse(stdout)).toEqual(['function', 'undefined', 'function', 'function']);
  });

  it('npx cms init writes the published version range; npm start serves the example post and the studio', async () => {
    await npx(['cms', 'init', 'site'], project);
    const site = join(project, 'site');
    expect(JSON.parse(readFileSync(join(site, 'package.json'), 'utf8')).dependencies).toEqual({ [OWN.name]: `^${OWN.version}` });

    // The site resolves the package from the project above it (it is not on the registry yet), as a workspace would.
    const args = ['start', '--', '--port', '0', '--host', '127.0.0.1', '--no-watch'];
    server = spawn('npm', args, { cwd: site, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    const base = await new Promise<string>((resolve, reject) => {
      let stderr = '';
      server!.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const serving = /Serving .* at (http:\/\/[^\s]+)\/api/.exec(stderr);
        if (serving) resolve(serving[1]);
      });
      server!.once('exit', (code) => reject(new Error(`npm start exited ${code}: ${stderr}`)));
    });
    const posts = await fetch(`${base}/api/posts`);
    expect(posts.status).toBe(200);
    const body = await posts.json() as { data: Array<{ title: string; slug: string }>; meta: { pagination: { total: number } } };
    expect(body.data.map(({ title, slug }) => ({ title, slug }))).toEqual([{ title: 'Hello, world', slug: 'hello-world' }]);
    expect(body.meta.pagination.total).toBe(1);
    const studio = await fetch(`${base}/admin/`);
    expect(studio.status).toBe(200);
    const page = await studio.text();
    expect(page).toContain('<script type="importmap">');
    expect((await fetch(`${base}/admin/vendor/preact.js`)).status).toBe(200);
    // The bundle the package carries, since the installed modules are those it was made from.
    const bundle = /<script type="module" src="\.\/(app\.bundle\.js\?v=[\w-]{16})">/.exec(page)?.[1];
    expect(bundle).toBeDefined();
    expect((await fetch(`${base}/admin/${bundle}`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
