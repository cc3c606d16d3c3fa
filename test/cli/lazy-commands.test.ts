// The built CLI imports only what the command it runs needs (issue 39): the tests start it hundreds of times, and importing
// every command's implementation (graphql-js, zod, the codegen, the importer…) was most of each start.
import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/project.js';
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
const loadedIn = (stderr: string) =>
  stderr.split('\n').filter((line) => line.startsWith('loaded ')).map((line) => line.slice('loaded '.length));

/** Run the binary with the hook: its exit code, stdout, and the modules it loaded. */
function runTraced(args: string[]): Promise<{ code: number; stdout: string; loaded: string[] }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...TRACE, BIN, ...args], { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, loaded: loadedIn(stderr) });
    });
  });
}

/** `cms serve` with the hook on a free port: the modules loaded by the time it says it is serving, and its address. */
function serveTraced(): Promise<{ origin: string; loaded: string[]; stop: () => void }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...TRACE, BIN, 'serve', '--root', REPO_ROOT, '--port', '0', '--host', '127.0.0.1', '--no-watch'],
      { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const serving = /Serving .* at (http:\/\/\S+)\/api/.exec(stderr);
      if (serving) resolve({ origin: serving[1], loaded: loadedIn(stderr), stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`cms serve exited with ${code}: ${stderr}`)));
  });
}

const commandModules = (loaded: string[]) => loaded.filter((url) => url.includes('/dist/cli/commands/')).map((url) => url.split('/').pop());
const packages = (loaded: string[], names: string[]) =>
  names.filter((name) => loaded.some((url) => url.includes(`/node_modules/${name}/`)));

beforeAll(() => ensureBuilt(), 120_000);

describe('cms loads only the command it runs', { timeout: 120_000 }, () => {
  it('--version loads neither commander nor a command nor any part of core, and prints the package\'s version', async () => {
    const run = await runTraced(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version}\n`);
    expect(run.loaded.filter((url) => url.includes('/dist/')).map((url) => url.split('/dist/')[1]).sort())
      .toEqual(['cli/bin.js', 'cli/version.js']);
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
      expect(packages(server.loaded, ['zod', 'graphql', '@modelcontextprotocol/server', 'h3'])).toEqual(['h3']);
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
      ]) expect(core).not.toContain(unneeded);
      expect(core).toContain('http/write-route.js');
      expect((await fetch(`${server.origin}/api/articles?fields=title`)).status).toBe(200);
    } finally {
      server.stop();
    }
  });
});

