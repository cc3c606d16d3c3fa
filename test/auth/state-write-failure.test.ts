// A change to the auth state whose write fails (a read-only or full disk) is not served: the caller gets the error, and
// every later read answers what the file holds. The folder's permissions cannot make the write fail for root, so the
// file system refuses the state file's temp file here, as a read-only mount does (EROFS at its creation).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileStateStore } from '../../core/auth/file-state-store.js';
import type { StoredApiToken, StoredUser } from '../../core/auth/state-store.js';
import { copySampleSite, startApp } from '../helpers/project.js';
import { TEST_ENV } from './helpers.js';

const disk = vi.hoisted(() => ({ readOnly: false }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const openSync = ((path: string, ...rest: unknown[]) => {
    if (disk.readOnly && /\.state\.json\.[0-9a-f]+\.tmp$/.test(String(path))) {
      throw Object.assign(new Error(`EROFS: read-only file system, open '${path}'`), { code: 'EROFS' });
    }
    return (real.openSync as (...args: unknown[]) => number)(path, ...rest);
  }) as typeof real.openSync;
  return { ...real, openSync, default: { ...real, openSync } };
});
afterEach(() => { disk.readOnly = false; });

const stores: FileStateStore[] = [];
afterEach(async () => { for (const store of stores.splice(0)) await store.close(); });
function storeOn(root: string): FileStateStore {
  const store = new FileStateStore(root);
  stores.push(store);
  return store;
}

const NOW = '2026-11-30T00:00:00.000Z';
const user = (username: string): Omit<StoredUser, 'id'> => ({
  documentId: `doc${username}`, username, email: `${username}@example.com`, provider: 'local', password: 'hash',
  resetPasswordToken: null, confirmed: true, blocked: false, role: 'authenticated', createdAt: NOW, updatedAt: NOW, publishedAt: NOW,
});
const token = (name: string): Omit<StoredApiToken, 'id'> => ({
  name, description: '', type: 'read-only', accessKey: 'ab'.repeat(64), permissions: [], lifespan: null, expiresAt: null,
  lastUsedAt: null, createdAt: NOW, updatedAt: NOW,
});

/** A store on a fresh folder holding one user and one token, written. */
async function seeded() {
  const root = mkdtempSync(join(tmpdir(), 'state-write-failure-'));
  const store = storeOn(root);
  const ada = await store.insertUser(user('ada'));
  await store.insertToken(token('reader'));
  return { root, store, ada };
}

describe('a change to the auth state file whose write fails', () => {
  const refused: [string, (store: FileStateStore, ada: StoredUser) => unknown][] = [
    ['a new user', (store) => store.insertUser(user('grace'))],
    ['a user blocked (changed in place)', (store, ada) => store.editUser(ada.id, (edited) => { edited.blocked = true; })],
    ['a user removed', (store, ada) => store.removeUser(ada.id)],
    ['a new token', (store) => store.insertToken(token('writer'))],
    ['a token removed', (store) => store.removeToken('reader')],
    ['a first secret', (store) => store.secret('jwtSecret', 'fresh-secret')],
  ];
  it.each(refused)('throws the file system error for %s, and the store goes on serving the file as it is', async (_what, change) => {
    const { root, store, ada } = await seeded();
    const before = { data: structuredClone(store.data), revision: store.revision };
    disk.readOnly = true;
    await expect(async () => change(store, ada)).rejects.toMatchObject({ code: 'EROFS' });
    expect(store.data).toEqual(before.data);
    expect(store.revision).toBe(before.revision);
    expect(storeOn(root).data).toEqual(before.data);
  });

  it('is made once the disk takes writes again, from the file as it is (no id or name left taken by the failed one)', async () => {
    const { store } = await seeded();
    disk.readOnly = true;
    await expect(store.insertUser(user('grace'))).rejects.toMatchObject({ code: 'EROFS' });
    disk.readOnly = false;
    const grace = await store.insertUser(user('grace'));
    expect(grace.id).toBe(2);
    expect(store.data.users.map((stored) => stored.username)).toEqual(['ada', 'grace']);
  });
});

describe('a registration over HTTP whose auth state write fails', () => {
  it("answers Strapi's 500 envelope, and the account exists nowhere: no sign-in, and the name is free once the disk takes writes", async () => {
    const root = copySampleSite();
    const server = await startApp(root, { env: TEST_ENV, report: () => undefined });
    const account = { username: 'grace', email: 'grace@example.com', password: 'hopper-1906' };
    disk.readOnly = true;
    const register = await server.sendJson('POST', '/api/auth/local/register', account);
    expect(register.status).toBe(500);
    expect(register.body).toEqual({ data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' } });
    disk.readOnly = false;
    const signIn = await server.sendJson('POST', '/api/auth/local', { identifier: 'grace', password: account.password });
    expect(signIn.status).toBe(400);
    expect(signIn.body.error.message).toBe('Invalid identifier or password');
    const again = await server.sendJson('POST', '/api/auth/local/register', account);
    expect(again.status).toBe(200);
    expect(again.body.user.username).toBe('grace');
  });
});
