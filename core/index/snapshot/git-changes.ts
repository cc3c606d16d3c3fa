import { execFile } from 'node:child_process';
import { settleIndexes } from '../../git/index-debt.js';

/** Git's word on the content files of a checkout: its commit and the files that differ from it. */
export interface GitView {
  /** The commit checked out (HEAD) while `git status` ran. */
  head: string;
  /**
   * Project-relative paths under `content/` that are not exactly as `head` holds them: modified,
   * staged, deleted or renamed (both names) (git status), and those changed between the snapshot's
   * commit and `head` (git diff). Untracked files are not listed (looking for them costs Git a walk of
   * every folder): only tracked files are ever taken on Git's word, see `tracked`.
   */
  changed: Set<string>;
  /** When `git status` was started (ms): a file changed after this may not be in `changed`. */
  startedAt: number;
  /** The content files Git tracks (`git ls-files`, asked once, when a snapshot is written). */
  tracked(): Promise<Set<string>>;
}

// Index entries owed by the CMS's own commits (a large repository, index-debt.ts) are written before git reads the index.
const git = (root: string, args: string[]): Promise<string> => settleIndexes().then(() => new Promise((resolve, reject) => {
  execFile('git', ['-c', 'core.quotePath=false', ...args], { cwd: root, maxBuffer: 1 << 30, encoding: 'utf8' }, (error, stdout) => {
    if (error) reject(error);
    else resolve(stdout);
  });
}));

/** Paths of `git status --porcelain -z`: `XY path`, and a rename or copy's source as the next field. */
function statusPaths(out: string, prefix: string, into: Set<string>): void {
  const fields = out.split('\0');
  for (let at = 0; at < fields.length; at++) {
    const field = fields[at];
    if (field.length < 4) continue;
    add(field.slice(3), prefix, into);
    if (field[0] === 'R' || field[0] === 'C') add(fields[++at] ?? '', prefix, into);
  }
}

/** A repository-relative path as project-relative, when it lies under the project. */
function add(path: string, prefix: string, into: Set<string>): void {
  if (path && path.startsWith(prefix)) into.add(path.slice(prefix.length));
}

/**
 * Ask Git which content files differ from the checked-out commit (and, given the commit a snapshot
 * was written at, which changed since). `git status` starts at once, in a child process (Git's own
 * index stat cache and preload threads, in parallel with the caller's work: it may decode the
 * snapshot meanwhile), and at most one `git diff` between two commits follows: never a `stat` per
 * file in this process. `view` resolves undefined when the root is not in a Git checkout with a commit,
 * Git is missing, the snapshot's commit is unknown (a shallow or rewritten history), or HEAD moved
 * while status ran: the caller then checks each file's stamp.
 *
 * @example
 * const git = askGit('/srv/site'); const view = await git.view(header.head); view?.changed.has('content/articles/x.json')
 */
export function askGit(root: string): { view(since: string | undefined): Promise<GitView | undefined> } {
  const startedAt = Date.now();
  const quiet = <T>(promise: Promise<T>) => { promise.catch(() => {}); return promise; };
  const before = quiet(git(root, ['rev-parse', '--show-prefix', 'HEAD']));
  // Without untracked files: at 1.19M files, 9 s instead of 41 s here (see docs/reference/performance-scale.md).
  const status = quiet(git(root, ['status', '--porcelain=v1', '-z', '--untracked-files=no', '--', 'content']));
  return {
    async view(since) {
      try {
        const [prefix, head] = (await before).split('\n');
        if (!/^[0-9a-f]{40,64}$/.test(head)) return undefined;
        const diff = since && since !== head
          ? quiet(git(root, ['diff', '--name-only', '-z', '--no-renames', since, head, '--', 'content'])) : undefined;
        const changed = new Set<string>();
        statusPaths(await status, prefix, changed);
        if (diff) for (const path of (await diff).split('\0')) add(path, prefix, changed);
        // A commit made while status ran would leave `changed` describing neither commit.
        const after = (await git(root, ['rev-parse', 'HEAD'])).trim();
        const tracked = async () => new Set((await git(root, ['ls-files', '-z', '--', 'content'])).split('\0').filter(Boolean));
        return after === head ? { head, changed, startedAt, tracked } : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
