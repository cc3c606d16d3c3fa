import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { isUnreachable, stateStoreUnavailable } from './postgres-errors.js';
import { COUNT_HIT, CREATE_SCHEMA, NOTIFY_CHANNEL, PRUNE_HITS, SCHEMA_LOCK } from './postgres-schema.js';
import { inTransaction, readSnapshot, type Query } from './postgres-transaction.js';
import {
  emptyState, isTaken, takenError, tokenNameTakenError,
  type AuthState, type SecretKey, type StateStore, type StoredApiToken, type StoredUser,
} from './state-store.js';

type Row = { id: string; doc: Record<string, unknown> };
type Table = 'cms_users' | 'cms_api_tokens';

export interface PostgresStateOptions {
  /** `postgres://user:password@host:port/db` or `postgres:///db?host=/run/postgresql`. */
  url: string;
  /** Problems of the change listener (it reconnects by itself); never given the URL. */
  report: (message: string) => void;
  /**
   * When PostgreSQL cannot be reached at start: open anyway, knowing no user or token yet (every change is a
   * 503 ServiceUnavailableError), and load the state once it answers. Default false: opening fails.
   */
  startUnreachable?: boolean;
  /** Milliseconds between attempts to reach PostgreSQL again, at start and for the change listener (`state.reconnectInterval`): 1000. */
  reconnectMs?: number;
}

/**
 * How long a connection attempt may take: libpq's `connect_timeout` (seconds) when the URL gives one, as psql honours it; else 5 s.
 *
 * @example
 * connectTimeoutMs('postgres://cms@db/cms?connect_timeout=2') // 2000
 */
export function connectTimeoutMs(url: string): number {
  let seconds = 0;
  try { seconds = Number(new URL(url).searchParams.get('connect_timeout')); } catch { /* not a URL: the default */ }
  return seconds > 0 ? seconds * 1000 : 5000;
}

/**
 * The auth state in PostgreSQL, shared by every replica. Every replica keeps the whole state in
 * memory (reads, and so each request's credential check, cost no round trip) and reloads it when any
 * replica commits a change: each change bumps one revision row and sends `NOTIFY cms_state` in the
 * same transaction, and a LISTEN connection turns that into a reload within milliseconds. Ids come
 * from PostgreSQL sequences, so a user's JWT names the same user on every replica.
 *
 * @example
 * const store = await PostgresStateStore.open({ url: process.env.CMS_STATE_URL!, report: console.warn });
 */
export class PostgresStateStore implements StateStore {
  readonly location = 'PostgreSQL (state.url)';
  readonly shared = true;
  private state: AuthState = emptyState();
  private version = 0;
  private listener: pg.Client | undefined;
  private closed = false;
  private reloading: Promise<void> | undefined;
  private syncing: Promise<void> | undefined;
  /** The state was loaded once: before that (PostgreSQL down at start) nothing is known and nothing may change. */
  private loaded = false;
  private lastPrune = 0;

  private constructor(private readonly pool: pg.Pool, private readonly options: PostgresStateOptions) {}

  /**
   * Connect, create the tables when missing, seed the shared secrets, load the state and start listening.
   * With `startUnreachable`, a server that does not answer yet is tried again every `reconnectMs` instead.
   */
  static async open(options: PostgresStateOptions): Promise<PostgresStateStore> {
    // A server out of reach fails a change within seconds (a 503), not at the system's TCP timeout; one that stops answering
    // on an open connection (a cut link drops packets, nothing is refused) fails the query the same way, not never.
    // The URL's own bounds win (libpq's connect_timeout in seconds, node-postgres's query_timeout in ms): a deployment on a
    // slow link may need longer, a test of a cut link shorter.
    const connectionTimeoutMillis = connectTimeoutMs(options.url);
    const pool = new pg.Pool({ connectionString: options.url, max: 4, connectionTimeoutMillis, query_timeout: 10_000 });
    pool.on('error', (error) => options.report(`state store: ${error.message}`));
    const store = new PostgresStateStore(pool, options);
    try {
      await store.start();
    } catch (error) {
      if (!options.startUnreachable || !isUnreachable(error)) {
        await store.close();
        throw error;
      }
      options.report(`state store: PostgreSQL cannot be reached (${(error as Error).message}); `
        + 'no user or token is known and their changes answer 503 until it answers');
      store.startLater();
    }
    return store;
  }

