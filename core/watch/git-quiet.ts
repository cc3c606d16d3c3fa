import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
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

/** Whether a git command holds the index now (a checkout, merge, pull or rebase under way). */
export const gitBusy = (gitDir: string | undefined): boolean => gitDir !== undefined && existsSync(join(gitDir, 'index.lock'));

/**
 * Resolves once no git command is changing the work tree: git holds `index.lock` for the whole of
 * a checkout, merge, pull or rebase step. Bounded: a lock left behind by a crashed git does not
 * stop reindexing for ever (`false` then, so the caller can say so).
 *
 * @example
 * if (!(await gitQuiet(gitDir))) report('git index.lock is still there: reindexing anyway');
 */
export async function gitQuiet(gitDir: string | undefined, { pollMs = 25, timeoutMs = 30_000 } = {}): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (gitBusy(gitDir)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolveWait) => setTimeout(resolveWait, pollMs));
  }
  return true;
}

/** Reflog entries that leave the work tree as it was: a commit records what is already there. */
const KEEPS_WORK_TREE = /\t(commit|commit \([^)]*\)):/;

const sizeOf = (path: string): number => { try { return statSync(path).size; } catch { return 0; } };

/** Changes whenever git records a move of HEAD (checkout, commit, merge, pull…): compared around a read. */
export const gitStamp = (gitDir: string | undefined): number => (gitDir ? sizeOf(join(gitDir, 'logs', 'HEAD')) : 0);

/**
 * Tells whether git moved the work tree (checkout, merge, pull, reset, rebase…) since it was last
 * asked, from the entries added to `logs/HEAD`. File events of a checkout reach the process in
 * several deliveries, so the watcher then compares every content file instead of trusting that
 * all events are in. A commit-per-write commit moves nothing and costs nothing.
 *
 * @example
 * const moved = workTreeMoves(gitDir); … if (moved()) rescanEverything();
 */
export function workTreeMoves(gitDir: string | undefined): () => boolean {
  if (!gitDir) return () => false;
  const reflog = join(gitDir, 'logs', 'HEAD');
  let seen = sizeOf(reflog);
  return () => {
    const size = sizeOf(reflog);
    if (size === seen) return false;
    if (size < seen) { seen = size; return true; } // expired or rewritten: assume the worst
    const added = Buffer.alloc(size - seen);
    const fd = openSync(reflog, 'r');
    try { readSync(fd, added, 0, added.length, seen); } finally { closeSync(fd); }
    seen = size;
    return added.toString('utf8').split('\n').some((line) => line.trim() !== '' && !KEEPS_WORK_TREE.test(line));
  };
}
