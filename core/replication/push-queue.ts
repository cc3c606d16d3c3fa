import { ServiceUnavailableError } from '../errors.js';
import type { ReadWriteLock } from './read-write-lock.js';
import { fetchBranch, type ReplicaGit } from './replica-git.js';
import { gitFirstLine } from '../git/git-errors.js';
import { resetTo } from './replica-reset.js';
import { rebaseWrites } from './replica-rebase.js';
import { commitIntents } from './commit-intents.js';
import { collectDeferred, type WriteAttempt } from './write-context.js';
import { WriteGathering } from './write-gathering.js';

/** One acknowledged-when-pushed write: the operation (to run again on a newer tip), its last result and who waits. */
interface PendingWrite {
  /** Runs the write operation (again on a newer tip after a lost race). */
  run: () => Promise<unknown>;
  result: unknown;
  deadline: number;
  /** What the write's last run left for later: webhooks (run once acknowledged) and the commit it asks for. */
  attempt: WriteAttempt;
  /** Whether its commit is made (by the pusher, just before a push). */
  committed: boolean;
  settle: (commit: string | undefined, error?: unknown) => void;
}

export interface PushQueueOptions {
  root: string;
  git: ReplicaGit;
  lock: ReadWriteLock;
  remote: string;
  /** Milliseconds a write may wait for the remote before it is answered 503. */
  timeout: number;
  reindex: (files: string[]) => Promise<void>;
  /** Whether pending writes stay valid beside a newer tip's changed files, without a re-run (see `writesIndependent`). */
  independent: (ours: string[], theirs: Array<{ file: string; removed: boolean }>) => boolean;
  report: (message: string) => void;
  /** After each push that moved the remote (tell the peers). */
  pushed: (commit: string, writes: number) => void;
  /** Stray refs kept while resetting (for the replica's status). */
  strayKept: (refs: string[]) => void;
}

/** A replica that lost a push race, or saw a peer's push, this recently lingers before a push of young writes (ms). */
const CONTENDED_MS = 10_000;
/** The longest wait after a lost race (ms). */
const MAX_WAIT_MS = 1000;
/** The longest push round the waits are scaled by (ms). */
const ROUND_CAP_MS = 2000;
/** A remote that is not there (or not answering) says so; such a failure is waited out, never re-applied. */
const UNREACHABLE = /unable to access|Could not read|does not appear to be a git repository/;
const REJECTED = /\[rejected\]|non-fast-forward|fetch first|failed to push some refs|cannot lock ref/;
/** Jittered backoff between push attempts: 20 ms doubling to at most 1 s, times 0.5–1.5. */
const backoff = (attempt: number) => Math.min(1000, 20 * 2 ** attempt) * (0.5 + Math.random());

/**
 * The origin as the one ordered log of writes. Each write runs (files, index, commit) and waits;
 * one pusher sends everything committed so far in one push (writes arriving meanwhile go in the
 * next, gathered as write-gathering.ts tells), and a write is answered only once the remote holds
 * its commit. A rejected push (another replica's push came first) fetches; when the new commits
 * touched only other documents and the content check finds the waiting writes independent of them,
 * the writes are carried over as they are (replica-rebase.ts); else the clone is reset to the
 * remote's tip, reindexed, and every waiting write's operation runs again on it, with a write's own
 * validation (a document deleted meanwhile is a 404, a uid taken meanwhile is made unique); then it
 * pushes again. Past the deadline a write is answered 503 and its commit is gone: the clone is reset
 * to the remote and the others re-run.
 *
 * @example
 * const queue = createPushQueue({ git, lock, remote: 'origin', timeout: 10_000, reindex, report, pushed, strayKept });
 * await queue.write(() => writer.update(...)); // resolves once on the remote
 */
