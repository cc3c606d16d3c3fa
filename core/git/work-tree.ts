import { refFilesReader, type RefFiles } from '../branches/ref-files.js';
import { headCommitOf } from '../branches/ref-reads.js';
import { isTempFile } from '../storage/atomic-write.js';
import { GitRefusedError, GitUnavailableError, gitReason } from './git-errors.js';
import { TRACKED_FOLDERS } from './git-input.js';
import { settleIndexes } from './index-debt.js';
import { gitList } from './git-records.js';
import { remoteNames } from './remote-names.js';
import { runFile as run } from '../process/run-file.js';

export type ChangeState = 'modified' | 'new' | 'deleted' | 'renamed' | 'conflicted';

/** One changed file, relative to the project root (which may be a subfolder of the repository). */
export interface ChangedFile {
  path: string;
  state: ChangeState;
  /** The old path of a rename. */
  from?: string;
}

export interface WorkTreeStatus {
  /** The checked-out branch; null when HEAD is detached. */
  branch: string | null;
  /** The commit HEAD names; null before the first commit. */
  head: string | null;
  changes: ChangedFile[];
}

/** `git status --porcelain` XY codes → a state an editor reads; the first matching row wins. */
const STATES: Array<[(xy: string) => boolean, ChangeState]> = [
  [(xy) => xy === '??', 'new'],
  [(xy) => xy.includes('U') || xy === 'AA' || xy === 'DD', 'conflicted'],
  [(xy) => xy[0] === 'R' || xy[0] === 'C', 'renamed'],
  [(xy) => xy.includes('D'), 'deleted'],
  [(xy) => xy[0] === 'A', 'new'],
];
const stateOf = (xy: string): ChangeState => STATES.find(([test]) => test(xy))?.[1] ?? 'modified';

/**
 * `git status --porcelain=v1 -z` → changed files; paths come relative to the repository root, `prefix` (the project's place in it) is
 * cut.
 */
export function parsePorcelain(out: string, prefix = ''): ChangedFile[] {
  const fields = out.split('\0');
  const changes: ChangedFile[] = [];
  const local = (path: string) => (path.startsWith(prefix) ? path.slice(prefix.length) : path);
  for (let at = 0; at < fields.length; at++) {
    const entry = fields[at];
    if (entry.length < 4) continue;
    const xy = entry.slice(0, 2);
    const change: ChangedFile = { path: local(entry.slice(3)), state: stateOf(xy) };
    if (xy[0] === 'R' || xy[0] === 'C') change.from = local(fields[++at] ?? '');
    changes.push(change);
  }
  return changes;
}

/** Per project root: its place in the repository (`site/` or ''), as `git rev-parse --show-prefix` answered it. */
const prefixes = new Map<string, string>();
/** Per project root, its branches and checked-out branch read from the ref files (ref-files.ts). */
const refReaders = new Map<string, ReturnType<typeof refFilesReader>>();
/** `<root>\0<commit>\0<folder>` → the folder's files at that commit: a commit's tree never changes. Newest last, bounded. */
const namesAt = new Map<string, Promise<string[]>>();
const NAMES_KEPT = 32;

/** Per repository root, the git writes of the Git panel run one at a time (they would fight over .git/index.lock). */
const queues = new Map<string, Promise<unknown>>();

/**
 * Run `work` after every earlier git write of the Git panel on this root has finished.
 *
 * @example
 * await oneAtATime(root, () => git.commitPaths(paths, message, author));
 */
export function oneAtATime<T>(root: string, work: () => Promise<T>): Promise<T> {
  const result = (queues.get(root) ?? Promise.resolve()).then(work, work);
  const settled = result.catch(() => undefined);
  queues.set(root, settled);
  // The last one out leaves no entry behind.
  void settled.then(() => { if (queues.get(root) === settled) queues.delete(root); });
  return result;
}

/**
 * The git operations of the studio's Git panel, run in the project root: status of the content
 * folders, a file's diff against HEAD, branches (list), push and pull. The served tree never switches branch: change requests
 * are refs beside it (core/branches/). Commits go through
 * `GitPort.commitPaths` (git.ts), the same path commit-per-write takes.
 *
 * @example
 * const tree = createWorkTree(root); (await tree.status()).changes // [{ path: 'content/articles/x.json', state: 'modified' }]
 */
