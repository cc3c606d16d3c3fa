import { ServiceUnavailableError } from '../errors.js';
import { forwardLog, type WriterChoice } from './forwarding.js';
import { ROUND_MS, type WriterLease } from './writer-lease.js';

export interface ElectedChoiceOptions {
  token: string;
  self: string;
  answerWithinMs: number;
  lease: WriterLease;
  /** How long a write waits for PostgreSQL to name a writer it can reach (the push timeout) before it is answered 503. */
  waitMs: number;
  report: (message: string) => void;
  now?: () => number;
}

/**
 * A named writer that refused a connection is tried again after this long even in the same term: a writer restarted by its
 * supervisor (`cms cluster`) may take the lock again, in a new term, before its server listens, and a replica that marked
 * that term down must not shun a live writer until the next election, which then never comes.
 */
export const RETRY_REFUSED_MS = 1_000;

const notWriter = (why: string) => new ServiceUnavailableError(`${why}; try again in a moment`);

/**
 * The writer is the replica PostgreSQL names (the holder of the writer lock, see writer-lease.ts). A write waits until one
 * is named, at most `waitMs` (an election after a writer died takes a round or two), then goes to it; a named writer that
 * refuses the connection is passed over until PostgreSQL names another term, or for `RETRY_REFUSED_MS`. This replica
 * writes only while it holds the lock: a write it starts without it, or that it would answer after losing it, is answered 503 (the second may have
 * reached the remote; the remote's push order keeps it correct either way).
 *
 * @example
 * const choice = createElectedChoice({ token, self, answerWithinMs: 15_000, lease, waitMs: 10_000, report: console.error });
 */
export function createElectedChoice(options: ElectedChoiceOptions): WriterChoice {
  const { lease, self } = options;
  const now = options.now ?? Date.now;
  const log = forwardLog(self, options.report);
  /** The term whose writer refused a connection: skipped until PostgreSQL names another, or for `RETRY_REFUSED_MS`. */
  let refused: { term: number; url: string; at: number } | undefined;
  /** Only a server takes part in the election: a CLI run in a replica's folder writes and pushes as before. */
  let started = false;
  const named = () => {
    const current = lease.current();
    if (!current || current.holder === self) return undefined;
    return refused?.term === current.term && now() - refused.at < RETRY_REFUSED_MS ? undefined : current.holder;
  };
  return {
    enabled: true,
    chosenBy: 'postgresql',
    token: options.token,
    self,
    answerWithinMs: options.answerWithinMs,
    async next() {
      const until = now() + options.waitMs;
      for (;;) {
        if (lease.holding() !== undefined) return self;
        const writer = named();
        if (writer) return writer;
        const left = until - now();
        if (left <= 0) return undefined;
        await lease.changed(Math.min(left, ROUND_MS));
      }
    },
    down(url) {
      const current = lease.current();
      if (current?.holder === url) refused = { term: current.term, url, at: now() };
    },
    wrote: log.wrote,
    mayWrite: () => !started || lease.holding() !== undefined,
    beginWrite() {
      if (!started) return undefined;
      const term = lease.holding();
      if (term === undefined) throw notWriter('This replica does not hold the writer lock in PostgreSQL: nothing was written');
      return term;
    },
    endWrite(term) {
      if (term === undefined || lease.holding() === term) return;
      throw notWriter('This replica lost the writer lock in PostgreSQL while writing: the write may or may not have been made');
    },
    start: () => { started = true; return lease.start(); },
    stop: () => lease.stop(),
    status() {
      const current = lease.current();
      const down = refused && refused.term === current?.term && now() - refused.at < RETRY_REFUSED_MS
        ? [{ url: refused.url, until: new Date(refused.at + RETRY_REFUSED_MS).toISOString() }] : [];
      return {
        enabled: true, chosenBy: 'postgresql', self, ...log.counts, down,
        elected: {
          writer: current?.holder ?? null, since: current?.since ?? null, term: current?.term ?? null,
          self: lease.holding() !== undefined, connected: lease.connected(),
        },
      };
    },
  };
}
