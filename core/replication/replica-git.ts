import { placeOfRoot } from '../branches/branch-git.js';
import { branchFromFiles, refFromFiles } from '../branches/ref-files.js';
import { settleIndexes } from '../git/index-debt.js';
import { localRemoteTips } from './local-remote-tip.js';
import { runFile as run } from '../process/run-file.js';

/** A git run that hangs (a remote that stopped answering) is ended: the write waiting on it is then retried or answered 503. */
const GIT_TIMEOUT_MS = 120_000;

/**
 * The niceness of a replica's catching up (fetches, fast-forwards, resets after a peer's push or a poll): it gives way
 * to serving requests and forwarding writes on a busy machine, and still gets a tenth or so of a core they leave.
 */
export const BACKGROUND_NICENESS = 10;

/** The git commands a replica runs in its clone, each one process. */
export interface ReplicaGit {
  (...args: string[]): Promise<string>;
  /** The clone's root. */
  readonly root: string;
  /** The same commands run at a lower CPU priority (`BACKGROUND_NICENESS`), for catching up with the remote. */
  readonly background: ReplicaGit;
  /** The branch checked out (`git symbolic-ref --short HEAD`), from the HEAD file where it says it. */
  branch(): Promise<string>;
  /** Where the project sits in the repository (`site/`, '' at the top: `git rev-parse --show-prefix`), asked once per root. */
  prefix(): Promise<string>;
  /** The commit a ref names, or undefined when there is none. */
  resolve(ref: string): Promise<string | undefined>;
  /** Whether `commit` is `head` or one of its ancestors (false for a commit this clone does not have). */
  contains(commit: string, head?: string): Promise<boolean>;
  /**
   * The remote's tip of `branch` as `git ls-remote` reports it (no fetch), or undefined when it has none; read from the remote's
   * ref files when it is a repository on this machine (local-remote-tip.ts).
   */
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
  ).then((found) => ({
    ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0',
    ...(found ?? { GIT_COMMITTER_NAME: 'cms', GIT_COMMITTER_EMAIL: 'cms@cms.local' }),
  })));
  const git = runner(root, env, 0);
  Object.assign(git, { background: runner(root, env, BACKGROUND_NICENESS) });
  Object.assign(git.background, { background: git.background });
  return git;
}

/** One runner of git commands in `root`, at `niceness` (0: this process's own priority). */
function runner(root: string, env: () => Promise<NodeJS.ProcessEnv>, niceness: number): ReplicaGit {
  const git = (async (...args: string[]) => {
    const options = { cwd: root, env: await env(), maxBuffer: 256 * 1024 * 1024, timeout: GIT_TIMEOUT_MS };
    // Index entries owed by the CMS's own commits (a large repository, index-debt.ts) are written before git reads the index.
    await settleIndexes();
    // `nice` lowers git's priority before git starts (it then execs git), so the processes git starts in turn (a fetch's
    // index-pack, a local remote's upload-pack) inherit it however soon they start; raising it after the spawn raced them.
    const command = niceness ? ['nice', '-n', String(niceness), 'git'] : ['git'];
    const running = run(command[0], [...command.slice(1), '-c', 'core.quotePath=false', ...args], options);
    return (await running).stdout.trim();
  }) as ReplicaGit;
  Object.assign(git, { root });
  // HEAD and the remote-tracking ref are read from their files where they say it (ref-files.ts), afresh on every call: a status
  // asked every second, and each pull and poll, would otherwise start a git process for each.
  const fromFiles = async (ref: string) => {
    const place = await placeOfRoot(root).catch(() => undefined);
    return place && refFromFiles(place.headDir, place.gitDir, ref);
  };
  git.branch = async () => {
    const place = await placeOfRoot(root).catch(() => undefined);
    return (place && branchFromFiles(place.headDir, place.gitDir)) ?? git('symbolic-ref', '--short', 'HEAD');
  };
  git.prefix = async () => (await placeOfRoot(root)).prefix;
  git.resolve = async (ref) => (await fromFiles(ref))
    ?? git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`).then((out) => out || undefined, () => undefined);
  git.contains = (commit, head = 'HEAD') => git('merge-base', '--is-ancestor', commit, head).then(() => true, () => false);
  const localTip = localRemoteTips(root, (remote) => git('ls-remote', '--get-url', remote));
  git.remoteTip = async (remote, branch) => (await localTip(remote, branch))
    ?? ((await git('ls-remote', '--heads', remote, `refs/heads/${branch}`)).split(/\s/)[0] || undefined);
  git.edited = () => git('status', '--porcelain', '--untracked-files=no').then((out) => out !== '');
  git.changedBetween = async (from, to) => {
    if (from === to) return [];
    return (await git('diff', '--name-only', '--no-renames', '--relative', from, to, '--')).split('\n').filter(Boolean);
  };
  return git;
}

/** Each clone's fetch under way (by root, whatever the priority): two at once race for the remote-tracking ref's lock, and one fails. */
const fetching = new Map<string, Promise<unknown>>();

/**
 * Fetch `name` from `remote` onto its remote-tracking ref (`refs/remotes/<remote>/<name>`), forced, no tags, and
 * without git's upkeep after it (one more process per fetch: the replica's poll runs it now and then instead);
 * a clone's fetches run one after another.
 */
export function fetchBranch(git: ReplicaGit, remote: string, name: string): Promise<string> {
  const refspec = `+refs/heads/${name}:refs/remotes/${remote}/${name}`;
  const fetchOnce = () => git('fetch', '--quiet', '--no-tags', '--no-auto-maintenance', remote, refspec);
  const run = (fetching.get(git.root) ?? Promise.resolve()).then(fetchOnce);
  const settled = run.then(() => undefined, () => undefined);
  fetching.set(git.root, settled);
  // Forgotten once done, unless another fetch queued behind it meanwhile.
  void settled.then(() => { if (fetching.get(git.root) === settled) fetching.delete(git.root); });
  return run;
}
