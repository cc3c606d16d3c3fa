/** With PostgreSQL: the writer it names now (the advisory lock's holder), since when, and whether it is this replica. */
export interface ElectionStatus {
  writer: string | null;
  /** PostgreSQL's clock when that writer took the lock. */
  since: string | null;
  /** Counts up with each new holder. */
  term: number | null;
  /** This replica holds the lock (and its lease is fresh): it makes the writes. */
  self: boolean;
  /** This replica's connection for the election is up. */
  connected: boolean;
}

/** What `GET /_cms/replica` tells of write forwarding (`forwarding`). */
export interface ForwardingStatus {
  /** Off without peers, without this replica's own URL or the pull token, or with `git.forwardWrites: false`. */
  enabled: boolean;
  /** `postgresql`: the holder of an advisory lock is the writer (a state store is set); `url-order`: the first that answers. */
  chosenBy: 'postgresql' | 'url-order' | null;
  /** This replica's own URL (env `CMS_GIT_SELF`), as the others list it. */
  self: string | null;
  /** Where the last write went: this replica's own URL when it wrote locally; null before the first write. */
  writer: string | null;
  /** Writes sent on to another replica, and those of them whose connection failed after they were sent (answered 503). */
  forwarded: number;
  lostAfterSend: number;
  /** Replicas passed over for now (they refused a connection), and until when. */
  down: Array<{ url: string; until: string }>;
  /** The election in PostgreSQL; null when the writer is chosen by URL order. */
  elected: ElectionStatus | null;
}

export interface WriterChoice {
  readonly enabled: boolean;
  readonly chosenBy: 'postgresql' | 'url-order';
  /** The shared secret a forwarded request carries, so its receiver writes it without forwarding it again. */
  readonly token: string;
  readonly self: string;
  /**
   * How long a forwarded write, once sent whole, may wait for the writer's answer: the writer answers 503 itself at its
   * push timeout, so a writer silent past this has hung (it is answered 503 "may or may not have been made").
   */
  readonly answerWithinMs: number;
  /** The writer to send a write to now (this replica's own URL: write here); undefined when none is known in time. */
  next(): Promise<string | undefined>;
  /** A replica refused a connection: pass it over (URL order: for a few seconds; PostgreSQL: until it names another, or for a second). */
  down(url: string): void;
  /** A write went to `url` (this replica's own URL: written here); a change of writer is reported once. */
  wrote(url: string, outcome?: 'forwarded' | 'lost'): void;
  /** Whether a write forwarded here may be made here: always by URL order; with PostgreSQL, while this replica holds the lock. */
  mayWrite(): boolean;
  /** A write starts here: its term (PostgreSQL), or undefined; throws a 503 when PostgreSQL names another writer. */
  beginWrite(): number | undefined;
  /** The write is about to be answered: throws a 503 when this replica lost the lock since `beginWrite`. */
  endWrite(term: number | undefined): void;
  /** Take part in the election (a server taking requests; the CLI never does). */
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): ForwardingStatus;
}

/** Counts of forwarded writes and the one line a change of writer logs (both ways of choosing share them). */
export function forwardLog(self: string, report: (message: string) => void) {
  const counts = { writer: null as string | null, forwarded: 0, lostAfterSend: 0 };
  return {
    counts,
    wrote(url: string, outcome?: 'forwarded' | 'lost') {
      if (outcome === 'forwarded') counts.forwarded++;
      if (outcome === 'lost') counts.lostAfterSend++;
      if (url === counts.writer) return;
      counts.writer = url;
      const line = url === self ? 'this replica is the writer: it writes and pushes' : `writes are forwarded to the writer replica ${url}`;
      report(`git: ${line}`);
    },
  };
}