  /** Schema, secrets, listener and the first load; a listener left by a failed attempt is closed. */
  private async start(): Promise<void> {
    try {
      await this.transaction(async (query) => {
        // Replicas start together: one creates the tables, the others wait for it.
        await query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
        await query(CREATE_SCHEMA);
        // One pair of secrets for every replica: a JWT or token made on one is valid on all.
        for (const key of ['jwtSecret', 'apiTokenSalt'] satisfies SecretKey[]) {
          const fresh = randomBytes(64).toString('hex');
          await query('INSERT INTO cms_secrets (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, fresh]);
        }
      });
      await this.listen();
      await this.reload();
      this.loaded = true;
    } catch (error) {
      const listener = this.listener;
      this.listener = undefined;
      await listener?.end().catch(() => undefined);
      throw error;
    }
  }

  private get reconnectMs(): number {
    return this.options.reconnectMs ?? 1000;
  }

  /** Try to start every `reconnectMs` until PostgreSQL answers. */
  private startLater(): void {
    setTimeout(() => {
      if (this.closed) return;
      this.start().then(
        () => this.options.report('state store: PostgreSQL answers: users and tokens loaded'),
        () => this.startLater(),
      );
    }, this.reconnectMs).unref();
  }

  get data(): AuthState {
    return this.state;
  }

  get revision(): string {
    return `pg:${this.version}`;
  }

  secret(key: SecretKey): string | undefined {
    // Seeded when the store opened: there is always one.
    return this.state.secrets[key];
  }

  async insertUser(user: Omit<StoredUser, 'id'>): Promise<StoredUser> {
    return this.change(async (query) => {
      const others = await query('SELECT doc FROM cms_users');
      if (isTaken(others.rows.map((row: Row) => row.doc as unknown as StoredUser), user.username, user.email)) throw takenError();
      const { rows } = await query('INSERT INTO cms_users (doc) VALUES ($1) RETURNING id', [user]);
      return { id: Number(rows[0].id), ...user };
    });
  }

  async editUser(id: number, change: (user: StoredUser) => void): Promise<StoredUser> {
    const user = await this.editRow<StoredUser>('cms_users', id, change);
    if (!user) throw new Error(`user ${id} disappeared`);
    return user;
  }

  async insertToken(token: Omit<StoredApiToken, 'id'>): Promise<StoredApiToken> {
    return this.change(async (query) => {
      try {
        const { rows } = await query('INSERT INTO cms_api_tokens (name, doc) VALUES ($1, $2) RETURNING id', [token.name, token]);
        return { id: Number(rows[0].id), ...token };
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw tokenNameTakenError();
        throw error;
      }
    });
  }

  editToken(id: number, change: (token: StoredApiToken) => void): Promise<StoredApiToken | undefined> {
    return this.editRow<StoredApiToken>('cms_api_tokens', id, change);
  }

  async removeUser(id: number): Promise<StoredUser | undefined> {
    return this.change(async (query) => {
      const { rows } = await query('DELETE FROM cms_users WHERE id = $1 RETURNING id, doc', [id]);
      return rows.length ? { ...(rows[0].doc as StoredUser), id: Number(rows[0].id) } : undefined;
    });
  }

  async removeToken(name: string): Promise<StoredApiToken | undefined> {
    return this.change(async (query) => {
      const { rows } = await query('DELETE FROM cms_api_tokens WHERE name = $1 RETURNING id, doc', [name]);
      return rows.length ? { ...(rows[0].doc as StoredApiToken), id: Number(rows[0].id) } : undefined;
    });
  }

  /** Concurrent calls share one round trip; a newer revision is reloaded. Never loaded: a 503, nothing can be judged yet. */
  sync(): Promise<void> {
    if (!this.loaded) return Promise.reject(stateStoreUnavailable());
    this.syncing ??= this.pool.query('SELECT value FROM cms_revision WHERE id = 1')
      .then(({ rows }) => (Number(rows[0].value) > this.version ? this.reload() : undefined))
      .finally(() => { this.syncing = undefined; });
    return this.syncing;
  }

  /** One statement, no transaction and no revision: a count is not state other replicas reload. */
  async countHit(key: string, interval: number): Promise<{ hits: number; resetInMs: number }> {
    const { rows } = await this.pool.query(COUNT_HIT, [key, interval]);
    if (Date.now() - this.lastPrune >= interval) {
      this.lastPrune = Date.now();
      this.pool.query(PRUNE_HITS, [interval]).catch(this.reportError);
    }
    return { hits: Number(rows[0].hits), resetInMs: Number(rows[0].reset_in) };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.listener?.end().catch(() => undefined);
    await this.pool.end().catch(() => undefined);
  }

  private async editRow<T extends { id: number }>(table: Table, id: number, change: (row: T) => void): Promise<T | undefined> {
    return this.change(async (query) => {
      const { rows } = await query(`SELECT doc FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
      if (!rows.length) return undefined;
      const row = { ...(rows[0].doc as T), id };
      change(row);
      const { id: _id, ...doc } = row;
      await query(`UPDATE ${table} SET doc = $2 WHERE id = $1`, [id, doc]);
      return row;
    });
  }

  /**
   * One change: the revision row is locked first, so changes are serialised across replicas (the
   * register rule's check and insert are one step); NOTIFY is delivered at commit. The local copy is
   * reloaded before the promise resolves, so this replica reads its own change at once.
   */
  private async change<T>(work: (query: Query) => Promise<T>): Promise<T> {
    if (!this.loaded) throw stateStoreUnavailable();
    const result = await this.transaction(async (query) => {
      const { rows } = await query('UPDATE cms_revision SET value = value + 1 WHERE id = 1 RETURNING value');
      const outcome = await work(query);
      await query(`SELECT pg_notify('${NOTIFY_CHANNEL}', $1)`, [String(rows[0].value)]);
      return outcome;
    }).catch((error: unknown) => {
      // Not committed (or not known to be): the client may try again once PostgreSQL answers.
      throw isUnreachable(error) ? stateStoreUnavailable() : error;
    });
    // Committed: a reload lost with the connection is made up by the listener when it reconnects.
    await this.reload().catch(this.reportError);
    return result;
  }

  private transaction<T>(work: (query: Query) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, work);
  }

  /** Reload the whole state, one read at a time: a reload asked for during a read starts a fresh one after it. */
  private reload(): Promise<void> {
    if (this.reloading) return this.reloading.catch(() => undefined).then(() => this.reload());
    this.reloading = this.read().finally(() => { this.reloading = undefined; });
    return this.reloading;
  }

  /** One snapshot of the state (postgres-transaction.ts). */
  private async read(): Promise<void> {
    const { state, version } = await readSnapshot(this.pool);
    // Reloads may finish out of order: never go back to an older state.
    if (version >= this.version) { this.state = state; this.version = version; }
  }

  /** LISTEN on its own connection; when it drops, reconnect (and reload: changes may have been missed). */
  private async listen(): Promise<void> {
    // Keep-alive: a connection lost without a word (a partition) is noticed and replaced.
    const client = new pg.Client({ connectionString: this.options.url, keepAlive: true });
    client.on('notification', (message) => { if (Number(message.payload) > this.version) this.reload().catch(this.reportError); });
    client.on('error', (error) => {
      this.reportError(error);
      if (this.listener !== client) return;
      this.listener = undefined;
      client.end().catch(() => undefined);
      this.reconnect();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.listener = client;
  }

  /** Try again every `reconnectMs` until PostgreSQL answers, then reload everything. */
  private reconnect(): void {
    setTimeout(() => {
      if (this.closed) return;
      this.listen().then(() => this.reload()).catch((error: Error) => { this.reportError(error); this.reconnect(); });
    }, this.reconnectMs).unref();
  }

  private readonly reportError = (error: Error) => { if (!this.closed) this.options.report(`state store: ${error.message}`); };
}
