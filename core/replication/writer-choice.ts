import { forwardLog, type WriterChoice } from './forwarding.js';
import { createElectedChoice } from './writer-election.js';
import { electedUnlessTooOld, postgresVersion } from './writer-fallback.js';
import { createWriterLease } from './writer-lease.js';

export type { ElectionStatus, ForwardingStatus, WriterChoice } from './forwarding.js';

/** How long a replica that refused a connection is passed over before it is tried again. */
export const WRITER_DOWN_MS = 5_000;

export interface WriterChoiceOptions {
  /** This replica's own base URL as its peers know it (env `CMS_GIT_SELF`). */
  self?: string;
  peers: string[];
  token?: string;
  /** `git.forwardWrites` (env `CMS_GIT_FORWARD_WRITES=false` turns it off too). */
  forwardWrites: boolean;
  /** The replicas' push timeout (ms): a write is answered within it, plus the margin `answerWithinMs` adds. */
  pushTimeoutMs: number;
  /** That margin (ms, `git.forwardMargin`); default half the push timeout, at least 2 s. */
  forwardMarginMs?: number;
  /** The shared state store's PostgreSQL URL: with it, the writer is the holder of an advisory lock there. */
  stateUrl?: string;
  /** PostgreSQL's `server_version_num` (tests stand in for the server); asked once when the election starts. */
  postgresVersion?: () => Promise<number>;
  report: (message: string) => void;
  now?: () => number;
}

const trim = (url: string) => url.replace(/\/+$/, '');

/**
 * Which replica takes the writes. With a shared state store (PostgreSQL), the one holding the writer lock there (see
 * writer-lease.ts and writer-election.ts). Without one, the first healthy one in the sorted list of every replica's URL,
 * this one included. Either way only a performance hint (one replica pushing never races another): the remote's push
 * order stays the one arbiter of which write wins.
 *
 * @example
 * const choice = createWriterChoice({ self: 'http://10.0.0.1:1337', peers: ['http://10.0.0.2:1337'], token, forwardWrites: true, report });
 * await choice.next(); // 'http://10.0.0.1:1337': this replica, so it writes locally
 */
export function createWriterChoice(options: WriterChoiceOptions): WriterChoice | undefined {
  const peers = options.peers.map(trim);
  if (!options.forwardWrites || peers.length === 0) return undefined;
  if (!options.self || !options.token) {
    const missing = options.self ? 'CMS_GIT_PULL_TOKEN' : 'CMS_GIT_SELF (this replica\'s own URL, as its peers list it)';
    options.report(`git: writes are not forwarded to one writer replica: ${missing} is not set; every replica pushes its own`);
    return undefined;
  }
  const self = trim(options.self);
  const base = {
    token: options.token, self,
    // By default half the push timeout again, at least 2 s: the writer's own 503 always comes first when it is alive.
    answerWithinMs: options.pushTimeoutMs + (options.forwardMarginMs ?? Math.max(2_000, options.pushTimeoutMs / 2)),
  };
  const byUrl = () => urlOrder({ ...base, all: [...new Set([self, ...peers])].sort() }, options);
  if (options.stateUrl) {
    const url = options.stateUrl;
    const lease = createWriterLease({ url, self, report: options.report, now: options.now });
    const elected = createElectedChoice({ ...base, lease, waitMs: options.pushTimeoutMs, report: options.report });
    const version = options.postgresVersion ?? (() => postgresVersion(url));
    return electedUnlessTooOld(elected, byUrl(), { version, report: options.report });
  }
  return byUrl();
}

/** The first of the sorted URLs that accepts a connection: every replica computes the same list, so they agree without talking. */
function urlOrder(
  base: { token: string; self: string; answerWithinMs: number; all: string[] }, options: WriterChoiceOptions,
): WriterChoice {
  const { self, all } = base;
  const now = options.now ?? Date.now;
  const downUntil = new Map<string, number>();
  const log = forwardLog(self, options.report);
  const isDown = (url: string) => {
    const until = downUntil.get(url);
    if (until === undefined) return false;
    if (until > now()) return true;
    downUntil.delete(url);
    return false;
  };
  // Its own URL is never passed over, so there is always one.
  const first = () => all.find((url) => url === self || !isDown(url))!;
  return {
    ...base,
    enabled: true,
    chosenBy: 'url-order',
    next: async () => first(),
    down(url) {
      downUntil.set(url, now() + WRITER_DOWN_MS);
    },
    wrote: log.wrote,
    mayWrite: () => true,
    beginWrite: () => undefined,
    endWrite: () => undefined,
    start: async () => undefined,
    stop: async () => undefined,
    status: () => ({
      enabled: true, chosenBy: 'url-order', self, ...log.counts, elected: null,
      down: all.filter(isDown).map((url) => ({ url, until: new Date(downUntil.get(url)!).toISOString() })),
    }),
  };
}
