import { execFile } from 'node:child_process';
import { settleIndexes } from '../git/index-debt.js';

/** What a git run answered: its stdout as text. Fails as execFile does (the error carries `stderr`, `code`). */
export type BranchGit = (args: string[], options?: { env?: NodeJS.ProcessEnv; input?: string; timeout?: number }) => Promise<string>;

/**
 * Git in a project root for the branch plumbing: never a prompt, never a lock to refresh the served index, git's words in English
 * (LC_ALL=C, so refusals can be told apart), paths unquoted, literal pathspecs.
 *
 * @example
 * const git = branchGit(root); await git(['rev-parse', 'refs/heads/main'])
 */
export function branchGit(root: string): BranchGit {
  const run: BranchGit = (args, { env = {}, input, timeout = 60_000 } = {}) => new Promise<string>((resolve, reject) => {
    const child = execFile('git', ['-c', 'core.quotePath=false', ...args], {
      cwd: root, timeout, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8',
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', GIT_LITERAL_PATHSPECS: '1', LC_ALL: 'C', ...env },
    }, (error, stdout, stderr) => {
      if (error) reject(Object.assign(error, { stdout, stderr }));
      else resolve(stdout);
    });
    // A closed pipe (git gone early) is told by the exit code.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input ?? '');
  });
  // Index entries owed by the CMS's own commits (a large repository, index-debt.ts) are written before git reads the index.
  return (args, options) => settleIndexes().then(() => run(args, options));
}

/** The full hash a ref names now, or undefined when there is no such ref. */
export async function refTip(git: BranchGit, ref: string): Promise<string | undefined> {
  const out = await git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).catch(() => '');
  return out.trim() || undefined;
}

/**
 * Where the project sits in its repository (`site/` or ''), the repository's common git folder (shared by worktrees; refs, objects)
 * and its own work tree's (HEAD), absolute.
 */
export async function repositoryPlace(git: BranchGit): Promise<{ prefix: string; gitDir: string; headDir: string }> {
  const out = await git(['rev-parse', '--show-prefix', '--path-format=absolute', '--git-dir', '--git-common-dir']);
  const [prefix, headDir, gitDir] = out.split('\n').map((line) => line.trim());
  return { prefix, gitDir, headDir };
}

const places = new Map<string, Promise<{ prefix: string; gitDir: string; headDir: string }>>();

/**
 * repositoryPlace for a project root, asked of git once per root and shared by every reader of its ref files (a failure, such as no
 * repository yet, is asked again next time).
 *
 * @example
 * const { gitDir } = await placeOfRoot('/site') // '/site/.git'
 */
export function placeOfRoot(root: string): Promise<{ prefix: string; gitDir: string; headDir: string }> {
  let place = places.get(root);
  if (!place) {
    places.set(root, place = repositoryPlace(branchGit(root)));
    place.catch(() => { if (places.get(root) === place) places.delete(root); });
  }
  return place;
}

/** Per repository root, whether git names a committer by itself (asked once, as commitPaths does). */
const committers = new Map<string, Promise<boolean>>();

/**
 * The environment of a commit by `author`: the committer is the repository's identity, or the author when the repository has
 * none (as commitPaths does).
 */
export async function commitIdentity(root: string, git: BranchGit, author: { name: string; email: string }, date?: string)
  : Promise<NodeJS.ProcessEnv> {
  const env = { GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email, ...(date ? { GIT_AUTHOR_DATE: date } : {}) };
  let configured = committers.get(root);
  if (!configured) committers.set(root, configured = git(['var', 'GIT_COMMITTER_IDENT']).then(() => true, () => false));
  return await configured ? env : { ...env, GIT_COMMITTER_NAME: author.name, GIT_COMMITTER_EMAIL: author.email };
}
