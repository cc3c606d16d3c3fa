import { hash } from 'node:crypto';
import type { Caller } from '../access/permissions.js';

/** A verified credential: who it is, and until when (ms since the epoch; Infinity when it never expires). */
export interface VerifiedCaller {
  caller: Caller;
  expiresAt: number;
}

interface Entry extends VerifiedCaller {
  revision: string;
  fingerprint: string | undefined;
}

export interface CredentialCache {
  /** The caller a Bearer value stands for (verified once per key and auth-state revision); undefined or throws as `verify` does. */
  caller(key: string): Caller | undefined;
  /** The caller's read fingerprint (see `readFingerprint`), computed once per verified key. */
  fingerprint(key: string, compute: (caller: Caller) => string): string | undefined;
}

/**
 * Verify each API token or JWT once, not on every request: a verified key is remembered with the
 * auth state's revision and its expiry, so a revoked token, a blocked user or a changed role (all
 * changes of the state file, this process's or another's) and an expired key are seen on the very
 * next request. Keys are remembered by their SHA-256: no plain key is kept, a key that differs in
 * one character is another entry (verified from scratch), and looking one up costs one hash
 * whatever the key holds. Failures are never remembered.
 *
 * @example
 * const credentials = createCredentialCache(auth.verify, () => auth.store.revision);
 * credentials.caller(token)?.can(articleModel, 'find')
 */
export function createCredentialCache(
  verify: (key: string) => VerifiedCaller | undefined, revision: () => string, maxEntries = 10_000,
): CredentialCache {
  const entries = new Map<string, Entry>();
  const lookup = (key: string): Entry | undefined => {
    // One-shot hash: a fraction of an HMAC's cost (no per-call object); its raw bytes as the Map key (no base64 to build).
    const id = hash('sha256', key, 'binary');
    const current = revision();
    const known = entries.get(id);
    if (known && known.revision === current && Date.now() < known.expiresAt) return known;
    if (known) entries.delete(id);
    const verified = verify(key);
    if (!verified) return undefined;
    const entry: Entry = { ...verified, revision: current, fingerprint: undefined };
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(id, entry);
    return entry;
  };
  return {
    caller: (key) => lookup(key)?.caller,
    fingerprint(key, compute) {
      const entry = lookup(key);
      if (!entry) return undefined;
      return (entry.fingerprint ??= compute(entry.caller));
    },
  };
}
