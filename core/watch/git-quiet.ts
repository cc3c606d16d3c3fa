import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The git directory of the repository holding `root` (a `.git` folder, or the `gitdir:` of a `.git` file), if any. */
export function findGitDir(root: string): string | undefined {
  for (let dir = resolve(root); ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    if (existsSync(dotGit)) {
      if (statSync(dotGit).isDirectory()) return dotGit;
      const pointer = /^gitdir:\s*(.+)\s*$/m.exec(readFileSync(dotGit, 'utf8'));
      return pointer ? resolve(dir, pointer[1]) : undefined;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Resolves once no git command is changing the work tree: git holds `index.lock` for the whole of
 * a checkout, merge, pull or rebase step. Bounded: a lock left behind by a crashed git does not
 * stop reindexing for ever (`false` then, so the caller can say so).
 *
 * @example
 * if (!(await gitQuiet(gitDir))) report('git index.lock is still there: reindexing anyway');
 */
export async function gitQuiet(gitDir: string | undefined, { pollMs = 25, timeoutMs = 30_000 } = {}): Promise<boolean> {
  if (!gitDir) return true;
  const lock = join(gitDir, 'index.lock');
  const deadline = Date.now() + timeoutMs;
  while (existsSync(lock)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolveWait) => setTimeout(resolveWait, pollMs));
  }
  return true;
}