export function createPushQueue(options: PushQueueOptions) {
  const { git, lock, remote } = options;
  const pending: PendingWrite[] = [];
  let running: Promise<void> | undefined;
  let lastError: { at: string; message: string } | undefined;
  const gathering = new WriteGathering();

  /** The checked-out branch, asked once (a branch switch runs in `exclusive`, which forgets it). */
  let checkedOut: Promise<string> | undefined;
  const branch = () => (checkedOut ??= git.branch().catch((error) => { checkedOut = undefined; throw error; }));
  const tracking = (name: string) => `refs/remotes/${remote}/${name}`;
  const fetchTip = (name: string) => fetchBranch(git, remote, name);

  const drop = (write: PendingWrite, error: unknown) => {
    pending.splice(pending.indexOf(write), 1);
    write.settle(undefined, error);
  };

  /** The remote's tip this clone's commits are on, and whether a peer told of a newer one since. */
  let base: string | undefined;
  let moved = false;
  /** The last push git answered with a failure: its tip and writes (the remote may hold it all the same). */
  let sent: { tip: string; batch: PendingWrite[] } | undefined;

  /**
   * Under the exclusive lock, the remote-tracking ref fetched: carry the writes onto the remote's tip, or reset to it,
   * answer the expired writes 503 and run the others again.
   */
  const rebuild = async (name: string, expired: PendingWrite[]) => {
    const to = await git.resolve(tracking(name));
    if (!to) throw new Error(`${remote} has no branch ${name} to reset to`);
    // A push the remote took although git said it failed (a dropped connection, a timeout): its writes are saved.
    const unsure = sent;
    sent = undefined;
    if (unsure && (await git.contains(unsure.tip, tracking(name)))) {
      for (const write of unsure.batch.filter((candidate) => pending.includes(candidate))) {
        pending.splice(pending.indexOf(write), 1);
        write.settle(unsure.tip);
      }
      options.pushed(unsure.tip, unsure.batch.length);
    }
    const ours = [...new Set(pending.flatMap((write) => write.attempt.intents.flatMap((intent) => intent.files.map((file) => file.path))))];
    // From here on no pending write's commit is on HEAD: should anything below fail, none may be pushed as it is.
    for (const write of pending) write.committed = false;
    // Their commits touched only other documents: ours are carried over as they are (committed again by the next push).
    const { prefix } = await repository();
    const carry = { from: base!, to, prefix, ours, reindex: options.reindex, independent: options.independent };
    const tried = base !== undefined && !expired.length;
    if (tried && (await rebaseWrites(git, carry).catch(() => false))) {
      base = to;
      return;
    }
    // After a carry that gave up, the changed files are counted from the base (HEAD has moved): theirs, and ours.
    const head = tried ? base : undefined;
    const { changed, stray, tip } = await resetTo(git, tracking(name), { strayCommits: false, ours, head });
    base = tip;
    if (stray.length) options.strayKept(stray);
    if (changed.length) await options.reindex(changed);
    for (const write of expired) {
      const why = lastError?.message ?? 'no answer';
      const within = `within ${options.timeout / 1000} s (${why})`;
      const message = `The write did not reach the git remote "${remote}" ${within}; nothing was saved, try again`;
      drop(write, new ServiceUnavailableError(message));
    }
    for (const write of [...pending]) {
      try {
        write.result = await collectDeferred(write.attempt, () => write.run());
      } catch (error) {
        drop(write, error);
      }
    }
  };

  /** The project's place in the repository and the committer, asked once. */
  let setup: Promise<{ prefix: string; committer: { name: string; email: string } }> | undefined;
  const repository = () => (setup ??= (async () => {
    const prefix = await git.prefix();
    const ident = /^(.*?) <([^>]*)>/.exec(await git('var', 'GIT_COMMITTER_IDENT').catch(() => ''));
    return { prefix, committer: ident ? { name: ident[1], email: ident[2] } : { name: 'cms', email: 'cms@cms.local' } };
  })());

  /**
   * HEAD as this queue's last commit left it, while no exclusive holder (a pull, a rebuild, a branch switch) has run
   * since: the next batch's parent without a git run. A commit made by hand meanwhile is not lost: fast-import refuses
   * to move a branch to a commit that does not contain its tip, and the round after that failure asks git.
   */
  let lastCommit: { tip: string; exclusiveRuns: number } | undefined;
  const knownHead = () => (lastCommit?.exclusiveRuns === lock.exclusiveRuns ? lastCommit.tip : undefined);

  /** The commits the batch's writes asked for, in the order they were written, made in one git run. */
  const commitBatch = async (batch: PendingWrite[], name: string): Promise<string> => {
    const parent = knownHead() ?? (await git.resolve('HEAD'))!;
    // The first push of this clone: what it writes on is where a lost race is counted from.
    base ??= parent;
    const waiting = batch.filter((write) => !write.committed);
    const intents = waiting.flatMap((write) => write.attempt.intents);
    const { exclusiveRuns } = lock;
    lastCommit = undefined;
    const commit = async () => commitIntents(git, { root: options.root, branch: name, parent, intents, ...(await repository()) });
    const tip = intents.length ? await commit() : parent;
    lastCommit = { tip, exclusiveRuns };
    for (const write of waiting) write.committed = true;
    return tip;
  };

  /** One push of everything written so far; on failure, re-run or expire as above. */
  const pushOnce = async (attempt: number): Promise<boolean> => {
    const batch = pending.slice();
    const name = await branch();
    let tip: string | undefined;
    try {
      // A peer said the remote moved since this clone's base: this push would be rejected, so catch up first.
      if (moved) { moved = false; throw new Error(`[rejected] ${remote} moved (a peer pushed): fetch first`); }
      tip = await commitBatch(batch, name);
      // Pushing to a named remote moves its remote-tracking ref too (what the poll compares with).
      const pushStarted = Date.now();
      await git('push', '--quiet', remote, `${tip}:refs/heads/${name}`).finally(() => {
        pushTime = pushTime * 0.8 + (Date.now() - pushStarted) * 0.2;
      });
      sent = undefined;
      for (const write of batch) pending.splice(pending.indexOf(write), 1);
      for (const write of batch) write.settle(tip);
      lastError = undefined;
      base = tip;
      moved = false;
      options.pushed(tip, batch.length);
      gathering.pushed(batch.length, pending.length);
      return true;
    } catch (error) {
      lastError = { at: new Date().toISOString(), message: gitFirstLine(error) };
      const text = (error as Error)?.message ?? '';
      const rejected = REJECTED.test(text) && !UNREACHABLE.test(text);
      if (tip && tip !== base) sent = { tip, batch };
      // A first lost race is re-run at once. Lost again, the others are pushing: a random share of a push or two (at
      // most 1 s) spreads the losers so that one of them gets through next; a longer wait only leaves the origin idle.
      // No answer: back off.
      const wait = rejected ? Math.random() * Math.min(MAX_WAIT_MS, pushTime * Math.min(4, attempt)) : backoff(attempt);
      if (!rejected || attempt > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const now = Date.now();
      const expired = pending.filter((write) => write.deadline <= now);
      if (rejected || expired.length) {
        // The fetch moves the remote-tracking ref only: it needs no lock, writes go on meanwhile. After a peer's notice
        // (no push tried) the ref is often past this clone's base already: then it is fresh enough to try.
        const known = await git.resolve(tracking(name));
        if (tip !== undefined || !known || known === base) await fetchTip(name).catch(() => undefined);
        await lock.exclusive(() => rebuild(name, expired)).catch((rebuildError) => {
          // The clone could not be reset: nothing pending may be answered as saved.
          options.report(`git: could not reset to ${remote}/${name}: ${gitFirstLine(rebuildError)}`);
          // The clone may be half rebuilt (reset, not yet re-run): the next round rebuilds before it pushes anything.
          moved = true;
          const gone = new ServiceUnavailableError(`The git remote "${remote}" could not be reached; nothing was saved, try again`);
          for (const write of [...pending]) if (write.deadline <= Date.now()) drop(write, gone);
        });
      }
      return false;
    }
  };

  /** When a push of this replica last lost a race, or a peer's push was seen: other replicas are writing too. */
  let lastLost = 0;
  /** How long one push round (commit and push, or fetch, re-run and push) takes here, averaged (ms). */
  let round = 100;
  /** How long one `git push` takes here, averaged (ms). */
  let pushTime = 100;
  const drain = async () => {
    for (let attempt = 0; pending.length; ) {
      // Group commit: the writers the last push answered come back a moment later; their writes go in this push too.
      if (attempt === 0) await gathering.gather(() => pending.length, round / 2);
      // While others push too, the oldest writes go first: a batch younger than a push round waits out the rest of it
      // (a replica that just pushed gives the ones that lost to it their turn, and gathers a larger batch meanwhile).
      const age = Date.now() - (pending[0].deadline - options.timeout);
      const linger = Date.now() - lastLost < CONTENDED_MS ? Math.max(0, round - age) * (0.75 + Math.random() / 2) : 0;
      if (linger > 0) await new Promise((resolve) => setTimeout(resolve, linger));
      const started = Date.now();
      const pushed = await pushOnce(attempt);
      // (A round that waited counts too, bounded: the waits must not feed themselves.)
      round = Math.min(ROUND_CAP_MS, round * 0.8 + (Date.now() - started) * 0.2);
      if (!pushed && lastError && !UNREACHABLE.test(lastError.message)) lastLost = Date.now();
      attempt = pushed ? 0 : attempt + 1;
    }
  };
  const kick = () => {
    running ??= drain()
      .catch((error) => options.report(`git push loop stopped: ${gitFirstLine(error)}`))
      .finally(() => { running = undefined; if (pending.length) kick(); });
  };

  return {
    /** A fetch (a peer's notice) saw the remote at `tip`: when it is not this clone's base, the next push catches up first. */
    remoteAt(tip: string): void {
      if (!base || tip === base) return;
      lastLost = Date.now();
      if (pending.length) moved = true;
    },
    /** A pull (nothing pending) put the clone at the remote's `tip`: later writes are made on it. */
    headAt(tip: string): void { if (!pending.length) base = tip; },
    /** After a branch switch: the next push asks which branch is checked out, and the base is found again. */
    forgetBranch(): void { checkedOut = undefined; base = undefined; },
    /** Writes waiting for the remote. */
    get pending() { return pending.length; },
    get lastError() { return lastError; },
    /** Resolves once nothing is waiting to be pushed. */
    async idle(): Promise<void> { while (running) await running; },
    /**
     * Run one write (its commit made by the write itself) and resolve with its result once the
     * remote holds it, with the commit; rejects with the write's own error from a re-run, or 503.
     */
    async write<T>(run: () => Promise<T>): Promise<{ result: T; commit: string; deferred: Array<() => Promise<void>> }> {
      let settle!: PendingWrite['settle'];
      const acknowledged = new Promise<string>((resolve, reject) => {
        settle = (commit, error) => (error === undefined ? resolve(commit!) : reject(error));
      });
      const deadline = Date.now() + options.timeout;
      const write: PendingWrite = { run, result: undefined, deadline, attempt: { deferred: [], intents: [] }, committed: false, settle };
      gathering.begin();
      await lock.shared(async () => {
        write.result = await collectDeferred(write.attempt, () => run());
        // Queued inside the shared lock: a pull or rebuild (exclusive) always sees this write's commit as pending.
        pending.push(write);
      }).finally(() => gathering.end());
      kick();
      const commit = await acknowledged;
      return { result: write.result as T, commit, deferred: write.attempt.deferred };
    },
  };
}

export type PushQueue = ReturnType<typeof createPushQueue>;
