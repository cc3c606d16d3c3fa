import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { GitRefusedError, gitReason } from '../git/git-errors.js';
import { createPushQueue } from './push-queue.js';
import { ReadWriteLock } from './read-write-lock.js';
import { fetchBranch, replicaGit } from './replica-git.js';
import { TRACKED_FOLDERS } from '../git/git-input.js';
import { fastForward, headAndTarget, resetTo, strayRefs } from './replica-reset.js';
import { createPoll, type SyncMarks } from './replica-poll.js';
import { createLag, type ReplicaLag } from './replica-lag.js';
import { createCatchUp, type CatchUpAnswer } from './replica-catch-up.js';
import { peerNotices } from './peers.js';
import type { ReplicaStatus } from './replica-status.js';
import { recordCommit } from './write-context.js';
import { mediaWrites } from './replica-media.js';
import { coalesce } from './coalesce.js';
import { throttle } from './throttle.js';
import { createWriterChoice, type WriterChoice } from './writer-choice.js';

export interface ReplicaOptions {
  root: string;
  /** The remote every write is pushed to and pulled from (`git.push`, e.g. `origin`). */
  remote: string;
  /** Push each write (`git.push`); false: only pull. */
  push: boolean;
  /** Re-read the files a pull or reset changed (project-relative paths). */
  reindex: (files: string[]) => Promise<void>;
  /**
   * Whether writes that left `ours` stay valid beside files another replica's commits changed (indexed by then), so a lost
   * push race carries them over instead of running them again (see `writesIndependent`); without it, they always run again.
   */
  independent?: (ours: string[], theirs: Array<{ file: string; removed: boolean }>) => boolean;
  report: (message: string) => void;
  /** Milliseconds a write may wait for the remote before it is answered 503 (`git.pushTimeout`, default 10 s). */
  pushTimeout?: number;
  /** The secret `POST /_cms/git/pull` and `GET /_cms/replica` ask for (env `CMS_GIT_PULL_TOKEN`); both are off without it. */
  pullToken?: string;
  /** Base URLs of the other replicas, told after each push (`git.peers`, env `CMS_GIT_PEERS`). */
  peers?: string[];
  /** This replica's own base URL as its peers list it (env `CMS_GIT_SELF`): with it, writes go to one writer replica. */
  self?: string;
  /** Send writes on to the writer replica (`git.forwardWrites`, default true; see writer-choice.ts). */
  forwardWrites?: boolean;
  /** Milliseconds a forwarded write waits for the writer's answer past `pushTimeout` (`git.forwardMargin`; see writer-choice.ts). */
  forwardMargin?: number;
  /** The shared state store (PostgreSQL): with it, the writer is the replica holding the writer lock there. */
  stateUrl?: string;
}

export interface Replica {
  /**
   * Run one write (files, index, commit) and answer once the remote holds it. The work may run
   * again on a newer tip; its last run's result is returned.
   */
  write<T>(work: () => Promise<T>): Promise<T>;
  /**
   * A media write (binaries and entries), whose work runs once, inside the write gate: on a newer tip
   * its files are put back as its first run left them (what its commits hold) instead of running it again.
   */
  writeMedia<T>(work: () => Promise<T>): Promise<T>;
  /** Fetch and bring this clone to the remote's tip (stray commits or edits kept on `refs/cms/stray/…`); changed files are reindexed. */
  pull(): Promise<{ changed: string[] }>;
  /**
   * A peer's notice that it pushed: a pull at most once per `NOTICE_WINDOW_MS` (the first at once), so a
   * replica that only reads does not spend a core on catching up after every push of a busy writer.
   */
  pullNoticed(): Promise<{ changed: string[] }>;
  /** Ask the remote for its tip (`git ls-remote`) and pull only when it differs from HEAD. */
  poll(): Promise<void>;
  /**
   * Read-your-writes (see replica-catch-up.ts): `held` when this clone holds `commit`; `unknown` when the remote does not
   * hold it either (stale or made up: nothing to wait for); `unchecked` when `client` has spent its allowance of such
   * lookups; else it pulls, at most `wait` ms (default `git.pushTimeout`), and `behind` when still not here.
   */
  catchUp(commit: string, options?: { client?: string; wait?: number }): Promise<CatchUpAnswer>;
  /** A peer's push notice named this commit (read-your-writes then waits for it without looking it up). */
  announce(commit: string): void;
  /** Run work that rewrites the work tree (the studio's branch switch) once pushes are done, with no write beside it. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Tell the peers the remote moved (the pull route fans a hosting site's webhook out with it). */
  notifyPeers(): void;
  status(): Promise<ReplicaStatus>;
  /** How far behind the remote's tip this clone is, and since when (for `GET /_health`). */
  lag(): Promise<ReplicaLag & { behindForMs: number }>;
  /** Milliseconds a write may wait for the remote (`git.pushTimeout`): a replica behind for longer is unhealthy. */
  readonly pushTimeout: number;
  readonly pullToken: string | undefined;
  /** Which replica takes the writes, when this one forwards them (undefined: it writes every write itself). */
  readonly writers: WriterChoice | undefined;
}

