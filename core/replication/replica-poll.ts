import { gitFirstLine } from '../git/git-errors.js';
import type { ReplicaGit } from './replica-git.js';

/** A poll looks at HEAD and the work tree (git status) at most this often, and never more than 1/20 of the time. */
const FULL_CHECK_MS = 10_000;
const FULL_CHECK_SHARE = 20;
/** A poll within this long of a peer's notice is skipped (unless a full check is due). */
const RECENT_NOTICE_MS = 1_000;

/** Where a replica's clone stands with its remote, shared by its pull and its poll. */
export interface SyncMarks {
  /** The remote tip this clone was last brought to (a pull's reset or rebase, or its own push). */
  broughtTo: string | undefined;
  /** When a peer last said it pushed. */
  noticedAt: number;
  /** Look at untracked files too on the next pull: on the first one (a replica killed mid-write leaves them) and after a hand edit. */
  sweep: boolean;
}

export interface PollContext {
  git: ReplicaGit;
  remote: string;
  /** The replica pushes its writes (else it only pulls). */
  push: boolean;
  marks: SyncMarks;
  branch(): Promise<string>;
  pull(): Promise<unknown>;
  /** Writes of this replica waiting for their push: no poll then (the pusher catches up before it pushes). */
  pending(): number;
  polled(ok: boolean): void;
  /** The remote's tip as ls-remote reports it, and HEAD when the poll looked at it too. */
  saw(tip: string, head?: string): void;
  lastPollOk(): boolean;
  report(message: string): void;
}

/**
 * The replica's fallback for missed notices, run every `git.poll` seconds: one `git ls-remote` against the tip the
 * clone was brought to, a pull only when the remote moved; skipped while peers' notices arrive. Every 10 s or more it
 * also looks at HEAD and the work tree (a hand commit or edit, which no tip shows) and runs git's upkeep.
 *
 * @example
 * const poll = createPoll({ git, remote: 'origin', push: true, marks, branch, pull, pending, polled, lastPollOk, report });
 * setInterval(poll, 1000);
 */
export function createPoll(context: PollContext): () => Promise<void> {
  const { git, remote, marks } = context;
  /** When the next poll looks past the remote's tip (HEAD, a hand edit, git's upkeep): not on every poll, git status costs. */
  let nextFullCheck = 0;
  let polling = false;
  let editedBefore = false;

  /** Look at HEAD and the work tree too: a hand commit or edit, which no tip comparison shows. */
  const fullCheck = async (name: string, tip: string | undefined) => {
    const started = Date.now();
    const [known, head, edited] = await Promise.all([git.resolve(`refs/remotes/${remote}/${name}`), git.resolve('HEAD'), git.edited()]);
    if (tip) context.saw(tip, edited ? undefined : head);
    // A media write's files are on disk a moment before its commit: only edits seen by two checks in a row are a hand's.
    const handEdited = edited && editedBefore;
    editedBefore = edited;
    if (handEdited) marks.sweep = true;
    // The remote moved past what this clone last saw, or the clone left it (a hand commit or edit) while no write of
    // ours waits: only then a fetch, which holds writes back.
    const left = context.push && (tip !== head || handEdited || marks.sweep) && !context.pending();
    if (tip && (tip !== known || left)) await context.pull();
    // Fetches leave git's upkeep (packing loose objects) to this check rather than running it after every fetch.
    await git('maintenance', 'run', '--auto', '--quiet').catch(() => undefined);
    nextFullCheck = Date.now() + Math.max(FULL_CHECK_MS, FULL_CHECK_SHARE * (Date.now() - started));
  };

  return async () => {
    if (polling || context.pending()) return;
    polling = true;
    try {
      const name = await context.branch();
      const full = marks.sweep || marks.broughtTo === undefined || Date.now() >= nextFullCheck;
      // While peers' notices arrive (each brings a pull), asking the remote too tells nothing: the poll is their fallback.
      if (!full && Date.now() - marks.noticedAt < RECENT_NOTICE_MS) return;
      // The cheap part, every poll: the remote's tip (one ls-remote), against the tip this clone was brought to.
      let tip: string | undefined;
      try {
        tip = await git.remoteTip(remote, name);
      } catch (error) {
        if (context.lastPollOk()) context.report(`git: cannot reach ${remote}: ${gitFirstLine(error)}`);
        context.polled(false);
        return;
      }
      if (tip && !full) context.saw(tip);
      // A pull that fails (reported by the pull itself, in git's words) leaves the poll not ok: the clone is behind.
      const caughtUp = full ? fullCheck(name, tip) : tip && tip !== marks.broughtTo ? context.pull() : undefined;
      context.polled(await Promise.resolve(caughtUp).then(() => true, () => false));
    } catch (error) {
      context.report(`git: the poll of ${remote} failed: ${gitFirstLine(error)}`);
      context.polled(false);
    } finally {
      polling = false;
    }
  };
}
