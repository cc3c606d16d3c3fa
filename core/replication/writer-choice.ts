/** How long a replica that refused a connection is passed over before it is tried again. */
export const WRITER_DOWN_MS = 5_000;

/** What `GET /_cms/replica` tells of write forwarding (`forwarding`). */
export interface ForwardingStatus {
  /** Off without peers, without this replica's own URL or the pull token, or with `git.forwardWrites: false`. */
  enabled: boolean;
  /** This replica's own URL (env `CMS_GIT_SELF`), as the others list it. */
  self: string | null;
  /** Where the last write went: this replica's own URL when it wrote locally; null before the first write. */
  writer: string | null;
  /** Writes sent on to another replica, and those of them whose connection failed after they were sent (answered 503). */
  forwarded: number;
  lostAfterSend: number;
  /** Replicas passed over for now (they refused a connection), and until when. */
  down: Array<{ url: string; until: string }>;
}

export interface WriterChoice {
  readonly enabled: boolean;
  /** The shared secret a forwarded request carries, so its receiver writes it without forwarding it again. */
  readonly token: string;
  /** Every replica's URL, writer first: sorted, those passed over left out; this replica's own URL is never left out. */
  candidates(): string[];
  readonly self: string;
  /**
   * How long a forwarded write, once sent whole, may wait for the writer's answer: the writer answers 503 itself at its
   * push timeout, so a writer silent past this has hung (it is answered 503 "may or may not have been made").
   */
  readonly answerWithinMs: number;
  /** A replica refused a connection: pass it over for a few seconds. */
  down(url: string): void;
  /** A write went to `url` (this replica's own URL: written here); a change of writer is reported once. */
  wrote(url: string, outcome?: 'forwarded' | 'lost'): void;
  status(): ForwardingStatus;
}

export interface WriterChoiceOptions {
  /** This replica's own base URL as its peers know it (env `CMS_GIT_SELF`). */
  self?: string;
  peers: string[];
  token?: string;
  /** `git.forwardWrites` (env `CMS_GIT_FORWARD_WRITES=false` turns it off too). */
  forwardWrites: boolean;
  /** The replicas' push timeout (ms): a write is answered within it, plus the margin `answerWithinMs` adds. */
  pushTimeoutMs: number;
  report: (message: string) => void;
  now?: () => number;
}

const trim = (url: string) => url.replace(/\/+$/, '');

/**
 * Which replica takes the writes: the first healthy one in the sorted list of every replica's URL, this one included.
 * Only a performance hint (one replica pushing never races another); the remote's push order stays the one arbiter of
 * which write wins, so two replicas that disagree for a moment (one saw the writer refuse a connection) are still correct.
 *
 * @example
 * const choice = createWriterChoice({ self: 'http://10.0.0.1:1337', peers: ['http://10.0.0.2:1337'], token, forwardWrites: true, report });
 * choice.candidates(); // ['http://10.0.0.1:1337', …]: the first is this replica, so it writes locally
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
  const token = options.token;
  const now = options.now ?? Date.now;
  const all = [...new Set([self, ...peers])].sort();
  const downUntil = new Map<string, number>();
  let writer: string | null = null;
  let forwarded = 0;
  let lostAfterSend = 0;
  const isDown = (url: string) => {
    const until = downUntil.get(url);
    if (until === undefined) return false;
    if (until > now()) return true;
    downUntil.delete(url);
    return false;
  };
  return {
    enabled: true,
    token,
    self,
    // Half the push timeout again, at least 2 s: the writer's own 503 always comes first when it is alive.
    answerWithinMs: options.pushTimeoutMs + Math.max(2_000, options.pushTimeoutMs / 2),
    candidates: () => all.filter((url) => url === self || !isDown(url)),
    down(url) {
      downUntil.set(url, now() + WRITER_DOWN_MS);
    },
    wrote(url, outcome) {
      if (outcome === 'forwarded') forwarded++;
      if (outcome === 'lost') lostAfterSend++;
      if (url === writer) return;
      writer = url;
      const line = url === self ? 'this replica is the writer: it writes and pushes' : `writes are forwarded to the writer replica ${url}`;
      options.report(`git: ${line}`);
    },
    status: () => ({
      enabled: true, self, writer, forwarded, lostAfterSend,
      down: all.filter(isDown).map((url) => ({ url, until: new Date(downUntil.get(url)!).toISOString() })),
    }),
  };
}
