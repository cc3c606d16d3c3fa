import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { GitRefusedError, gitReason } from './git-errors.js';
import { createPushQueue } from './push-queue.js';
import { ReadWriteLock } from './read-write-lock.js';
import { replicaGit } from './replica-git.js';
import { TRACKED_FOLDERS } from './git-input.js';
import { resetTo, strayRefs } from './replica-reset.js';
import { notifyPeers } from './peers.js';
import type { ReplicaStatus } from './replica-status.js';
import { recordCommit } from './write-context.js';

/**
 * One run at a time; callers arriving while one runs share the next run, which starts after they
 * asked (so it sees the push a webhook announced), never a run already under way.
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
  /** Re-read the files a pull or reset changed (project-relative paths). */
  reindex: (files: string[]) => Promise<void>;
  report: (message: string) => void;
  /** Milliseconds a write may wait for the remote before it is answered 503 (`git.pushTimeout`, default 10 s). */
  pushTimeout?: number;
  /** The secret `POST /_cms/git/pull` and `GET /_cms/replica` ask for (env `CMS_GIT_PULL_TOKEN`); both are off without it. */
  pullToken?: string;
  /** Base URLs of the other replicas, told after each push (`git.peers`, env `CMS_GIT_PEERS`). */
  peers?: string[];
}

export interface Replica {
  /**
   * Run one write (files, index, commit) and answer once the remote holds it. The work may run
   * again on a newer tip (`previous`: the head its last run committed on); its last run's result is returned.
   */
  write<T>(work: (previous?: string) => Promise<T>): Promise<T>;
  /** A write of files already on disk (the media library): a re-run restores them from the earlier commit first. */
  writeFiles<T>(files: string[], work: () => Promise<T>): Promise<T>;
  /** Fetch and bring this clone to the remote's tip (stray commits or edits kept on `refs/cms/stray/…`); changed files are reindexed. */
  pull(): Promise<{ changed: string[] }>;
  /** Ask the remote for its tip (`git ls-remote`) and pull only when it differs from HEAD. */
  poll(): Promise<void>;
  /** Wait (at most `timeout` ms) until this clone holds `commit`, pulling meanwhile; false when it does not in time. */
  catchUp(commit: string, timeout?: number): Promise<boolean>;
  /** Run work that rewrites the work tree (the studio's branch switch) once pushes are done, with no write beside it. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Tell the peers the remote moved (the pull route fans a hosting site's webhook out with it). */
  notifyPeers(): void;
  status(): Promise<ReplicaStatus>;
  readonly pullToken: string | undefined;
}

const stamp = () => new Date().toISOString();
const KNOWN_LIMIT = 1024;

/**
 * A server on a clone of a shared remote, the remote being the one ordered log of writes: a write
 * is answered once the remote holds it (see push-queue.ts), the clone never keeps a commit the
 * remote does not have, and it learns of other replicas' pushes from their notice or its own poll.
 *
 * @example
 * const replica = createReplica({ root, remote: 'origin', push: true, reindex, report: console.error });
 */
