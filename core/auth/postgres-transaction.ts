import type pg from 'pg';
import { CmsError } from '../errors.js';
import { isUnreachable } from './postgres-errors.js';
import { emptyState, type AuthState, type SecretKey, type StoredApiToken, type StoredUser } from './state-store.js';

export type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
type Row = { id: string; doc: Record<string, unknown> };

/**
 * `work` in one transaction of the PostgreSQL state store (`begin` names its kind); a rollback on any error, the
 * connection dropped when it may be unsound.
 *
 * @example
 * await inTransaction(pool, (query) => query('UPDATE cms_revision SET value = value + 1 WHERE id = 1'));
 */
export async function inTransaction<T>(pool: pg.Pool, work: (query: Query) => Promise<T>, begin = 'BEGIN'): Promise<T> {
  const client = await pool.connect();
  // A connection lost mid-transaction fails the query; its 'error' event must not also crash the process.
  const ignore = () => undefined;
  client.on('error', ignore);
  let broken: Error | undefined;
  try {
    await client.query(begin);
    const result = await work((text, values) => client.query(text, values));
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // A refusal of ours (a taken name) leaves the connection sound; anything else may not have.
    if (!(error instanceof CmsError)) broken = error as Error;
    // A server that stopped answering would leave the rollback waiting as long again: dropping the connection rolls back.
    if (!isUnreachable(error)) await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.off('error', ignore);
    client.release(broken);
  }
}

/**
 * The whole auth state in one snapshot (REPEATABLE READ): the revision and the rows it names, never a newer
 * revision over older rows.
 */
export async function readSnapshot(pool: pg.Pool): Promise<{ state: AuthState; version: number }> {
  const [revision, secrets, tokens, users] = await inTransaction(pool, async (query) => [
    await query('SELECT value FROM cms_revision WHERE id = 1'),
    await query('SELECT key, value FROM cms_secrets'),
    await query('SELECT id, doc FROM cms_api_tokens ORDER BY id'),
    await query('SELECT id, doc FROM cms_users ORDER BY id'),
  ], 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  const state = emptyState();
  for (const row of secrets.rows as { key: SecretKey; value: string }[]) state.secrets[row.key] = row.value;
  state.apiTokens = tokens.rows.map((row: Row) => ({ ...(row.doc as unknown as StoredApiToken), id: Number(row.id) }));
  state.users = users.rows.map((row: Row) => ({ ...(row.doc as unknown as StoredUser), id: Number(row.id) }));
  return { state, version: Number(revision.rows[0].value) };
}
