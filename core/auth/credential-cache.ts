import { hash } from 'node:crypto';
import type { Caller } from '../access/permissions.js';

/**
 * A verified credential: who it is, and until when it may be trusted without a look at the store (ms since the epoch;
 * Infinity when never): its expiry, or sooner (an API token's next `lastUsedAt` to record).
 */
export interface VerifiedCaller {
  caller: Caller;
  expiresAt: number;
}

interface Entry extends VerifiedCaller {
  revision: string;
  fingerprint: string | undefined;
}

/** The last key verified on one connection, as it was sent: its next request with the same key skips the hash. */
interface LastKey {
  key: string;
  entry: Entry;
}

export interface CredentialCache {
  /** The caller a Bearer value stands for (verified once per key and auth-state revision); undefined or throws as `verify` does. */
  caller(key: string, connection?: object): Caller | undefined;
  /** The caller's read fingerprint (see `readFingerprint`), computed once per verified key. */
  fingerprint(key: string, compute: (caller: Caller) => string, connection?: object): string | undefined;
}

/**
 * Verify each API token or JWT once, not on every request: a verified key is remembered with the
 * auth state's revision and its expiry, so a revoked token, a blocked user or a changed role (all
 * changes of the state file, this process's or another's) and an expired key are seen on the very
 * next request. Keys are remembered by their SHA-256: no plain key is kept, a key that differs in
 * one character is another entry (verified from scratch), and looking one up costs one hash
 * whatever the key holds. Failures are never remembered.
 *
 * A `connection` (the client's socket: an object that lives as long as its keep-alive connection)
 * remembers the last key verified on it, as sent: the next request on it with the very same key costs a
 * string comparison instead of the hash, under the same revision and expiry checks. A plain key is so
 * kept only as long as the connection that sent it, and only compared with what that connection sends.
 *
 * @example
 * const credentials = createCredentialCache(auth.verify, () => auth.store.revision);
 * credentials.caller(token, req.socket)?.can(articleModel, 'find')
 */
export function createCredentialCache(
  verify: (key: string) => VerifiedCaller | undefined, revision: () => string, maxEntries = 10_000,
): CredentialCache {
  const entries = new Map<string, Entry>();
  const lastKeys = new WeakMap<object, LastKey>();
  const holds = (entry: Entry, current: string) => entry.revision === current && Date.now() < entry.expiresAt;
  const verified = (key: string, current: string): Entry | undefined => {
    // One-shot hash: a fraction of an HMAC's cost (no per-call object); its raw bytes as the Map key (no base64 to build).
    const id = hash('sha256', key, 'binary');
    const known = entries.get(id);
    if (known && holds(known, current)) return known;
    if (known) entries.delete(id);
    const fresh = verify(key);
    if (!fresh) return undefined;
    const entry: Entry = { ...fresh, revision: current, fingerprint: undefined };
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(id, entry);
    return entry;
  };
  const lookup = (key: string, connection: object | undefined): Entry | undefined => {
    const current = revision();
    const last = connection && lastKeys.get(connection);
    if (last && last.key === key && holds(last.entry, current)) return last.entry;
    const entry = verified(key, current);
    if (connection) {
      if (entry) lastKeys.set(connection, { key, entry });
      else lastKeys.delete(connection);
    }
    return entry;
  };
  return {
    caller: (key, connection) => lookup(key, connection)?.caller,
    fingerprint(key, compute, connection) {
      const entry = lookup(key, connection);
      if (!entry) return undefined;
      return (entry.fingerprint ??= compute(entry.caller));
    },
  };
}
