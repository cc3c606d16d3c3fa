import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/**
 * The git subcommands `run` starts in this process (`rev-parse`, `remote`, … in order; `-c name=value` options skipped): a `git`
 * first on the PATH notes each run, then runs the real one.
 *
 * @example
 * expect(await gitRuns(() => tree.remotes())).toEqual(['remote'])
 */
export async function gitRuns(run: () => Promise<unknown>): Promise<string[]> {
  const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  const shim = mkdtempSync(join(tmpdir(), 'git-shim-'));
  writeFileSync(join(shim, 'git'), `#!/bin/sh\necho "$*" >> '${shim}/runs'\nexec '${realGit}' "$@"\n`);
  chmodSync(join(shim, 'git'), 0o755);
  const path = process.env.PATH;
  process.env.PATH = `${shim}${delimiter}${path}`;
  try {
    await run();
  } finally {
    process.env.PATH = path;
  }
  const runs = existsSync(join(shim, 'runs')) ? readFileSync(join(shim, 'runs'), 'utf8').trim().split('\n') : [];
  rmSync(shim, { recursive: true, force: true });
  return runs.map((line) => line.split(' ').find((word, at, words) => !word.startsWith('-') && words[at - 1] !== '-c') ?? '');
}