export function createReplica(options: ReplicaOptions): Replica {
  const git = replicaGit(options.root);
  const lock = new ReadWriteLock();
  const { remote } = options;
  const timeout = options.pushTimeout ?? 10_000;
  const peers = (options.peers ?? []).map((peer) => peer.replace(/\/+$/, ''));
  const state: Pick<ReplicaStatus, 'lastPush' | 'lastPull' | 'lastPoll'> = { lastPush: null, lastPull: null, lastPoll: null };
  /** Commits this clone is known to hold (acknowledged or checked): most read-your-writes checks need no git call. */
  const known = new Set<string>();
  const remember = (commit: string) => { if (known.size >= KNOWN_LIMIT) known.clear(); known.add(commit); };
  const tellPeers = () => notifyPeers(peers, options.pullToken, options.report);
  if (peers.length && !options.pullToken) {
    options.report('git.peers is set but CMS_GIT_PULL_TOKEN is not: peers cannot be told of pushes (they still poll)');
  }
  const strayKept = (refs: string[]) => {
    const kept = `kept ${refs.join(', ')} and reset to ${remote}'s tip; what is there was never acknowledged`;
    options.report(`git: THIS REPLICA HAD DIVERGED from ${remote}: ${kept}`);
  };

  const queue = createPushQueue({
    root: options.root, git, lock, remote, timeout, reindex: options.reindex, report: options.report, strayKept,
    pushed: (commit, writes) => { state.lastPush = { at: stamp(), commit, writes }; remember(commit); tellPeers(); },
  });
  const branch = () => git('symbolic-ref', '--short', 'HEAD');

  /**
   * A replica that only pulls (`git.pull` without `git.push`) may hold commits of its own (commit per write):
   * they are rebased onto the remote's tip with the merge driver, as before, never thrown away.
   */
  const followOnly = async (tip: string): Promise<string[]> => {
    const before = (await git.resolve('HEAD'))!;
    try {
      await git('rebase', '--quiet', '--autostash', tip);
    } catch (error) {
      await git('rebase', '--abort').catch(() => undefined);
      // Only a stop at a conflict is the merge driver's; anything else (an untracked file in the way,
      // a lock, a detached HEAD) is git refusing to start, told in its own words.
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      const conflict = `${stdout}\n${stderr}`.split('\n').find((line) => line.startsWith('CONFLICT'));
      const onto = `${remote}'s tip`;
      if (conflict) throw new GitRefusedError(`rebase onto ${onto} stopped at a conflict the merge driver left: ${conflict}`);
      throw new GitRefusedError(`git refused to rebase onto ${onto}: ${gitReason(error)}`);
    }
    const changed = await git.changedBetween(before, (await git.resolve('HEAD'))!);
    if (changed.length) await options.reindex(changed);
    return changed;
  };

  /** Look at untracked files too on the next pull: on the first one (a replica killed mid-write leaves them) and after a hand edit. */
  let sweep = true;
  /** With writes of ours waiting, a pull only fetches (no lock): the pusher then catches up before its next push. */
  const fetchOnly = async () => {
    const name = await branch();
    await git('fetch', '--quiet', '--no-tags', remote, `+refs/heads/${name}:refs/remotes/${remote}/${name}`).catch(() => undefined);
    const tip = await git.resolve(`refs/remotes/${remote}/${name}`);
    if (tip) { state.lastPull = { at: stamp(), commit: tip }; queue.remoteAt(tip); }
    return { changed: [] };
  };
  const pull = coalesce(async () => (queue.pending ? fetchOnly() : lock.exclusive(async () => {
    const name = await branch();
    await git('fetch', '--quiet', '--no-tags', remote, `+refs/heads/${name}:refs/remotes/${remote}/${name}`).catch((error) => {
      throw new GitRefusedError(`git could not fetch ${name} from ${remote}: ${gitReason(error)}`);
    });
    const tip = (await git.resolve(`refs/remotes/${remote}/${name}`))!;
    state.lastPull = { at: stamp(), commit: tip };
    // This replica's own writes wait for their push (checked again under the lock): the pusher runs them again on the new tip.
    if (queue.pending) return { changed: [] };
    if (!options.push) return { changed: await followOnly(tip) };
    const untrackedIn = sweep ? TRACKED_FOLDERS.filter((folder) => existsSync(join(options.root, folder))) : undefined;
    sweep = false;
    const { changed, stray } = await resetTo(git, tip, { strayCommits: true, untrackedIn });
    if (stray.length) strayKept(stray);
    if (changed.length) await options.reindex(changed);
    return { changed };
  })));

  let polling = false;
  let editedBefore = false;
  const poll = async () => {
    if (polling || queue.pending) return;
    polling = true;
    try {
      const name = await branch();
      const [tip, known, head, edited] = await Promise.all([
        git.remoteTip(remote, name), git.resolve(`refs/remotes/${remote}/${name}`), git.resolve('HEAD'), git.edited(),
      ]);
      state.lastPoll = { at: stamp(), ok: true };
      // A media write's files are on disk a moment before its commit: only edits seen by two polls in a row are a hand's.
      const handEdited = edited && editedBefore;
      editedBefore = edited;
      if (handEdited) sweep = true;
      // The remote moved past what this clone last saw, or the clone left it (a hand commit or edit) while no write of
      // ours waits: only then a fetch, which holds writes back.
      if (tip && (tip !== known || (options.push && (tip !== head || handEdited || sweep) && !queue.pending))) await pull();
    } catch (error) {
      const lines = String((error as Error).message).split('\n');
      if (state.lastPoll?.ok !== false) options.report(`git: cannot reach ${remote}: ${lines.find((line) => /fatal|error/.test(line)) ?? lines[0]}`);
      state.lastPoll = { at: stamp(), ok: false };
    } finally {
      polling = false;
    }
  };

  const write = async <T>(work: (previous?: string) => Promise<T>): Promise<T> => {
    if (!options.push) return lock.shared(() => work());
    const { result, commit, deferred } = await queue.write(work);
    recordCommit(commit);
    for (const announce of deferred) await announce().catch((error: Error) => options.report(`after write: ${error.message}`));
    return result;
  };

  /** Put files back as the earlier commit had them (absent there: removed), for a re-run of a media write. */
  const restore = async (previous: string, files: string[]) => {
    for (const file of files) {
      const there = await git('cat-file', '-e', `${previous}:./${file}`).then(() => true, () => false);
      if (there) await git('checkout', previous, '--', file);
      else await rm(join(options.root, file), { force: true });
    }
    await options.reindex(files);
  };

  return {
    pullToken: options.pullToken || undefined,
    write,
    writeFiles: (files, work) => write(async (previous) => { if (previous) await restore(previous, files); return work(); }),
    pull,
    poll,
    async catchUp(commit, wait = timeout) {
      if (known.has(commit)) return true;
      const until = Date.now() + wait;
      for (let pause = 50; ; pause = Math.min(1000, pause * 2)) {
        if (await git.contains(commit)) { remember(commit); return true; }
        if (Date.now() >= until) return false;
        await pull().catch(() => undefined);
        if (await git.contains(commit)) { remember(commit); return true; }
        // Not on the remote yet (its push is still under way) or not at all: ask again a little later.
        await new Promise((resolve) => setTimeout(resolve, Math.min(pause, Math.max(0, until - Date.now()))));
      }
    },
    async exclusive(work) {
      // Writes that got in first are committed by the pusher, not inside their lock: wait until they are pushed
      // (outside the lock: a lost race needs it), then run alone if no new one slipped in meanwhile.
      for (;;) {
        await queue.idle();
        const done = await lock.exclusive(async () => {
          if (queue.pending) return undefined;
          try { return { value: await work() }; } finally { queue.forgetBranch(); }
        });
        if (done) return done.value;
      }
    },
    notifyPeers: tellPeers,
    async status() {
      const name = await branch().catch(() => null);
      const head = (await git.resolve('HEAD')) ?? null;
      const origin = name ? (await git.resolve(`refs/remotes/${remote}/${name}`)) ?? null : null;
      const counts = head && origin ? (await git('rev-list', '--left-right', '--count', `HEAD...${origin}`)).split(/\s+/).map(Number) : [0, 0];
      return {
        remote, branch: name, head, origin, ahead: counts[0], behind: counts[1],
        pendingWrites: queue.pending, lastError: queue.lastError ?? null,
        lastPush: state.lastPush, lastPull: state.lastPull, lastPoll: state.lastPoll,
        peers: peers.length, stray: await strayRefs(git),
      };
    },
  };
}
