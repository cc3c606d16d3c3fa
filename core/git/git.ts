import { settleIndexes } from './index-debt.js';
import { treeCommitter, USE_GIT_COMMIT } from './tree-commit.js';
import { runFile as run } from '../process/run-file.js';
import { streamFile } from '../process/stream-file.js';
import { gitList } from './git-records.js';
import { readBatch } from './cat-file-batch.js';

/** The few git operations the CMS needs, run in the project root. */
export interface GitPort {
  isRepository(): Promise<boolean>;
  /** Commit exactly these paths (added, changed or deleted); other changes in the tree are left alone. */
  commitPaths(paths: string[], message: string, author: { name: string; email: string; date?: string }): Promise<string | undefined>;
  /** The repository's `user.name` and `user.email` (local, then global config), when both are set. */
  identity(): Promise<{ name: string; email: string } | undefined>;
  /** Commits touching any of the pathspecs, newest first. */
  /** The commits that touched `pathspecs`, newest first, on HEAD (or on `ref`, a branch's `refs/heads/<name>`). */
  log(pathspecs: string[], limit?: number, ref?: string): Promise<GitCommit[]>;
  /** The full hash of a commit (hash, abbreviation, `HEAD~2`, branch or tag), or undefined when there is none. */
  resolveCommit(ref: string): Promise<string | undefined>;
  /** A file's text at a commit, or undefined when it did not exist there. */
  show(commit: string, path: string): Promise<string | undefined>;
  /**
   * Many files' texts, each at its commit, read by one `git cat-file --batch` (one process, however many files):
   * keyed `<commit>:<path>` as asked; a file that did not exist there (or is a folder) has no entry.
   */
  showMany(files: ReadonlyArray<{ commit: string; path: string }>): Promise<Map<string, string>>;
  /** Files in a folder at a commit. */
  listFiles(commit: string, folder: string): Promise<string[]>;
}

/** One version of a document: who committed it, when, and why. */
export interface GitCommit {
  commit: string;
  author: string;
  email: string;
  date: string;
  message: string;
}

/** One `git cat-file --batch` run over these object names (one per line): the texts, read as the output streams. */
async function catFileBatch(root: string, names: string[]): Promise<Array<string | undefined>> {
  const input = names.map((name) => `${name}\n`).join('');
  return streamFile('git', ['cat-file', '--batch'], { cwd: root, input }, (stdout) => readBatch(stdout, names.length)).catch((error) => {
    const { stderr, code, cmd } = error as { stderr?: string; code?: unknown; cmd?: string };
    // The program's own failure; a short answer (readBatch's error) says so itself.
    if (cmd === undefined) throw error;
    throw new Error(`git cat-file --batch: ${stderr?.trim() || `exit ${code}`}`);
  });
}

const FIELD = '\u001f';
const RECORD = '\u001e';

export function createGit(root: string): GitPort {
  const git = async (args: string[], env: NodeJS.ProcessEnv = {}) =>
    (await run('git', args, { cwd: root, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 })).stdout;

  /** Whether the repository names a committer (asked once: without one, commits name their author as committer). */
  let configured: Promise<boolean> | undefined;
  // One git command at a time: concurrent writes would fight over .git/index.lock.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(work, work);
    queue = result.catch(() => undefined);
    return result;
  };

  const committerEnv = async (author: { name: string; email: string }): Promise<NodeJS.ProcessEnv> =>
    ((await (configured ??= git(['config', 'user.name']).then((name) => !!name.trim(), () => false)))
      ? {}
      : { GIT_COMMITTER_NAME: author.name, GIT_COMMITTER_EMAIL: author.email });
  const trees = treeCommitter(root, committerEnv);

  const show = async (commit: string, path: string) => {
    // `./`: the path is relative to the project root, which may be a subfolder of the repository.
    try { return await git(['show', `${commit}:./${path}`]); } catch { return undefined; }
  };

  return {
    async identity() {
      const read = async (key: string) => (await git(['config', key]).catch(() => '')).trim();
      const [name, email] = [await read('user.name'), await read('user.email')];
      return name && email ? { name, email } : undefined;
    },
    async isRepository() {
      try { return (await git(['rev-parse', '--is-inside-work-tree'])).trim() === 'true'; } catch { return false; }
    },
    commitPaths: (paths, message, author) => serial(async () => {
      if (!paths.length) return undefined;
      // By plumbing (tree-commit.ts): a commit's cost follows its paths, not the repository; `git commit` where that would differ.
      const made = await trees.commit(paths, message, author);
      if (made !== USE_GIT_COMMIT) return made;
      // `git commit` builds on the index: the entries owed by earlier plumbing commits are written first.
      await settleIndexes();
      await git(['add', '--all', '--', ...paths]);
      const identity = await committerEnv(author);
      const date = author.date ? [`--date=${author.date}`] : [];
      try {
        await git([
          'commit', '--quiet', '--no-verify', `--author=${author.name} <${author.email}>`, ...date, '-m', message, '--only', '--', ...paths,
        ], identity);
      } catch (error) {
        // The paths match HEAD: git says so and exits 1; that is no commit, not a failure.
        const output = `${(error as { stdout?: string }).stdout ?? ''}${(error as Error).message}`;
        if (/nothing (added )?to commit|no changes added to commit/.test(output)) return undefined;
        throw error;
      }
      return (await git(['rev-parse', 'HEAD'])).trim();
    }),
    async log(pathspecs, limit = 100, ref) {
      const format = `--format=%H${FIELD}%an${FIELD}%ae${FIELD}%aI${FIELD}%s${RECORD}`;
      const at = ref === undefined || ref.startsWith('-') ? [] : [ref];
      const out = await git(['log', `-n${limit}`, format, ...at, '--', ...pathspecs]).catch(() => '');
      return out.split(RECORD).map((line) => line.trim()).filter(Boolean).map((line) => {
        const [commit, author, email, date, message] = line.split(FIELD);
        return { commit, author, email, date: new Date(date).toISOString(), message };
      });
    },
    async resolveCommit(ref) {
      // A leading dash would read as an option; the caller validates, this is the last guard.
      if (ref.startsWith('-')) return undefined;
      try { return (await git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])).trim() || undefined; } catch { return undefined; }
    },
    show,
    async showMany(files) {
      const found = new Map<string, string>();
      // A name is one line of the batch's input, and a path out of the repository ends the batch: such paths are read one by one.
      const odd = files.filter(({ path }) => /[\r\n]/.test(path) || path.startsWith('/') || path.split('/').includes('..'));
      const lines = files.filter((file) => !odd.includes(file));
      if (lines.length) {
        // `./` as in show().
        const texts = await catFileBatch(root, lines.map(({ commit, path }) => `${commit}:./${path}`));
        texts.forEach((text, at) => {
          if (text !== undefined) found.set(`${lines[at].commit}:${lines[at].path}`, text);
        });
      }
      for (const { commit, path } of odd) {
        const text = await show(commit, path);
        if (text !== undefined) found.set(`${commit}:${path}`, text);
      }
      return found;
    },
    async listFiles(commit, folder) {
      // Streamed: a folder of a million files is never one string.
      return gitList(root, ['ls-tree', '-r', '--name-only', '-z', commit, '--', `${folder.replace(/\/$/, '')}/`], { nul: true })
        .catch(() => []);
    },
  };
}
