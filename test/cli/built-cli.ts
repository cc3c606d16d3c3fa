import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { runFile } from '../../core/process/run-file.js';
import { REPO_ROOT } from '../helpers/project.js';

/** The real binary the package ships (`bin.cms` in package.json). */
export const BIN = join(REPO_ROOT, 'dist/cli/bin.js');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** What `npm run build` leaves: tsc's record of the incremental build, touched at the end of each build. */
const BUILD_INFO = join(REPO_ROOT, 'dist/.tsbuildinfo');

/**
 * Build `dist/` when it is missing or older than the sources (`npm test` builds first, so this is
 * only a fallback for running one file). Type errors elsewhere do not stop tsc from emitting.
 */
export function ensureBuilt(): void {
  const stale = () => {
    const built = existsSync(BIN) ? Math.max(statSync(BIN).mtimeMs, statSync(BUILD_INFO, { throwIfNoEntry: false })?.mtimeMs ?? 0) : 0;
    return built < Math.max(newestSource(join(REPO_ROOT, 'core')), newestSource(join(REPO_ROOT, 'cli')));
  };
  if (!stale()) return;
  // Test files run in parallel workers: one builds while the others wait, so none runs a half-written dist.
  withLock(join(REPO_ROOT, 'dist/.test-build-lock'), () => {
    if (!stale()) return;
    // Incremental, as `npm run build`: only outputs whose text changes are written, so files other workers are running are
    // rewritten only when they must be.
    const tsc = join(REPO_ROOT, 'node_modules/typescript/bin/tsc');
    try {
      execFileSync(process.execPath, [tsc, '-p', join(REPO_ROOT, 'tsconfig.json'), '--incremental', '--tsBuildInfoFile', BUILD_INFO],
        { cwd: REPO_ROOT, stdio: 'pipe' });
    } catch {
      // Emitted anyway; a missing binary fails the tests below.
    }
    // The bin and the merge driver are bundles of tsc's output (the last step of `npm run build`): made again from it.
    execFileSync(process.execPath, [join(REPO_ROOT, 'cli/bundle.mjs')], { cwd: REPO_ROOT, stdio: 'pipe' });
    if (existsSync(BUILD_INFO)) utimesSync(BUILD_INFO, new Date(), new Date());
  });
}

function withLock(lock: string, run: () => void): void {
  const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  mkdirSync(join(lock, '..'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock left behind by a killed run is taken over after two minutes.
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 120_000) rmSync(lock, { recursive: true, force: true });
      sleep(200);
    }
  }
  try {
    run();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Run `node dist/cli/bin.js …args` as a child process: through core's runFile, so a test worker past its memory threshold has
 * the spawner fork it rather than its own heap (core/process/run-file.ts).
 */
export async function runCms(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<RunResult> {
  return runFile(process.execPath, [BIN, ...args],
    { cwd: options.cwd ?? REPO_ROOT, env: { ...process.env, ...options.env }, maxBuffer: 64 * 1024 * 1024 })
    .then(({ stdout, stderr }) => ({ code: 0, stdout, stderr }), (error: Error & { code?: unknown; stdout: string; stderr: string }) =>
      ({ code: typeof error.code === 'number' ? error.code : 1, stdout: error.stdout, stderr: error.stderr }));
}
