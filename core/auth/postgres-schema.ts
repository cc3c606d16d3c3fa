/** The channel every change is announced on (payload: the new revision). */
export const NOTIFY_CHANNEL = 'cms_state';

/** The advisory lock key that serialises creating the tables (replicas start together). */
export const SCHEMA_LOCK = 0x636d7353;

/**
 * The shared auth state: users and API tokens as JSON documents with ids from sequences (global,
 * never per replica), token names unique, the generated secrets, and one revision row that every
 * change bumps (locking it serialises changes; its value names the state's version everywhere).
 * Beside it, the auth rate limit's windows (hashed keys), one count for every replica.
 */
export const CREATE_SCHEMA = `
CREATE TABLE IF NOT EXISTS cms_revision (id integer PRIMARY KEY CHECK (id = 1), value bigint NOT NULL);
INSERT INTO cms_revision (id, value) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
CREATE TABLE IF NOT EXISTS cms_secrets (key text PRIMARY KEY, value text NOT NULL);
CREATE TABLE IF NOT EXISTS cms_users (id bigserial PRIMARY KEY, doc jsonb NOT NULL);
CREATE TABLE IF NOT EXISTS cms_api_tokens (id bigserial PRIMARY KEY, name text NOT NULL UNIQUE, doc jsonb NOT NULL);
CREATE TABLE IF NOT EXISTS cms_rate_limits (key text PRIMARY KEY, started_at bigint NOT NULL, hits integer NOT NULL);
`;

/**
 * One hit of a rate-limit key ($1) in its fixed window of $2 ms, timed by the database's clock (replicas' clocks may
 * differ): a window that has run out starts again at 1. Answers the hits so far and the ms until the window resets.
 */
export const COUNT_HIT = `
WITH clock AS (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now)
INSERT INTO cms_rate_limits AS r (key, started_at, hits) SELECT $1, clock.now, 1 FROM clock
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN r.started_at + $2::bigint <= EXCLUDED.started_at THEN 1 ELSE r.hits + 1 END,
  started_at = CASE WHEN r.started_at + $2::bigint <= EXCLUDED.started_at THEN EXCLUDED.started_at ELSE r.started_at END
RETURNING hits, started_at + $2::bigint - (SELECT now FROM clock) AS reset_in`;

/** Windows that ran out ($1: the interval in ms) are dropped now and then. */
export const PRUNE_HITS = `
DELETE FROM cms_rate_limits WHERE started_at + $1::bigint < (extract(epoch FROM clock_timestamp()) * 1000)::bigint`;