const NOT_FORWARDING = {
  enabled: false, chosenBy: null, self: null, writer: null, forwarded: 0, lostAfterSend: 0, down: [], elected: null,
};
const stamp = () => new Date().toISOString();
/** The later of two errors (a push's, a pull's), or null. */
const latest = (...errors: Array<{ at: string; message: string } | undefined>) =>
  errors.filter((error) => error !== undefined).sort((a, b) => (a.at < b.at ? 1 : -1))[0] ?? null;
/**
 * Peers' notices within this window share one pull: a replica that only reads pulls at most twice a second under a
 * busy writer (each pull is a fetch, a reset and a reindex: a dozen git runs), and still learns of a push within a
 * second; a read asking for a newer commit (read-your-writes) pulls at once.
 */
const NOTICE_WINDOW_MS = 500;

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
  const marks: SyncMarks = { broughtTo: undefined, noticedAt: 0, sweep: true };
  const lag = createLag(remote, options.report);
  const tellPeers = peerNotices({ peers, token: options.pullToken, report: options.report });
  if (peers.length && !options.pullToken) {
    options.report('git.peers is set but CMS_GIT_PULL_TOKEN is not: peers cannot be told of pushes (they still poll)');
  }
  const writers = options.push ? createWriterChoice({
    self: options.self, peers, token: options.pullToken, forwardWrites: options.forwardWrites ?? true, pushTimeoutMs: timeout,
    forwardMarginMs: options.forwardMargin, stateUrl: options.stateUrl, report: options.report,
  }) : undefined;
  const strayKept = (refs: string[]) => {
    const kept = `kept ${refs.join(', ')} and reset to ${remote}'s tip; what is there was never acknowledged`;
    options.report(`git: THIS REPLICA HAD DIVERGED from ${remote}: ${kept}`);
  };

  const queue = createPushQueue({
    root: options.root, git, lock, remote, timeout, reindex: options.reindex, report: options.report, strayKept,
    independent: options.independent ?? (() => false),
    pushed: (commit, writes) => {
      state.lastPush = { at: stamp(), commit, writes };
      reads.remember(commit);
      marks.broughtTo = commit;
      lag.saw(commit);
      lag.reached(commit);
      tellPeers(commit);
    },
  });
  /** The checked-out branch, asked once (a branch switch runs in `exclusive`, which forgets it). */
  let checkedOut: Promise<string> | undefined;
  const branch = () => (checkedOut ??= git.branch().catch((error) => { checkedOut = undefined; throw error; }));

  /** Catching up with the remote gives way to serving requests (see `BACKGROUND_NICENESS`). */
  const catching = git.background;

  /**
   * A replica that only pulls (`git.pull` without `git.push`) may hold commits of its own (commit per write):
   * they are rebased onto the remote's tip with the merge driver, as before, never thrown away.
   */
  const followOnly = async (tip: string): Promise<string[]> => {
    const before = (await catching.resolve('HEAD'))!;
    try {
      await catching('rebase', '--quiet', '--autostash', tip);
    } catch (error) {
      await catching('rebase', '--abort').catch(() => undefined);
      // Only a stop at a conflict is the merge driver's; anything else (an untracked file in the way,
      // a lock, a detached HEAD) is git refusing to start, told in its own words.
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      const conflict = `${stdout}\n${stderr}`.split('\n').find((line) => line.startsWith('CONFLICT'));
      const onto = `${remote}'s tip`;
      if (conflict) throw new GitRefusedError(`rebase onto ${onto} stopped at a conflict the merge driver left: ${conflict}`);
      throw new GitRefusedError(`git refused to rebase onto ${onto}: ${gitReason(error)}`);
    }
    const changed = await catching.changedBetween(before, (await catching.resolve('HEAD'))!);
    if (changed.length) await options.reindex(changed);
    return changed;
  };

  /** With writes of ours waiting, a pull only fetches (no lock): the pusher then catches up before its next push. */
  const fetchOnly = async () => {
    const name = await branch();
    await fetchBranch(catching, remote, name).catch(() => undefined);
    const tip = await catching.resolve(`refs/remotes/${remote}/${name}`);
    // Fetched, not reached: the pusher brings HEAD there before its push (lastPull names only a tip HEAD reached).
    if (tip) { lag.saw(tip); queue.remoteAt(tip); }
    return { changed: [] };
  };
  /** HEAD is at the remote's tip as fetched: the only place `lastPull` is set. */
  const reachedTip = (tip: string) => {
    marks.broughtTo = tip;
    state.lastPull = { at: stamp(), commit: tip };
    lag.reached(tip);
  };
  const pullOnce = async () => (queue.pending ? fetchOnly() : lock.exclusive(async () => {
    const name = await branch();
    await fetchBranch(catching, remote, name).catch((error) => {
      throw new GitRefusedError(`git could not fetch ${name} from ${remote}: ${gitReason(error)}`);
    });
    // HEAD and the fetched tip in one git run: the fast-forward below needs both.
    const [head, tip] = await headAndTarget(catching, `refs/remotes/${remote}/${name}`);
    lag.saw(tip);
    queue.remoteAt(tip);
    // This replica's own writes wait for their push (checked again under the lock): the pusher runs them again on the new tip.
    if (queue.pending) return { changed: [] };
    if (!options.push) {
      const changed = await followOnly(tip);
      reachedTip(tip);
      return { changed };
    }
    const untrackedIn = marks.sweep ? TRACKED_FOLDERS.filter((folder) => existsSync(join(options.root, folder))) : undefined;
    const fastForwarded = marks.sweep ? undefined : await fastForward(catching, tip, head);
    marks.sweep = false;
    const reset = () => resetTo(catching, tip, { strayCommits: true, untrackedIn, onRemote: marks.broughtTo });
    const { changed, stray } = fastForwarded ?? (await reset());
    queue.headAt(tip);
    reachedTip(tip);
    if (stray.length) strayKept(stray);
    if (changed.length) await options.reindex(changed);
    return { changed };
  }));
  // A pull that fails (git refusing the reset, the remote unreachable) is the replica's last error, reported in its words.
  const pull = coalesce(() => pullOnce().catch((error: unknown) => { lag.failed(error); throw error; }));

  const pullSoon = throttle(pull, NOTICE_WINDOW_MS);

  /** Fetch the branch onto its remote-tracking ref (no lock: the work tree is untouched); answers the branch. */
  const fetchTracking = coalesce(async () => {
    const name = await branch();
    await fetchBranch(git, remote, name);
    const tip = await git.resolve(`refs/remotes/${remote}/${name}`);
    if (tip) { lag.saw(tip); queue.remoteAt(tip); }
    return name;
  });

  const reads = createCatchUp({ git, remote, lock, pull, fetchTracking, branch });

  const poll = createPoll({
    git: catching, remote, push: options.push, marks, branch, pull, pending: () => queue.pending, report: options.report,
    polled: (ok) => { state.lastPoll = { at: stamp(), ok }; },
    // HEAD at the remote's tip (no pull needed): up to date, though no pull ran (lastPull stays what it was).
    saw: (tip, head) => { lag.saw(tip); if (tip === head && !queue.pending) lag.reached(tip); },
    lastPollOk: () => state.lastPoll?.ok !== false,
  });

  const write = async <T>(work: () => Promise<T>): Promise<T> => {
    if (!options.push) return lock.shared(() => work());
    // With PostgreSQL choosing the writer, only the lock's holder writes, and answers only while it still holds it.
    const term = writers?.beginWrite();
    const { result, commit, deferred } = await queue.write(work);
    for (const announce of deferred) await announce().catch((error: Error) => options.report(`after write: ${error.message}`));
    writers?.endWrite(term);
    recordCommit(commit, term === undefined ? undefined : `${term} ${writers!.self} ${stamp()}`);
    return result;
  };

  const writeMedia = mediaWrites(options.root, options.reindex, write);

  return {
    pullToken: options.pullToken || undefined,
    pushTimeout: timeout,
    lag: async () => ({ ...(await lag.lag(git)), behindForMs: lag.behindFor() }),
    writers,
    write,
    writeMedia,
    pull,
    pullNoticed: () => { marks.noticedAt = Date.now(); return pullSoon(); },
    poll,
    catchUp: (commit, { client, wait = timeout } = {}) => reads.catchUp(commit, { client, wait }),
    announce: (commit) => reads.announce(commit),
    async exclusive(work) {
      // Writes that got in first are committed by the pusher, not inside their lock: wait until they are pushed
      // (outside the lock: a lost race needs it), then run alone if no new one slipped in meanwhile.
      for (;;) {
        await queue.idle();
        const done = await lock.exclusive(async () => {
          if (queue.pending) return undefined;
          try { return { value: await work() }; } finally { queue.forgetBranch(); checkedOut = undefined; }
        });
        if (done) return done.value;
      }
    },
    notifyPeers: () => tellPeers(),
    async status() {
      const name = await branch().catch(() => null);
      const head = (await git.resolve('HEAD')) ?? null;
      const origin = name ? (await git.resolve(`refs/remotes/${remote}/${name}`)) ?? null : null;
      const aheadBehind = async () => (await git('rev-list', '--left-right', '--count', `HEAD...${origin}`)).split(/\s+/).map(Number);
      // At the remote's tip (the usual answer) there is nothing on either side to count.
      const counts = head && origin && head !== origin ? await aheadBehind() : [0, 0];
      return {
        remote, branch: name, head, origin, ahead: counts[0], behind: counts[1],
        pendingWrites: queue.pending, lastError: latest(queue.lastError, lag.failure),
        lastPush: state.lastPush, lastPull: state.lastPull, lastPoll: state.lastPoll,
        peers: peers.length, stray: await strayRefs(git),
        forwarding: writers?.status() ?? NOT_FORWARDING,
      };
    },
  };
}
