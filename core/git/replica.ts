import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { GitRefusedError, gitReason } from './git-errors.js';
import { ReadWriteLock } from './read-write-lock.js';

const run = promisify(execFile);

/**
 * One run at a time; callers arriving while one runs share the next run, which starts after they
 * asked (so it sees their commit, or the push a webhook announced), never a run already under way.
 */
function coalesce<T>(work: () => Promise<T>): () => Promise<T> {
  let current: Promise<unknown> = Promise.resolve();
  let next: Promise<T> | undefined;
  return () => {
    next ??= current.then(() => {
      next = undefined;
      const run = work();
      current = run.catch(() => undefined);
      return run;
    });
    return next;
  };
}

export interface ReplicaOptions {
  root: string;
  /** The remote every write is pushed to and pulled from (`git.push`, e.g. `origin`). */
  remote: string;
  /** Push each write (`git.push`); false: only pull. */
  push: boolean;
  /** Re-read the files a pull or rebase changed (project-relative paths). */
  reindex: (files: string[]) => Promise<void>;
  report: (message: string) => void;
  /** Rejected pushes rebased and tried again before giving up (the commits stay local). */
  retries?: number;
  /** The secret `POST /_cms/git/pull` asks for (env `CMS_GIT_PULL_TOKEN`); the route is off without it. */
  pullToken?: string;
}

export interface Replica {
  /** Run one write (file and commit) beside other writes, never during a rebase; resolves once it is pushed (or reported). */
  write<T>(work: () => Promise<T>): Promise<T>;
  /** Fetch and bring this clone up to the remote (local commits rebased on top, then pushed); the changed files are reindexed. */
  pull(): Promise<{ changed: string[] }>;
  /** Run work that rewrites the work tree (the studio's branch switch) with no write or rebase beside it. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  readonly pullToken: string | undefined;
}

/**
 * A server that writes to a shared remote: each write's commit is pushed before the write is
 * answered; a rejected push (another replica pushed first) fetches, rebases this clone's commits
 * with the content merge driver (set up by `cms git-setup`), reindexes and tries again, at most
 * `retries` times; then it is reported and the commit kept locally for the next push or pull.
 * Pushes coalesce: writes that arrive during a push share the next one.
 *
 * @example
 * const replica = createReplica({ root, remote: 'origin', push: true, reindex, report: console.error });
 */
export function createReplica(options: ReplicaOptions): Replica {
  // A rebase commits: a server's clone without an identity commits as the CMS (authors are kept).
  let identity: Promise<NodeJS.ProcessEnv> | undefined;
  const env = () => (identity ??= run('git', ['config', 'user.name'], { cwd: options.root }).then(
    ({ stdout }) => (stdout.trim() ? process.env : undefined), () => undefined,
  ).then((found) => found ?? { ...process.env, GIT_COMMITTER_NAME: 'cms', GIT_COMMITTER_EMAIL: 'cms@cms.local' }));
  const git = async (...args: string[]) => (await run('git', ['-c', 'core.quotePath=false', ...args], { cwd: options.root, env: await env(), maxBuffer: 256 * 1024 * 1024 })).stdout.trim();
  const lock = new ReadWriteLock();
  const retries = options.retries ?? 5;
  const branch = async () => git('rev-parse', '--abbrev-ref', 'HEAD');

  /** Fetch, rebase local commits onto the remote's, reindex what changed. Under the exclusive lock. */
  const catchUp = async (): Promise<string[]> => {
    const name = await branch();
    await git('fetch', '--quiet', options.remote, name).catch((error) => {
      throw new GitRefusedError(`git could not fetch ${name} from ${options.remote}: ${gitReason(error)}`);
    });
    const before = await git('rev-parse', 'HEAD');
    try {
      await git('rebase', '--quiet', '--autostash', 'FETCH_HEAD');
    } catch (error) {
      await git('rebase', '--abort').catch(() => undefined);
      // Only a stop at a conflict is the merge driver's; anything else (an untracked file in the way,
      // a lock, a detached HEAD) is git refusing to start, told in its own words.
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      const conflict = `${stdout}\n${stderr}`.split('\n').find((line) => line.startsWith('CONFLICT'));
      const onto = `${options.remote}/${name}`;
      if (conflict) throw new GitRefusedError(`rebase onto ${onto} stopped at a conflict the merge driver left: ${conflict}`);
      throw new GitRefusedError(`git refused to rebase onto ${onto}: ${gitReason(error)}`);
    }
    const changed = (await git('diff', '--name-only', '--relative', before, 'HEAD', '--')).split('\n').filter(Boolean);
    if (changed.length) await options.reindex(changed);
    return changed;
  };

  /** Branches written since the last push: a write pushes the branch it committed on, even if a switch came between. */
  const written = new Set<string>();

  /** Push one branch; a rejection is rebased and retried only while that branch is still checked out. */
  const pushBranch = async (name: string): Promise<void> => {
    for (let attempt = 0; ; attempt++) {
      try {
        await git('push', '--quiet', options.remote, `refs/heads/${name}:refs/heads/${name}`);
        return;
      } catch (error) {
        const message = (error as Error).message;
        // Only a remote that moved on is worth a rebase; anything else (no network, no rights) is reported as is.
        if (!/\[rejected\]|non-fast-forward|fetch first|failed to push some refs/.test(message) || attempt >= retries) {
          options.report(`git push to ${options.remote} failed${attempt >= retries ? ` after ${retries} rebases` : ''}; the commit stays local until the next push or pull: ${message.split('\n').find((line) => line.includes('!') || line.includes('fatal')) ?? message.split('\n')[0]}`);
          return;
        }
        try {
          await lock.exclusive(async () => {
            if ((await branch()) !== name) throw new Error(`${name} is no longer the checked-out branch, so it cannot be rebased here`);
            return catchUp();
          });
        } catch (rebaseError) {
          options.report(`${(rebaseError as Error).message}; the commit stays local`);
          return;
        }
      }
    }
  };

  const pushOnce = async (): Promise<void> => {
    const names = written.size ? [...written] : [await branch()];
    written.clear();
    for (const name of names) await pushBranch(name);
  };

  const pushed = coalesce(pushOnce);
  const pulled = coalesce(async () => {
    const changed = await lock.exclusive(catchUp);
    if (options.push && (await git('rev-list', '--count', 'FETCH_HEAD..HEAD')) !== '0') await pushed();
    return { changed };
  });

  return {
    pullToken: options.pullToken || undefined,
    async write(work) {
      const result = await lock.shared(async () => {
        const done = await work();
        // Noted under the lock: a branch switch waits for it, so this is the branch the commit is on.
        if (options.push) written.add(await branch());
        return done;
      });
      if (options.push) await pushed();
      return result;
    },
    pull: pulled,
    exclusive: (work) => lock.exclusive(work),
  };
}
