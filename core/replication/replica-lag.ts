import { gitFirstLine } from '../git/git-errors.js';
import type { ReplicaGit } from './replica-git.js';

/** A pull that failed, as `GET /_cms/replica` shows it in `lastError`. */
export interface PullFailure {
  at: string;
  message: string;
}

/** How far behind the remote a replica is, as `GET /_health` tells it. */
export interface ReplicaLag {
  /** Commits on the remote's tip (as last seen) that HEAD does not hold; 0 when it holds the tip. */
  behind: number;
  /** Since when it has known of a tip it has not reached (ISO time), or null. */
  behindSince: string | null;
  /** Why it is not there, when a pull failed. */
  lastError: PullFailure | null;
}

/**
 * Where a replica stands with the remote's tip: the tip it last saw (a fetch, an ls-remote, its own push) against the
 * tip it last reached (a pull's reset, or its push), since when those differ, and the last pull that failed (cleared
 * by one that reaches the tip). A failure is reported once per reason, in its own words.
 *
 * @example
 * const lag = createLag('origin', console.error); lag.saw(tip); lag.reached(tip); await lag.lag(git) // { behind: 0, … }
 */
export function createLag(remote: string, report: (message: string) => void) {
  let seen: string | undefined;
  let reachedTip: string | undefined;
  let since: number | undefined;
  let failure: PullFailure | undefined;
  return {
    /** The remote's tip, as a fetch, an ls-remote or this replica's push found it. */
    saw(tip: string): void {
      seen = tip;
      if (tip !== reachedTip) since ??= Date.now();
    },
    /** HEAD is at `tip`, the remote's as last fetched: up to date unless a newer tip was seen meanwhile. */
    reached(tip: string): void {
      reachedTip = tip;
      seen ??= tip;
      failure = undefined;
      if (seen === tip) since = undefined;
    },
    /** A pull that could not bring HEAD to the tip it fetched. */
    failed(error: unknown): void {
      const message = gitFirstLine(error);
      const told = `git: this replica cannot catch up with ${remote}'s tip and serves older content: ${message}`;
      if (failure?.message !== message) report(told);
      failure = { at: new Date().toISOString(), message };
    },
    get failure(): PullFailure | undefined { return failure; },
    /** Milliseconds behind so far (0 when up to date). */
    behindFor(): number { return since === undefined ? 0 : Date.now() - since; },
    /** The lag in full: the commits behind are counted by git only while behind. */
    async lag(git: ReplicaGit): Promise<ReplicaLag> {
      if (since === undefined || !seen) return { behind: 0, behindSince: null, lastError: failure ?? null };
      // A tip seen by ls-remote only is not fetched yet: at least one commit behind.
      const count = await git('rev-list', '--count', `HEAD..${seen}`).then(Number, () => 1);
      // HEAD holds it after all (its own push went past it): not behind.
      if (count === 0) { since = undefined; return { behind: 0, behindSince: null, lastError: failure ?? null }; }
      return { behind: count, behindSince: new Date(since).toISOString(), lastError: failure ?? null };
    },
  };
}

export type Lag = ReturnType<typeof createLag>;
