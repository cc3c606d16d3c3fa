// The built CLI imports only what the command it runs needs (issue 39): the tests start it hundreds of times, and importing
// every command's implementation (graphql-js, zod, the codegen, the importer…) was most of each start. The bin is a bundle
// (cli/bundle.mjs): what it loads is its entry and chunks, and each chunk's source map names the modules of tsc's dist/ it holds.
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/project.js';
import { stopChild } from '../helpers/stop-child.js';
import { BIN, ensureBuilt } from './built-cli.js';

/**
 * A module hook (its own thread) that names on stderr every module the process loads. It writes with writeSync: the hook
 * thread's process.stderr is asynchronous, and a quick `--version` exited before its last lines were flushed (a run beside
 * a second suite saw none of core's modules).
 */
const HOOK = "import { writeSync } from 'node:fs'; "
  + 'export async function load(url, context, next) { writeSync(2, `loaded ${url}\\n`); return next(url, context); }';
/** The hook, and at exit the CommonJS modules required (qs is required, not imported: the hook does not see those). */
const REGISTER = "import { createRequire, register } from 'node:module'; import { writeSync } from 'node:fs'; "
  + `register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOK)}`)}); `
  + "process.on('exit', () => { for (const path of Object.keys(createRequire('/').cache)) writeSync(2, `loaded ${path}\\n`); });";

const TRACE = ['--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`];
const lines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('loaded ')).map((line) => line.slice('loaded '.length));
/** The files of this package's dist/ the process loaded (not packages' own dist/ folders), relative to it. */
const DIST_URL = `${pathToFileURL(join(REPO_ROOT, 'dist')).href}/`;
const distFiles = (stderr: string) => lines(stderr).filter((url) => url.startsWith(DIST_URL)).map((url) => url.slice(DIST_URL.length));
/** What the process loaded: a file of the bundle (bin.js, chunks/…) as the modules of tsc's dist/ its source map names. */
const loadedIn = (stderr: string) => lines(stderr).flatMap((url) => {
  if (!/\/dist\/cli\/(bin|chunks\/[^/]+)\.js$/.test(url)) return [url];
  const map = `${fileURLToPath(url)}.map`;
  // rolldown's own runtime helpers come without a map: no module of ours.
  if (!existsSync(map)) return [];
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources.map((source) => pathToFileURL(resolvePath(dirname(map), source)).href);
});

/** Run the binary with the hook: its exit code, stdout, and the modules it loaded. */
function runTraced(args: string[]): Promise<{ code: number; stdout: string; loaded: string[]; files: string[] }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...TRACE, BIN, ...args], { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, loaded: loadedIn(stderr), files: distFiles(stderr) });
    });
  });
}

/** `cms serve` with the hook on a free port: the modules loaded by the time it says it is serving, and its address. */
function serveTraced(): Promise<{ origin: string; loaded: string[]; files: string[]; stop: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...TRACE, BIN, 'serve', '--root', REPO_ROOT, '--port', '0', '--host', '127.0.0.1', '--no-watch'],
      { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const serving = /Serving .* at (http:\/\/\S+)\/api/.exec(stderr);
      if (serving) resolve({ origin: serving[1], loaded: loadedIn(stderr), files: distFiles(stderr), stop: () => stopChild(child) });
    });
    child.once('exit', (code) => reject(new Error(`cms serve exited with ${code}: ${stderr}`)));
  });
}

const commandModules = (loaded: string[]) => loaded.filter((url) => url.includes('/dist/cli/commands/')).map((url) => url.split('/').pop());
const packages = (loaded: string[], names: string[]) =>
  names.filter((name) => loaded.some((url) => url.includes(`/node_modules/${name}/`)));

beforeAll(() => ensureBuilt(), 120_000);

