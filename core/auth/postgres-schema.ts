/** The channel every change is announced on (payload: the new revision). */
export const NOTIFY_CHANNEL = 'cms_state';

/** The advisory lock key that serialises creating the tables (replicas start together). */
export const SCHEMA_LOCK = 0x636d7353;

/**
 * The shared auth state: users and API tokens as JSON documents with ids from sequences (global,
 * never per replica), token names unique, the generated secrets, and one revision row that every
 * change bumps (locking it serialises changes; its value names the state's version everywhere).
 */
export const CREATE_SCHEMA = `
CREATE TABLE IF NOT EXISTS cms_revision (id integer PRIMARY KEY CHECK (id = 1), value bigint NOT NULL);
INSERT INTO cms_revision (id, value) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
CREATE TABLE IF NOT EXISTS cms_secrets (key text PRIMARY KEY, value text NOT NULL);
CREATE TABLE IF NOT EXISTS cms_users (id bigserial PRIMARY KEY, doc jsonb NOT NULL);
CREATE TABLE IF NOT EXISTS cms_api_tokens (id bigserial PRIMARY KEY, name text NOT NULL UNIQUE, doc jsonb NOT NULL);
`;
