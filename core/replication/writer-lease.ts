import type pg from 'pg';

/** The session-level advisory lock whose holder is the writer (two int4 keys, `cmsS` `writ`: apart from the schema lock's). */
const LOCK: number[] = [0x636d7353, 0x77726974];
/** Announced by each new holder (payload: its term), so the others learn of it within milliseconds. */
export const WRITER_CHANNEL = 'cms_writer';
/** A standby tries the lock, and the holder proves its session still holds it, this often. */
export const ROUND_MS = 500;
/** The holder is the writer until this long after it sent the last round PostgreSQL answered; then it steps down. */
export const LEASE_MS = 2_000;
/**
 * PostgreSQL ends the lock's session, freeing the lock, once it has sat idle this long (`idle_session_timeout`): a holder
 * cut off from the database is dropped by the server itself. Longer than the lease, so the holder always steps down first.
 */
export const SESSION_IDLE_MS = 3_500;

const SCHEMA = 'CREATE TABLE IF NOT EXISTS cms_writer_terms '
  + '(term bigserial PRIMARY KEY, holder text NOT NULL, pid integer NOT NULL, since timestamptz NOT NULL)';
const HOLDS = `l.locktype = 'advisory' AND l.classid = $1 AND l.objid = $2 AND l.objsubid = 2 AND l.granted`;
/** The writer as PostgreSQL sees it now: the newest term whose session holds the lock (a dead holder's term names no one). */
const CURRENT = `SELECT t.term, t.holder, t.since FROM cms_writer_terms t JOIN pg_locks l ON l.pid = t.pid AND ${HOLDS}
  ORDER BY t.term DESC LIMIT 1`;
const STILL_HELD = `SELECT EXISTS (SELECT 1 FROM pg_locks l WHERE l.pid = pg_backend_pid() AND ${HOLDS}) AS held`;
const NEW_TERM = `WITH t AS (INSERT INTO cms_writer_terms (holder, pid, since) VALUES ($1, pg_backend_pid(), clock_timestamp())
  RETURNING term, since) SELECT term, since, pg_notify('${WRITER_CHANNEL}', term::text) FROM t`;

/** One holder's time as writer: `term` counts up in PostgreSQL, `since` is its clock when the lock was taken. */
export interface WriterTerm {
  term: number;
  holder: string;
  since: string;
}

export interface WriterLease {
  /** Connect and run the first round (resolves within a few seconds even when PostgreSQL cannot be reached). */
  start(): Promise<void>;
  /** Give up the lock (the session ends) and stop. */
  stop(): Promise<void>;
  /** This replica's term while it holds the lock and its lease is fresh; undefined otherwise. */
  holding(): number | undefined;
  /** The writer PostgreSQL names (this replica included), or undefined when none is known. */
  current(): WriterTerm | undefined;
  /** Resolves at the next change of writer or of this replica's role, or after `ms`. */
  changed(ms: number): Promise<void>;
  /** Whether the lock's connection is up. */
  connected(): boolean;
}

export interface WriterLeaseOptions {
  url: string;
  /** This replica's URL as its peers know it: what the term row names. */
  self: string;
  report: (message: string) => void;
  now?: () => number;
}

type Held = WriterTerm & { renewedAt: number };

const toTerm = (row: { term: string; holder?: string; since: Date }, holder: string): WriterTerm =>
  ({ term: Number(row.term), holder: row.holder ?? holder, since: row.since.toISOString() });

/**
 * The writer chosen by PostgreSQL: every replica keeps one dedicated connection and, every `ROUND_MS`, a standby tries
 * `pg_try_advisory_lock` on it while the holder checks that its session still holds the lock. The lease is the
 * connection's health: PostgreSQL frees the lock the moment the holder's session ends (a killed process closes it at
 * once; a cut-off one is ended by `idle_session_timeout`), and the holder counts itself writer only until `LEASE_MS`
 * after the last round it sent that PostgreSQL answered, so it has stepped down before the server can free the lock.
 * No clock of another machine is trusted, and nothing but PostgreSQL decides. Each new holder records a term row
 * (holder, backend pid, since) and notifies `cms_writer`.
 *
 * @example
 * const lease = createWriterLease({ url: process.env.CMS_STATE_URL!, self: 'http://10.0.0.11:1337', report: console.error });
 * await lease.start(); lease.holding(); // 3 while this replica is the writer of term 3
 */