describe('cms loads only the command it runs', { timeout: 120_000 }, () => {
  it('--version loads one file, neither commander nor a command nor core beyond the package root, and prints the version', async () => {
    const run = await runTraced(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version}\n`);
    expect(run.files).toEqual(['cli/bin.js']);
    expect(run.loaded.filter((url) => url.includes('/dist/')).map((url) => url.split('/dist/')[1]).sort())
      .toEqual(['cli/main.js', 'cli/version.js', 'core/package-root.js']);
    expect(packages(run.loaded, ['commander'])).toEqual([]);
  });

  it('-V alone answers the same, and --version after a command is still commander\'s', async () => {
    const [short, after] = await Promise.all([runTraced(['-V']), runTraced(['get', '--version'])]);
    expect(short.stdout).toBe((await runTraced(['--version'])).stdout);
    expect(after.code).toBe(0);
    expect(after.stdout).toBe(short.stdout);
    expect(packages(after.loaded, ['commander'])).toEqual(['commander']);
  });

  it('get loads the get command alone, without graphql-js, zod or qs, and answers as before', async () => {
    const run = await runTraced(['get', 'tags', '--populate=*', '--root', REPO_ROOT]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).data.length).toBeGreaterThan(0);
    expect(commandModules(run.loaded)).toEqual(['get.js']);
    // The bundle's files alone: no module of tsc's output loaded beside them (a second copy of a module's state).
    expect(run.files.filter((file) => !/^cli\/(bin|chunks\/[^/]+)\.js$/.test(file))).toEqual([]);
    // qs: only a query with bracket keys needs it (core/strapi/parse-query.ts).
    expect(packages(run.loaded, ['graphql', 'zod', 'commander', 'qs'])).toEqual(['commander']);
    const core = run.loaded.filter((url) => url.includes('/dist/core/')).map((url) => url.split('/dist/core/')[1]);
    for (const unneeded of [
      'media/providers/index.js', // a private bucket's signer, on its first answer: this site stores files locally
      'git/commit-per-write.js', 'webhooks/webhooks.js', // a site that commits its writes or has webhooks, on its start
      'watch/reindex-files.js', // a replica's pull
      'service/document-writes.js', 'schema/validate-entry.js', 'storage/serialize.js', // the write path, on the first write
    ]) expect(core).not.toContain(unneeded);
  });

  it('get with a bracket query loads qs and answers it', async () => {
    const run = await runTraced(['get', 'tags', '--filters[name][$eq]=JavaScript', '--root', REPO_ROOT]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).data.map((tag: { name: string }) => tag.name)).toEqual(['JavaScript']);
    expect(packages(run.loaded, ['qs'])).toEqual(['qs']);
  });

  it('--help still lists every command, so it loads every command module', async () => {
    const run = await runTraced(['--help']);
    expect(run.code).toBe(0);
    for (const name of ['init', 'serve', 'get', 'create', 'token', 'upload', 'files', 'graphql-schema']) {
      expect(run.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    }
    expect(commandModules(run.loaded)).toContain('codegen.js');
  });

  it('serve starts without what only some sites or requests use, and still answers', async () => {
    const server = await serveTraced();
    try {
      expect(commandModules(server.loaded).sort()).toEqual(['serve-banner.js', 'serve.js']);
      // zod and graphql-js: the project-code loader's shims and the GraphQL schema, for sites with src/ code or a GraphQL request.
      expect(packages(server.loaded, ['zod', 'graphql', '@modelcontextprotocol/server', 'pg', '@aws-sdk/client-s3', 'h3'])).toEqual(['h3']);
      // listhen's certificate (node-forge), QR-code (uqr) and log (consola) packages: only for HTTPS, `qr`, a warning (cli/bundle-listhen.mjs).
      expect(packages(server.loaded, ['node-forge', 'uqr', 'consola'])).toEqual([]);
      // The bundle's files alone (its chunks hold the lazy faces below, loaded on their first use).
      expect(server.files.filter((file) => !/^cli\/(bin|chunks\/[^/]+)\.js$/.test(file))).toEqual([]);
      const core = server.loaded.filter((url) => url.includes('/dist/core/')).map((url) => url.split('/dist/core/')[1]);
      for (const unneeded of [
        'extensions/project-code.js', 'extensions/shims.js', // the project's own back-end code: this site has none
        'http/studio-git-routes.js', 'git/file-history.js', 'branches/branch-merge.js', // the studio's Git panel, on its first request
        'codegen/openapi.js', // GET /openapi.json
        'replication/replica.js', // git.push / git.pull, which this site does not set
        'branches/branch-site.js', // a branch's view, on the first request naming a branch
        'http/upload-routes.js', 'media/media-library.js', // the media library, on its first request (core/http/extensions.ts)
        'http/auth-routes.js', 'auth/users-permissions-api.js', 'http/cms-routes.js', // users-permissions, a document's transitions
        'http/studio-route.js', 'git/merge/three-way.js', // the studio's routes, on its first request (core/http/app.ts)
        'graphql/graphql-face.js', 'mcp/mcp-server.js', // GraphQL and MCP, on their first request
        'auth/postgres-state-store.js', // PostgreSQL, for a site that keeps its state there (S3: @aws-sdk above)
      ]) expect(core).not.toContain(unneeded);
      expect(core).toContain('http/write-route.js');
      expect((await fetch(`${server.origin}/api/articles?fields=title`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

