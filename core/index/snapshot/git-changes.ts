import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { headCommitFromFiles } from '../../branches/ref-files.js';
import { indexesOwed, settleIndexes } from '../../git/index-debt.js';
import { runFile } from '../../process/run-file.js';
import { eachGitRecord } from '../../git/git-records.js';

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
// When none are owed, git starts now, before the caller's synchronous work (decoding the snapshot) and not after it.
const git = (root: string, args: string[]): Promise<string> => {
  const run = async () => (await runFile('git', ['-c', 'core.quotePath=false', ...args], { cwd: root, maxBuffer: 1 << 30 })).stdout;
  return indexesOwed() ? settleIndexes().then(run) : run();
};

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

/** Git's word on the checkout alone: HEAD, and the content files `git status` lists as not as HEAD holds them. */
export interface GitCheckout {
  head: string;
  /**
   * Project-relative paths under `content/` that are staged, modified or deleted in the work tree, both names of a
   * rename: every tracked file whose text may differ from `head` (and a few more that `git diff HEAD` would not name,
   * a rename's old name and a staged change undone in the work tree). Untracked files are not listed.
   */
  changed: ReadonlySet<string>;
}

/** What `askGit` answers: the checkout (shared by the readers that start together) and the view the snapshot takes. */
export interface GitAnswers {
  /** HEAD as Git read it when asked (undefined: no repository, no commit, no Git). */
  head(): Promise<string | undefined>;
  /** HEAD and the files status lists, undefined when `view` would be (asked once, whoever asks). */
  checkout(): Promise<GitCheckout | undefined>;
  view(since: string | undefined): Promise<GitView | undefined>;
}

const HASH = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/**
 * Could Git find a repository for `root`? As Git looks: a `.git` (folder or file) in the folder or a parent, or a folder
 * that is itself a repository's (HEAD, objects/, refs/); GIT_DIR in the environment names one anywhere. A few stats:
 * a project outside any repository (every throwaway site of the tests, issue 39) spawns no git that can only fail.
 */
function mayBeInRepository(root: string): boolean {
  if (process.env.GIT_DIR) return true;
  for (let dir = root; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return true;
    if (existsSync(join(dir, 'HEAD')) && existsSync(join(dir, 'objects')) && existsSync(join(dir, 'refs'))) return true;
    if (dirname(dir) === dir) return false;
  }
}

/** Git's answers outside any repository: none, as when `rev-parse` fails. */
const NO_REPOSITORY: GitAnswers = { head: async () => undefined, checkout: async () => undefined, view: async () => undefined };

/**
 * Ask Git which content files differ from the checked-out commit (and, given the commit a snapshot
 * was written at, which changed since). `git status` starts at once, in a child process (Git's own
 * index stat cache and preload threads, in parallel with the caller's work: it may decode the
 * snapshot meanwhile), and at most one `git diff` between two commits follows: never a `stat` per
 * file in this process. `view` resolves undefined when the root is not in a Git checkout with a commit,
 * Git is missing, the snapshot's commit is unknown (a shallow or rewritten history), or HEAD moved
 * while status ran: the caller then checks each file's stamp. One `rev-parse` answers HEAD, the
 * project's place in the repository and the repository's folders; HEAD is read again from its files
 * after status (git only when they cannot answer): two git processes for a start that changed nothing.
 *
 * @example
 * const git = askGit('/srv/site'); const view = await git.view(header.head); view?.changed.has('content/articles/x.json')
 */
export function askGit(root: string): GitAnswers {
  if (!mayBeInRepository(root)) return NO_REPOSITORY;
  const startedAt = Date.now();
  const quiet = <T>(promise: Promise<T>) => { promise.catch(() => {}); return promise; };
  const before = quiet(git(root, ['rev-parse', '--path-format=absolute', '--git-dir', '--git-common-dir', '--show-prefix', 'HEAD'])
    .then((out) => {
      const [gitDir, commonDir, prefix, head] = out.split('\n');
      return HASH.test(head) ? { gitDir, commonDir, prefix, head } : undefined;
    }));
  // Without untracked files: at 1.19M files, 9 s instead of 41 s here (see docs/reference/performance-scale.md).
  const status = quiet(git(root, ['status', '--porcelain=v1', '-z', '--untracked-files=no', '--', 'content']));
  let checked: Promise<(GitCheckout & { prefix: string }) | undefined> | undefined;
  const checkout = () => (checked ??= (async () => {
    const found = await before;
    if (!found) return undefined;
    const changed = new Set<string>();
    statusPaths(await status, found.prefix, changed);
    // A commit made while status ran would leave `changed` describing neither commit.
    const after = headCommitFromFiles(found.gitDir, found.commonDir) ?? (await git(root, ['rev-parse', 'HEAD'])).trim();
    return after === found.head ? { head: found.head, prefix: found.prefix, changed } : undefined;
  })().catch(() => undefined));
  return {
    head: () => before.then((found) => found?.head, () => undefined),
    checkout,
    async view(since) {
      try {
        const found = await before;
        if (!found) return undefined;
        const { head, prefix } = found;
        const diff = since && since !== head
          ? quiet(git(root, ['diff', '--name-only', '-z', '--no-renames', since, head, '--', 'content'])) : undefined;
        const seen = await checkout();
        if (!seen) return undefined;
        const changed = new Set(seen.changed);
        if (diff) for (const path of (await diff).split('\0')) add(path, prefix, changed);
        // Streamed name by name: a million paths are never one string.
        const tracked = async () => {
          const names = new Set<string>();
          await eachGitRecord(root, ['ls-files', '-z', '--', 'content'], (name) => { names.add(name); }, { nul: true });
          return names;
        };
        return { head, changed, startedAt, tracked };
      } catch {
        return undefined;
      }
    },
  };
}