export function createWorkTree(root: string) {
  // GIT_OPTIONAL_LOCKS=0: `git status` never takes .git/index.lock to refresh the index, so reading
  // never makes a commit (the panel's, or commit-per-write's) fail on the lock.
  // GIT_TERMINAL_PROMPT=0: a push that needs a password fails instead of waiting for a terminal.
  // GIT_LITERAL_PATHSPECS=1: a path from a request names one file; `*`, `?`, `[…]` are never patterns.
  // settleIndexes: index entries of the CMS's own commits owed in a large repository are written before git reads the index.
  const gitEnv = () => ({ ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', GIT_LITERAL_PATHSPECS: '1' });
  const git = async (args: string[], timeout = 30_000) =>
    (await settleIndexes(), await run('git', ['-c', 'core.quotePath=false', ...args], {
      cwd: root, timeout, maxBuffer: 64 * 1024 * 1024, env: gitEnv(),
    })).stdout;
  const attempt = (args: string[]) => git(args).then((out) => out.trim(), () => undefined);
  // Read at each call (nothing kept but a file's text while it is the same file): a branch made, moved or deleted by plain git
  // shows at the next request. Undefined where git must be asked (detached HEAD, reftable, a symbolic branch ref).
  const refFiles = (): Promise<RefFiles | undefined> => {
    let read = refReaders.get(root);
    if (!read) refReaders.set(root, read = refFilesReader(root));
    return read();
  };

  const tree = {
    /** The changed files in these folders, by path: one `git status` (and the project's place in the repository). */
    async changes(folders: readonly string[] = TRACKED_FOLDERS): Promise<ChangedFile[]> {
      // The place is asked once: `git status` fails where there is no repository any more, and the place is asked again to say so.
      const known = prefixes.get(root);
      const prefix = known ?? await attempt(['rev-parse', '--show-prefix']);
      if (prefix === undefined) throw new GitUnavailableError('This project is not a git repository (run `git init` in it)');
      const porcelain = ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', ...folders];
      const out = await git(porcelain).catch(async (error) => {
        prefixes.delete(root);
        if (known !== undefined && await attempt(['rev-parse', '--show-prefix']) === undefined) {
          throw new GitUnavailableError('This project is not a git repository (run `git init` in it)');
        }
        throw error;
      });
      prefixes.set(root, prefix);
      // A crash's temp files are never a change to show or commit, even where .gitignore lacks `*.tmp`.
      return parsePorcelain(out, prefix).filter((change) => !isTempFile(change.path)).sort((a, b) => (a.path < b.path ? -1 : 1));
    },

    async status(folders: readonly string[] = TRACKED_FOLDERS): Promise<WorkTreeStatus> {
      const [changes, refs] = await Promise.all([tree.changes(folders), refFiles()]);
      if (refs) return { branch: refs.head, head: refs.refs.get(`refs/heads/${refs.head}`) ?? null, changes };
      const [branch, head] = await Promise.all([
        attempt(['symbolic-ref', '--short', '-q', 'HEAD']), attempt(['rev-parse', '--verify', '-q', 'HEAD']),
      ]);
      return { branch: branch || null, head: head || null, changes };
    },

    /** The files under a folder at HEAD, relative to it (`x.json`; `ab/ab12.json` in a fan-out sub-folder); none before a first commit. */
    async namesAtHead(folder: string): Promise<string[]> {
      // From the ref files (git where they cannot say): undefined before a first commit.
      const commit = await headCommitOf(root);
      if (commit === undefined) return [];
      // Streamed name by name: a folder of a million files is never one string.
      const list = (at: string) => gitList(root, ['ls-tree', '-r', '--name-only', '-z', at, '--', `${folder}/`],
        { nul: true, timeout: 30_000, env: gitEnv() }, (path) => path.slice(folder.length + 1));
      // HEAD is read from its files at each call: a commit by anyone (a save, plain git) names another tree, listed afresh.
      const key = `${root}\0${commit}\0${folder}`;
      const kept = namesAt.get(key) ?? list(commit);
      namesAt.delete(key);
      if (namesAt.size >= NAMES_KEPT) namesAt.delete(namesAt.keys().next().value!);
      namesAt.set(key, kept);
      return kept.catch(() => { if (namesAt.get(key) === kept) namesAt.delete(key); return []; });
    },

    /** The unified diff of one file against HEAD; a file git does not track yet shows as all new. */
    async diff(path: string): Promise<string> {
      const [porcelain, head] = await Promise.all([
        git(['status', '--porcelain', '--untracked-files=all', '--', path]), attempt(['rev-parse', '--verify', '-q', 'HEAD']),
      ]);
      const untracked = porcelain.startsWith('??');
      if (!untracked && head) return git(['diff', '--no-color', '--no-ext-diff', '--relative', 'HEAD', '--', path]);
      // `--no-index` exits 1 when the files differ: the diff is in its stdout.
      return git(['diff', '--no-color', '--no-ext-diff', '--no-index', '--', '/dev/null', path])
        .catch((error) => (error.code === 1 ? String(error.stdout) : ''));
    },

    /** The configured remotes' names (`git remote`, kept while git's config files are unchanged): what GET status shows. */
    async remotes(): Promise<string[]> {
      return remoteNames(root, () => git(['remote'])).catch(() => []);
    },

    /** Local branches, the current one, remotes, and how far the current branch is ahead of its upstream (null without one). */
    async branches(): Promise<{ current: string | null; branches: string[]; remotes: string[]; ahead: number | null }> {
      const heads = refFiles().then((refs) => refs && {
        current: refs.head, list: [...refs.refs.keys()].filter((ref) => ref.startsWith('refs/heads/')).map((ref) => ref.slice(11)),
      });
      const [named, remotes, counts] = await Promise.all([heads, tree.remotes(), attempt(['rev-list', '--count', '@{upstream}..HEAD'])]);
      const { current, list } = named ?? {
        current: await attempt(['symbolic-ref', '--short', '-q', 'HEAD']),
        list: (await attempt(['for-each-ref', '--format=%(refname:short)', 'refs/heads/']) ?? '').split('\n').filter(Boolean),
      };
      const branches = [...list];
      // Before the first commit the current branch has no ref yet.
      if (current && !branches.includes(current)) branches.push(current);
      return {
        current: current || null, branches: branches.sort(), remotes,
        ahead: counts === undefined ? null : Number(counts),
      };
    },

    /** The remote the panel pushes to and pulls from: `preferred` (git.push), else `origin`, else the only one. */
    async remote(preferred?: string): Promise<{ remote: string; current: string }> {
      const { current, remotes } = await tree.branches();
      const remote = [preferred, 'origin'].find((name) => name && remotes.includes(name))
        ?? (remotes.length === 1 ? remotes[0] : undefined);
      if (!remote) {
        throw new GitUnavailableError(remotes.length
          ? `Several git remotes (${remotes.join(', ')}) and none is "origin": set git.push in the config`
          : 'No git remote is configured (git remote add origin <url>)');
      }
      if (!current) throw new GitRefusedError('HEAD is detached: switch to a branch first');
      return { remote, current };
    },

    /**
     * Fetch the remote branch of the current one and merge it. Content files merge through the
     * project's merge driver (`.gitattributes` `content/** merge=cms`, set up by `cms git-setup`);
     * a merge that still conflicts is undone (the tree stays as it was) and refused, naming the files.
     * Returns the files the merge changed, to be reindexed.
     */
    async pull(
      preferred: string | undefined, author: { name: string; email: string },
    ): Promise<{ remote: string; branch: string; changed: string[] }> {
      const { remote, current } = await tree.remote(preferred);
      await git(['fetch', '--quiet', '--', remote, `+refs/heads/${current}:refs/remotes/${remote}/${current}`], 120_000)
        .catch((error) => { throw new GitRefusedError(gitReason(error)); });
      const before = await attempt(['rev-parse', '--verify', '-q', 'HEAD']);
      const identity = {
        GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email, GIT_COMMITTER_NAME: author.name, GIT_COMMITTER_EMAIL: author.email,
      };
      await settleIndexes();
      const merged = await run(
        'git', ['merge', '--no-edit', '--quiet', `refs/remotes/${remote}/${current}`],
        // git's own words in English (LC_ALL=C), so the files in the way can be read from them.
        { cwd: root, timeout: 120_000, env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...identity } },
      )
        .then(() => undefined, (error) => error);
      if (merged) {
        const conflicted = (await tree.changes()).filter((change) => change.state === 'conflicted').map((change) => change.path);
        if (conflicted.length) {
          await attempt(['merge', '--abort']);
          throw new GitRefusedError(
            `The remote changes conflict with yours in ${conflicted.join(', ')}: nothing was merged`, { files: conflicted },
          );
        }
        const inTheWay = filesInTheWay(merged);
        if (inTheWay.length) {
          const which = inTheWay.length === 1 ? 'has' : 'have';
          throw new GitRefusedError(`Not pulled: the remote changed ${inTheWay.join(', ')}, which ${which} uncommitted changes here. `
            + 'Commit or discard them, then pull again.', { uncommitted: inTheWay });
        }
        throw new GitRefusedError(gitReason(merged));
      }
      const after = await attempt(['rev-parse', '--verify', '-q', 'HEAD']);
      const changed = before && after && before !== after
        ? (await git(['diff', '--name-only', '--relative', '--no-renames', before, after])).split('\n').filter(Boolean)
        : [];
      return { remote, branch: current, changed };
    },

    /** Undo the last commit of the current branch, keeping its changes in the tree (a commit the remote refused). */
    async undoLastCommit(): Promise<void> {
      await git(['reset', '--quiet', 'HEAD~1']);
    },

    /** Push the current branch to `preferred` (or `origin`, or the only remote), setting it as upstream. */
    async push(preferred?: string): Promise<{ remote: string; branch: string }> {
      const { remote, current } = await tree.remote(preferred);
      // Names come from git itself (`git remote`, the checked-out branch), never from the request.
      await git(['push', '--quiet', '--set-upstream', remote, `HEAD:refs/heads/${current}`], 120_000)
        .catch((error) => { throw new GitRefusedError(gitReason(error)); });
      return { remote, branch: current };
    },
  };
  return tree;
}

export type WorkTree = ReturnType<typeof createWorkTree>;

/** The files git names when a merge would overwrite uncommitted changes (changed or untracked files), as it lists them. */
function filesInTheWay(error: unknown): string[] {
  const lines = String((error as { stderr?: string })?.stderr ?? '').split('\n');
  const start = lines.findIndex((line) => /would be overwritten by merge:$/.test(line.trim()));
  if (start < 0) return [];
  const after = lines.slice(start + 1);
  const end = after.findIndex((line) => !/^\s/.test(line));
  return after.slice(0, end < 0 ? after.length : end).map((line) => line.trim()).filter(Boolean);
}
