import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PostgresStateStore } from '../../core/auth/postgres-state-store.js';
import type { StoredApiToken, StoredUser } from '../../core/auth/state-store.js';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres.js';
import { requires } from '../helpers/requires.js';

// The shared store's counterpart of state-write-failure.test.ts: a change PostgreSQL refuses is not served. Its memory is
// replaced only by a reload after a commit, and a row is changed as a copy of what the transaction read; PostgreSQL refuses a
// NUL character in text and in JSONB, which makes the statement fail inside the transaction here.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const needsPostgres = requires('postgresql');
let postgres: TestPostgres;
const stores: PostgresStateStore[] = [];
beforeAll(async () => { if (!needsPostgres.skip) postgres = await startTestPostgres(); });
afterAll(async () => {
  for (const store of stores.splice(0)) await store.close();
  await postgres?.stop();
});

async function open(url: string): Promise<PostgresStateStore> {
  const store = await PostgresStateStore.open({ url, report: () => undefined });
  stores.push(store);
  return store;
}

const NOW = '2026-11-30T00:00:00.000Z';
const user = (username: string): Omit<StoredUser, 'id'> => ({
  documentId: `doc${username.length}`, username, email: 'ada@example.com', provider: 'local', password: 'hash',
  resetPasswordToken: null, confirmed: true, blocked: false, role: 'authenticated', createdAt: NOW, updatedAt: NOW, publishedAt: NOW,
});
const token = (name: string): Omit<StoredApiToken, 'id'> => ({
  name, description: '', type: 'read-only', accessKey: 'ab'.repeat(64), permissions: [], lifespan: null, expiresAt: null,
  lastUsedAt: null, createdAt: NOW, updatedAt: NOW,
});

describe.skipIf(needsPostgres.skip)(`a change the PostgreSQL state store's transaction fails${needsPostgres.note}`, () => {
  const refused: [string, (store: PostgresStateStore, ada: StoredUser) => Promise<unknown>][] = [
    ['a user changed in place', (store, ada) => store.editUser(ada.id, (edited) => { edited.username = 'a\u0000b'; edited.blocked = true; })],
    ['a token changed in place', (store) => store.editToken(store.data.apiTokens[0].id, (edited) => { edited.description = 'x\u0000'; })],
    ['a new token', (store) => store.insertToken(token('bad\u0000name'))],
  ];
  it.each(refused)('throws for %s, and the store goes on serving what PostgreSQL holds', async (_what, change) => {
    const url = await postgres.database();
    const store = await open(url);
    const ada = await store.insertUser(user('ada'));
    await store.insertToken(token('reader'));
    const before = { data: structuredClone(store.data), revision: store.revision };
    await expect(change(store, ada)).rejects.toThrow();
    expect(store.data).toEqual(before.data);
    expect(store.revision).toBe(before.revision);
    expect((await open(url)).data).toEqual(before.data);
  });
});