export function createWriterLease(options: WriterLeaseOptions): WriterLease {
  const now = options.now ?? Date.now;
  let client: pg.Client | undefined;
  let held: Held | undefined;
  let known: WriterTerm | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let waiters: Array<() => void> = [];
  let unreachable = false;

  const wake = () => { const woken = waiters; waiters = []; for (const waiter of woken) waiter(); };
  const setKnown = (next: WriterTerm | undefined) => {
    if (next?.term === known?.term && next?.holder === known?.holder) return;
    known = next;
    if (next && !held) options.report(`git: PostgreSQL names the writer replica ${next.holder} (term ${next.term}, since ${next.since})`);
    wake();
  };
  /** Drop the connection without waiting for it (a cut-off socket would never finish a polite goodbye). */
  const drop = () => {
    const gone = client;
    client = undefined;
    if (!gone) return;
    (gone as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    gone.end().catch(() => undefined);
  };
  const stepDown = (why: string) => {
    if (held) options.report(`git: this replica stops being the writer (term ${held.term}, at ${new Date(now()).toISOString()}): ${why}`);
    held = undefined;
    drop();
    setKnown(undefined);
    wake();
  };

  const connect = async (): Promise<pg.Client> => {
    // The driver is loaded only by a replica that elects its writer (as the state store loads it).
    const { default: driver } = await import('pg');
    const fresh = new driver.Client({ connectionString: options.url, keepAlive: true, connectionTimeoutMillis: LEASE_MS });
    fresh.on('error', (error) => { if (client === fresh) stepDown(`its connection to PostgreSQL failed (${error.message})`); });
    fresh.on('end', () => { if (client === fresh) stepDown('its connection to PostgreSQL ended'); });
    // A failed lookup is left to the next round, which drops a broken connection.
    fresh.on('notification', () => { if (client === fresh && !held) refresh(fresh).catch(() => undefined); });
    client = fresh;
    await fresh.connect();
    await fresh.query(`SET idle_session_timeout = ${SESSION_IDLE_MS}`);
    await fresh.query('BEGIN');
    await fresh.query('SELECT pg_advisory_xact_lock($1)', [0x636d7353]);
    await fresh.query(SCHEMA);
    await fresh.query('COMMIT');
    await fresh.query(`LISTEN ${WRITER_CHANNEL}`);
    if (unreachable) options.report('git: PostgreSQL answers again: the writer election goes on');
    unreachable = false;
    return fresh;
  };

  const refresh = async (on: pg.Client) => {
    const { rows } = await on.query(CURRENT, LOCK);
    if (client === on && !held) setKnown(rows[0] ? toTerm(rows[0], '') : undefined);
  };

  const round = async () => {
    const sentAt = now();
    const on = client ?? await connect();
    if (held) {
      const { rows } = await on.query(STILL_HELD, LOCK);
      if (!rows[0].held) return stepDown('PostgreSQL no longer counts its session as the lock holder');
      held.renewedAt = sentAt;
      return;
    }
    const { rows } = await on.query('SELECT pg_try_advisory_lock($1, $2) AS got', LOCK);
    if (rows[0].got) {
      const term = toTerm((await on.query(NEW_TERM, [options.self])).rows[0], options.self);
      held = { ...term, renewedAt: sentAt };
      options.report(`git: this replica holds the writer lock in PostgreSQL (term ${term.term}, since ${term.since}): it takes the writes`);
      known = term;
      wake();
      return;
    }
    await refresh(on);
  };

  /** One round, bounded by the lease: a round PostgreSQL leaves unanswered that long ends the connection. */
  const bounded = async () => {
    let timeout: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timeout = setTimeout(() => reject(new Error(`PostgreSQL did not answer within ${LEASE_MS} ms`)), LEASE_MS);
    });
    try {
      await Promise.race([round(), late]);
    } catch (error) {
      if (!unreachable && !held) options.report(`git: the writer election cannot reach PostgreSQL (${(error as Error).message})`);
      unreachable = true;
      stepDown(`PostgreSQL cannot be reached (${(error as Error).message})`);
    } finally {
      clearTimeout(timeout);
    }
  };

  const loop = async () => {
    if (stopped) return;
    await bounded();
    if (!stopped) timer = setTimeout(() => void loop(), ROUND_MS);
  };

  return {
    start: async () => { if (!timer && !stopped) await loop(); },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      held = undefined;
      const gone = client;
      client = undefined;
      await gone?.end().catch(() => undefined);
      wake();
    },
    holding: () => (held && now() < held.renewedAt + LEASE_MS ? held.term : undefined),
    current: () => (held && now() >= held.renewedAt + LEASE_MS ? undefined : known),
    changed: (ms) => new Promise<void>((resolveChange) => {
      const timeout = setTimeout(() => { waiters = waiters.filter((waiter) => waiter !== done); resolveChange(); }, ms);
      const done = () => { clearTimeout(timeout); resolveChange(); };
      waiters.push(done);
    }),
    connected: () => client !== undefined,
  };
}
