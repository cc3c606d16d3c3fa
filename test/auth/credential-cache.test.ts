import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scopedCaller } from '../../core/access/permissions.js';
import { createAuth } from '../../core/auth/auth.js';
import { createCredentialCache, type VerifiedCaller } from '../../core/auth/credential-cache.js';
import { UnauthorizedError } from '../../core/errors.js';
import { resolveConfig } from '../../core/config/load.js';
import { TEST_ENV } from './helpers.js';

const HOUR = 3_600_000;

/** A cache over a verifier that knows `valid` keys (each valid until `until[key]`, Infinity by default) and counts its calls. */
function cacheOver(valid: Set<string>, options: { until?: Record<string, number>; expired?: Set<string> } = {}) {
  const state = { revision: 'r1', calls: [] as string[] };
  const verify = (key: string): VerifiedCaller | undefined => {
    state.calls.push(key);
    if (options.expired?.has(key)) throw new UnauthorizedError('Token expired');
    return valid.has(key) ? { caller: scopedCaller('token', key, () => true), expiresAt: options.until?.[key] ?? Infinity } : undefined;
  };
  const cache = createCredentialCache(verify, () => state.revision);
  const fingerprint = (key: string, connection?: object) => cache.fingerprint(key, (caller) => `scope of ${caller.name}`, connection);
  return { state, cache, fingerprint };
}

afterEach(() => { vi.useRealTimers(); });

describe('verified credentials, remembered per connection', () => {
  it('verifies a key once while the auth state keeps its revision, with or without a connection', () => {
    const { state, fingerprint } = cacheOver(new Set(['k1']));
    const socket = {};
    for (let i = 0; i < 3; i++) expect(fingerprint('k1', socket)).toBe('scope of k1');
    expect(fingerprint('k1')).toBe('scope of k1');
    expect(fingerprint('k1', {})).toBe('scope of k1');
    expect(state.calls).toEqual(['k1']);
  });

  it('verifies a connection\'s last key again on its next request once the auth state changed (a revoke elsewhere)', () => {
    const valid = new Set(['k1']);
    const { state, fingerprint } = cacheOver(valid);
    const socket = {};
    expect(fingerprint('k1', socket)).toBe('scope of k1');
    valid.delete('k1');
    state.revision = 'r2';
    expect(fingerprint('k1', socket)).toBeUndefined();
    expect(fingerprint('k1', socket)).toBeUndefined();
    expect(state.calls).toEqual(['k1', 'k1', 'k1']);
  });

  it('never answers another key sent on a connection with the key it remembers', () => {
    const { state, fingerprint } = cacheOver(new Set(['k1']));
    const socket = {};
    expect(fingerprint('k1', socket)).toBe('scope of k1');
    for (const other of ['k2', 'k', 'k1 ', 'K1']) expect(fingerprint(other, socket)).toBeUndefined();
    expect(fingerprint('k1', socket)).toBe('scope of k1');
    // The failures are verified each time they are sent (never remembered); k1 was found again by its hash.
    expect(state.calls).toEqual(['k1', 'k2', 'k', 'k1 ', 'K1']);
  });

  it('verifies a connection\'s last key again once its time is up, and throws what verification throws then', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const expired = new Set<string>();
    const { state, cache } = cacheOver(new Set(['k1']), { until: { k1: start + HOUR }, expired });
    const socket = {};
    expect(cache.caller('k1', socket)?.name).toBe('k1');
    vi.setSystemTime(start + HOUR - 1);
    expect(cache.caller('k1', socket)?.name).toBe('k1');
    expect(state.calls).toEqual(['k1']);
    vi.setSystemTime(start + HOUR);
    expired.add('k1');
    expect(() => cache.caller('k1', socket)).toThrow('Token expired');
    expect(() => cache.caller('k1', socket)).toThrow('Token expired');
    expect(state.calls).toEqual(['k1', 'k1', 'k1']);
  });
});

describe('API token use recorded hourly, as Strapi does, though the key is cached', () => {
  it('moves lastUsedAt once an hour of cached use has passed, and not in between', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const root = mkdtempSync(join(tmpdir(), 'cms-credential-cache-'));
    const auth = createAuth({ root, config: resolveConfig({}), models: new Map(), env: TEST_ENV, report: () => {} });
    try {
      const { accessKey } = await auth.tokens.create({ name: 'busy', type: 'read-only' });
      const lastUsed = () => auth.tokens.list()[0].lastUsedAt;
      const socket = {};
      const start = Date.now();
      expect(auth.readFingerprint(accessKey, socket)).toBeDefined();
      expect(lastUsed()).toBe(new Date(start).toISOString());
      vi.setSystemTime(start + HOUR - 1000);
      expect(auth.readFingerprint(accessKey, socket)).toBeDefined();
      expect(lastUsed()).toBe(new Date(start).toISOString());
      vi.setSystemTime(start + HOUR + 1000);
      expect(auth.readFingerprint(accessKey, socket)).toBeDefined();
      expect(lastUsed()).toBe(new Date(start + HOUR + 1000).toISOString());
    } finally {
      await auth.store.close();
    }
  });
});
