import { constants } from 'node:fs';
import { access, lstat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { withCommitPipes } from './commit-pipes.js';
import { indexDebt } from './index-debt.js';
import { writeLooseObject } from './loose-object.js';
import { editTree, type FileChange, type TreeWriter } from './tree-edit.js';
import { runFile } from '../process/run-file.js';

/** What commitByTrees answers when this commit must be made by `git commit` instead (see `plumbingRefusal`). */
export const USE_GIT_COMMIT = Symbol('use git commit');

/** Tries of the tree build when another commit moves HEAD between the read and the `update-ref`. */
const REF_ATTEMPTS = 5;
/** Every this many commits, git's own housekeeping (`maintenance run --auto`), which `git commit` runs after each commit. */
const MAINTENANCE_EVERY = 25;
/** Hooks `git commit --no-verify` still runs: a repository with either commits the old way, so they keep running. */
const COMMIT_HOOKS = ['prepare-commit-msg', 'post-commit'];
/** States in which `git commit --only` refuses (a merge, cherry-pick or revert under way): refused the same way. */
const UNDER_WAY = ['MERGE_HEAD', 'CHERRY_PICK_HEAD', 'REVERT_HEAD'];

type Run = (args: string[], options?: { input?: string | Buffer; env?: NodeJS.ProcessEnv; cwd?: string }) => Promise<string>;
/** Settings under which git writes objects otherwise (shared permissions, fsync): trees are then written by git too. */
const OBJECT_SETTINGS = /^core\.(sharedrepository|fsync|fsyncobjectfiles|fsyncmethod)$/;

/** `git commit -m`'s default clean-up (`whitespace`): trailing spaces and blank lines at either end go, runs of blank lines become one. */
export function cleanMessage(message: string): string {
  const lines = message.split('\n').map((line) => line.trimEnd());
  const kept = lines.filter((line, at) => line || (at > 0 && lines[at - 1]));
  while (kept.length && !kept[0]) kept.shift();
  while (kept.length && !kept.at(-1)) kept.pop();
  return kept.length ? `${kept.join('\n')}\n` : '';
}

/**
 * Commits made without git's index: the changed files' blobs (`hash-object -w --stdin-paths`), the trees of only the folders on
 * their paths (tree-edit.ts), `commit-tree`, then `update-ref HEAD <new> <old>`, which fails if HEAD moved meanwhile (a commit by
 * a person or another process is never overwritten: the trees are built again on the new HEAD). The index is brought up to date
 * for just these paths afterwards (`update-index --add --remove`), so `git status` stays clean. What a commit costs follows the
 * depth of the paths and the size of their folders, not the number of files in the repository.
 */
export function treeCommitter(root: string, committerEnv: (author: { name: string; email: string }) => Promise<NodeJS.ProcessEnv>) {
  const run: Run = async (args, { input, env = {}, cwd = root } = {}) => (await runFile('git', args, {
    cwd, maxBuffer: 256 * 1024 * 1024, env: { ...process.env, GIT_LITERAL_PATHSPECS: '1', ...env }, input: input ?? '',
  })).stdout;
  type Place = { top: string; prefix: string; gitDir: string; hooks: string; signs: boolean; writeTree: TreeWriter };
  let place: Promise<Place> | undefined;
  const placeOf = () => place ??= (async () => {
    const [top, prefix, gitDir, hooks, objects, format] = (await run(['rev-parse', '--show-toplevel', '--show-prefix',
      '--absolute-git-dir', '--git-path', 'hooks', '--git-path', 'objects', '--show-object-format'])).split('\n');
    const signs = (await run(['config', '--type=bool', 'commit.gpgSign']).catch(() => '')).trim() === 'true';
    const keys = (await run(['config', '--name-only', '--list']).catch(() => '')).split('\n');
    // Trees are written here as git writes a loose object (loose-object.ts); in a SHA-256 repository, or with settings that
    // change how git writes objects, by `hash-object -t tree -w --stdin` (one process per tree).
    const writeTree: TreeWriter = format === 'sha1' && !keys.some((key) => OBJECT_SETTINGS.test(key))
      ? (body) => writeLooseObject(isAbsolute(objects) ? objects : join(root, objects), 'tree', body)
      : async (body) => (await run(['hash-object', '-t', 'tree', '-w', '--stdin'], { input: body })).trim();
    return { top, prefix, gitDir, hooks: isAbsolute(hooks) ? hooks : join(root, hooks), signs, writeTree };
  })().catch((error) => {
    // Not a repository yet (or git missing): asked again next time.
    place = undefined;
    throw error;
  });
  let commits = 0;

  const exists = (path: string, mode = constants.F_OK) => access(path, mode).then(() => true, () => false);

  /** Why this commit is left to `git commit`, or undefined when plumbing makes the same commit. */
  async function plumbingRefusal(paths: string[]): Promise<string | undefined> {
    const { gitDir, hooks, signs } = await placeOf();
    if (signs) return 'commit.gpgSign';
    for (const hook of COMMIT_HOOKS) if (await exists(join(hooks, hook), constants.X_OK)) return `the ${hook} hook`;
    for (const state of UNDER_WAY) if (await exists(join(gitDir, state))) return state;
    if (paths.some((path) => /[\n\r]/.test(path) || path.startsWith('/') || path.split('/').includes('..'))) return 'an odd path';
    return undefined;
  }

  /** Each path's blob and mode (null when the file is gone), or undefined when one is no plain file (a folder, a link). */
  async function blobsOf(paths: string[], { top, prefix }: { top: string; prefix: string }): Promise<FileChange[] | undefined> {
    const stats = await Promise.all(paths.map((path) => lstat(join(root, path)).catch((error) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
      throw error;
    })));
    if (stats.some((stat) => stat && !stat.isFile())) return undefined;
    const written = paths.filter((_, at) => stats[at]);
    // From the repository's top, with paths from there: the path picks the attributes (filters, eol) as `git add`'s would.
    const input = written.map((path) => `${prefix}${path}\n`).join('');
    const oids = written.length ? (await run(['hash-object', '-w', '--stdin-paths'], { input, cwd: top })).trim().split('\n') : [];
    let next = 0;
    return paths.map((path, at) => {
      const stat = stats[at];
      // `git add` keeps the executable bit (core.fileMode, on by default).
      return { path: `${prefix}${path}`, blob: stat ? { oid: oids[next++], mode: stat.mode & 0o100 ? '100755' : '100644' } : null };
    });
  }

  /** The tree of HEAD with the changes, committed over HEAD; undefined when nothing changes, USE_GIT_COMMIT on an unborn HEAD. */
  type Made = { commit?: string; head?: string; fallback?: true };
  const commitOnce = (changes: FileChange[], message: string, env: NodeJS.ProcessEnv, writeTree: TreeWriter): Promise<Made> =>
    withCommitPipes<Made>(root, async (cat) => {
      cat.write('HEAD\n');
      const header = (await cat.line()).split(' ');
      // An unborn HEAD (or a repository made again under the kept processes): `git commit`, and the processes started anew.
      if (header[1] !== 'commit') return { value: { fallback: true }, drop: true };
      const body = await cat.bytes(Number(header[2]) + 1);
      const head = { oid: header[0], tree: body.toString('utf8', 5, body.indexOf(0x0a)) };
      const tree = await editTree(cat, writeTree, head, changes);
      if (!tree) return { value: { fallback: true } };
      if (tree === head.tree) return { value: { head: head.oid } };
      const commit = (await run(['commit-tree', tree, '-p', head.oid, '-F', '-'], { input: message, env })).trim();
      const moved = await run(['update-ref', '-m', `commit: ${message.split('\n')[0]}`, 'HEAD', commit, head.oid])
        .then(() => false, async (error) => {
          if ((await run(['rev-parse', '--verify', '-q', 'HEAD']).catch(() => '')).trim() === head.oid) throw error;
          return true;
        });
      return { value: moved ? {} : { commit, head: head.oid } };
    });

  return {
    /**
     * Commit exactly these paths as they are in the work tree. Returns the new commit, undefined when they match HEAD, or
     * USE_GIT_COMMIT when the repository needs `git commit` (hooks, signing, a merge under way, an unborn HEAD, a path that is no
     * plain file).
     */
    async commit(paths: string[], message: string, author: { name: string; email: string; date?: string })
      : Promise<string | undefined | typeof USE_GIT_COMMIT> {
      const text = cleanMessage(message);
      if (!text || await plumbingRefusal(paths)) return USE_GIT_COMMIT;
      // A person's `git commit` holds the index's lock while its editor is open, and would fail if HEAD moved under it: wait,
      // as `git commit` here would (commit-per-write tries again).
      const { gitDir, top, prefix, writeTree } = await placeOf();
      const debt = indexDebt(gitDir, top, run);
      // While this process's own deferred `update-index` runs, the lock is its own (see index-debt.ts): no reason to wait.
      const lock = join(gitDir, 'index.lock');
      if (!debt.writing && await exists(lock)) throw new Error(`fatal: Unable to create '${lock}': File exists.`);
      const changes = await blobsOf(paths, await placeOf());
      if (!changes) return USE_GIT_COMMIT;
      const env = {
        ...await committerEnv(author), GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email,
        ...(author.date ? { GIT_AUTHOR_DATE: author.date } : {}),
      };
      for (let attempt = 1; ; attempt++) {
        const made = await commitOnce(changes, text, env, writeTree);
        if (made.fallback) return USE_GIT_COMMIT;
        if (made.head) {
          // The index entries of these paths, from the files, so `git status` stays clean: at once in a small index, after the
          // burst of commits in a large one (index-debt.ts).
          await debt.owe(paths.map((path) => `${prefix}${path}`));
          if (made.commit && ++commits % MAINTENANCE_EVERY === 0) await run(['maintenance', 'run', '--auto', '--quiet']).catch(() => '');
          return made.commit;
        }
        if (attempt >= REF_ATTEMPTS) throw new Error(`git: HEAD moved during each of ${REF_ATTEMPTS} tries of this commit`);
      }
    },
  };
}
