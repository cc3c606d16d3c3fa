import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** A git run that hangs (a remote that stopped answering) is ended: the write waiting on it is then retried or answered 503. */
const GIT_TIMEOUT_MS = 120_000;

/** The git commands a replica runs in its clone, each one process. */
export interface ReplicaGit {
  (...args: string[]): Promise<string>;
  /** The commit a ref names, or undefined when there is none. */
  resolve(ref: string): Promise<string | undefined>;
  /** Whether `commit` is `head` or one of its ancestors (false for a commit this clone does not have). */
  contains(commit: string, head?: string): Promise<boolean>;
  /** The remote's tip of `branch` as `git ls-remote` reports it (no fetch), or undefined when it has none. */
  remoteTip(remote: string, branch: string): Promise<string | undefined>;
  /** Whether tracked files differ from HEAD (a hand edit, or a write under way); untracked files are not looked at. */
  edited(): Promise<boolean>;
  /** Files (project-relative) that differ between two commits. */
  changedBetween(from: string, to: string): Promise<string[]>;
}

/**
 * A git runner for a replica's clone. A server's clone without an identity commits as the CMS
 * (authors are kept); a push or fetch that needs a password fails instead of waiting for a terminal.
 *
 * @example
 * const git = replicaGit(root); await git('fetch', '--quiet', 'origin', 'main');
 */
export function replicaGit(root: string): ReplicaGit {
  let identity: Promise<NodeJS.ProcessEnv> | undefined;
  const env = () => (identity ??= run('git', ['config', 'user.name'], { cwd: root }).then(
    ({ stdout }) => (stdout.trim() ? {} : undefined), () => undefined,
  ).then((found) => ({ ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', ...(found ?? { GIT_COMMITTER_NAME: 'cms', GIT_COMMITTER_EMAIL: 'cms@cms.local' }) })));
  const git = (async (...args: string[]) => {
    const options = { cwd: root, env: await env(), maxBuffer: 256 * 1024 * 1024, timeout: GIT_TIMEOUT_MS };
    return (await run('git', ['-c', 'core.quotePath=false', ...args], options)).stdout.trim();
  }) as ReplicaGit;
  git.resolve = (ref) => git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`).then((out) => out || undefined, () => undefined);
  git.contains = (commit, head = 'HEAD') => git('merge-base', '--is-ancestor', commit, head).then(() => true, () => false);
  git.remoteTip = async (remote, branch) => (await git('ls-remote', '--heads', remote, `refs/heads/${branch}`)).split(/\s/)[0] || undefined;
  git.edited = () => git('status', '--porcelain', '--untracked-files=no').then((out) => out !== '');
  git.changedBetween = async (from, to) => {
    if (from === to) return [];
    return (await git('diff', '--name-only', '--no-renames', '--relative', from, to, '--')).split('\n').filter(Boolean);
  };
  return git;
}

/** Each clone's fetch under way: two at once race for the remote-tracking ref's lock, and one of them fails. */
const fetching = new WeakMap<ReplicaGit, Promise<unknown>>();

/**
 * Fetch `name` from `remote` onto its remote-tracking ref (`refs/remotes/<remote>/<name>`), forced, no tags, and
 * without git's upkeep after it (one more process per fetch: the replica's poll runs it now and then instead);
 * a clone's fetches run one after another.
 */
export function fetchBranch(git: ReplicaGit, remote: string, name: string): Promise<string> {
  const refspec = `+refs/heads/${name}:refs/remotes/${remote}/${name}`;
  const run = (fetching.get(git) ?? Promise.resolve()).then(() => git('fetch', '--quiet', '--no-tags', '--no-auto-maintenance', remote, refspec));
  fetching.set(git, run.catch(() => undefined));
  return run;
}
