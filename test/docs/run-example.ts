import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { BIN } from '../cli/built-cli.js';
import { REPO_ROOT } from '../helpers/project.js';
import { stopChild } from '../helpers/stop-child.js';
import type { Fence } from './doc-files.js';

/** Where the docs say the server is (`npm start`), replaced by the test server's own address. */
const PRINTED_ORIGIN = /http:\/\/localhost:1337/g;
const STATUS_MARK = 'DOCS-EXAMPLE-STATUS';

export interface ExampleRun {
  code: number;
  stdout: string;
  stderr: string;
  /** The HTTP status of every curl the block ran, in order (shell blocks). */
  statuses: number[];
}

/** `cms serve` on a free port over a project folder, as `npm start` serves the checkout. */
export async function startServer(root: string): Promise<{ origin: string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath, [BIN, 'serve', '--root', root, '--port', '0', '--host', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const origin = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk;
      const match = /Serving .* at (http:\/\/[^\s/]+)\/api/.exec(log);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`cms serve exited ${code}: ${log}`)));
  });
  return { origin, stop: () => stopChild(child) };
}

/**
 * The curl commands of a shell block, each with the status its `# → NNN` comment expects (null: any status below 400). Continued
 * lines (`\`) are one command; a comment line is none.
 */
export function curlCommands(body: string): { command: string; expected: number | null }[] {
  const logical = body.replace(/\\\n/g, ' ').split('\n').filter((line) => !line.trimStart().startsWith('#'));
  return logical.flatMap((line) => {
    const count = [...line.matchAll(/(?:^|[\s;&|(])curl\s/g)].length;
    const expected = /#\s*→\s*(\d{3})\b/.exec(line);
    return Array.from({ length: count }, () => ({ command: line.trim(), expected: expected ? Number(expected[1]) : null }));
  });
}

export function run(
  file: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // Generous: a block that migrates a project runs the CLI three times, on a busy 2-core machine (beside another run).
    execFile(file, args, { ...options, maxBuffer: 16 * 1024 * 1024, timeout: 240_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/**
 * Run a shell block as a reader runs it in the checkout, with `CMS_ROOT` naming the project the test server serves, so the block's
 * writes and tokens land in that copy and not in the checkout's sample site. curl is given `-sS` and reports its status on stderr;
 * nothing else of the block changes but the server's address. `npx cms …` is npm's own npx, which runs this package's bin in the
 * checkout without building (npxLeavesDistAlone proves it); given `cmsBin`, the bin npm's npx resolved for `cms` earlier in the same
 * cache (example-files.ts), the block's `npx cms` runs that bin directly instead of npm resolving it once more for each command.
 * `npmCache` (a folder of the test's own, see npxCache) keeps npx's install of this checkout out of the user's ~/.npm, where another
 * test run in the same checkout would be writing the same entry; any other npx command still goes through npm.
 */
export async function runShell(fence: Fence, origin: string, root: string, npmCache?: string, cmsBin?: string): Promise<ExampleRun> {
  const preamble = [
    'set -euo pipefail',
    `curl() { command curl -sS --write-out '%{stderr}${STATUS_MARK} %{http_code}\\n' "$@"; }`,
    ...(cmsBin ? [`npx() { if [ "\${1-}" = cms ]; then shift; ${JSON.stringify(cmsBin)} "$@"; else command npx "$@"; fi; }`] : []),
  ].join('\n');
  const script = `${preamble}\n${fence.body.replace(PRINTED_ORIGIN, origin)}\n`;
  const env = { ...process.env, CMS_ROOT: root, ...(npmCache ? npxCache(npmCache) : {}) };
  const result = await run('bash', ['-c', script], { cwd: REPO_ROOT, env });
  const statuses = [...result.stderr.matchAll(new RegExp(`${STATUS_MARK} (\\d{3})`, 'g'))].map((match) => Number(match[1]));
  const stderr = result.stderr.replace(new RegExp(`${STATUS_MARK} \\d{3}\\n`, 'g'), '');
  return { ...result, stderr, statuses };
}

/**
 * The environment for npm's npx with a cache of its own (`dir`), offline: npx links this checkout into `dir/_npx/<hash>` on first
 * use, as it would in ~/.npm, without touching the user's cache (two test runs of one checkout would both write that entry there).
 */
export function npxCache(dir: string): NodeJS.ProcessEnv {
  return { npm_config_cache: dir, npm_config_offline: 'true', npm_config_update_notifier: 'false' };
}

/**
 * A real `npx cms --version` in the checkout, as on a machine that never ran it (an empty npm cache, offline): what it prints beside
 * the package's version (equal when npx runs this package's own bin), and whether `dist/` was rebuilt. npm's npx links the checkout
 * into its cache and runs its `prepare`, which keeps a built `dist/` when npx (or another project's install) runs it.
 */
export async function npxLeavesDistAlone(): Promise<{ printed: string; version: string; rebuilt: boolean; stderr: string }> {
  // A build rewrites the CLI, or (incremental, with nothing to change) at least touches tsc's record of it.
  const built = () => [BIN, join(REPO_ROOT, 'dist/.tsbuildinfo')].map((file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs).join();
  const before = built();
  const cache = mkdtempSync(join(tmpdir(), 'cms-npx-cache-'));
  try {
    const env = { ...process.env, ...npxCache(cache) };
    const result = await run('npx', ['cms', '--version'], { cwd: REPO_ROOT, env });
    const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    return { printed: result.stdout.trim(), version, rebuilt: built() !== before, stderr: result.stderr };
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

/**
 * A folder outside the checkout laid out as a project that depends on gitcms: `node_modules/gitcms` links to this package, every
 * other entry links to the checkout's own `node_modules` (the examples import openapi-fetch and qs too). Examples are written
 * here, never into the package (whose `dist/` is what gets packed).
 */
export function consumerProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-docs-consumer-'));
  mkdirSync(join(dir, 'node_modules'));
  for (const entry of readdirSync(join(REPO_ROOT, 'node_modules'))) {
    if (entry.startsWith('.')) continue;
    symlinkSync(join(REPO_ROOT, 'node_modules', entry), join(dir, 'node_modules', entry));
  }
  symlinkSync(REPO_ROOT, join(dir, 'node_modules', 'gitcms'));
  writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  return dir;
}

/** Remove a consumer project: its links first (never followed), then the folder. */
export function removeConsumerProject(dir: string): void {
  const modules = join(dir, 'node_modules');
  for (const entry of readdirSync(modules)) unlinkSync(join(modules, entry));
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Run a TypeScript block: transpiled as it is (types erased) into a project that depends on gitcms, so `import … from 'gitcms'`
 * resolves as it would there, and run with the project copy as its working directory (`root: '.'`).
 */
export async function runTypeScript(fence: Fence, origin: string, root: string, consumer: string, name: string): Promise<ExampleRun> {
  const source = fence.body.replace(PRINTED_ORIGIN, origin);
  const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
  const file = join(consumer, `${name}.mjs`);
  writeFileSync(file, outputText);
  const result = await run(process.execPath, [file], { cwd: root, env: process.env });
  return { ...result, statuses: [] };
}

/**
 * What a block's output contains, in order: the `// → text` comments of a TypeScript block, and the `# → text` comments of shell
 * commands other than curl (a curl's `# → NNN` is its status).
 */
export function expectedOutput(fence: Fence): string[] {
  if (fence.lang !== 'sh') return [...fence.body.matchAll(/\/\/\s*→\s*(.+)$/gm)].map((match) => match[1].trim());
  return fence.body.replace(/\\\n/g, ' ').split('\n')
    .filter((line) => !line.trimStart().startsWith('#') && !/(?:^|[\s;&|(])curl\s/.test(line))
    .flatMap((line) => /#\s*→\s*(.+)$/.exec(line)?.[1].trim() ?? []);
}
