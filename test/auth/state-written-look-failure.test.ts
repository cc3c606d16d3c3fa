// A change to the auth state that reached the disk (its temp file renamed into place) has succeeded, whatever fails
// after the rename: PrivateJsonFile's `written` callback throwing, or the state file watch's `fstat` of the descriptor
// it is handed. Before, either made the write throw, so the caller was told a change failed that every reader of the
// file then saw. Here the file system's `fstat` is made to fail once, right after the state file's rename.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileStateStore } from '../../core/auth/file-state-store.js';
import { PrivateJsonFile } from '../../core/auth/private-json-file.js';
import type { StoredUser } from '../../core/auth/state-store.js';

const disk = vi.hoisted(() => ({ failLookAfterRename: false, failedLooks: 0 }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  let renamed = false;
  const renameSync = ((from: string, to: string) => {
    real.renameSync(from, to);
    renamed = disk.failLookAfterRename && /state\.json$/.test(String(to));
  }) as typeof real.renameSync;
  const fstatSync = ((...args: unknown[]) => {
    if (renamed) {
      renamed = false;
      disk.failedLooks++;
      throw Object.assign(new Error('EIO: i/o error, fstat'), { code: 'EIO' });
    }
    return (real.fstatSync as (...given: unknown[]) => unknown)(...args);
  }) as typeof real.fstatSync;
  return { ...real, renameSync, fstatSync, default: { ...real, renameSync, fstatSync } };
});
afterEach(() => { disk.failLookAfterRename = false; disk.failedLooks = 0; });

const NOW = '2026-11-30T00:00:00.000Z';
const user = (username: string): Omit<StoredUser, 'id'> => ({
  documentId: `doc${username}`, username, email: `${username}@example.com`, provider: 'local', password: 'hash',
  resetPasswordToken: null, confirmed: true, blocked: false, role: 'authenticated', createdAt: NOW, updatedAt: NOW, publishedAt: NOW,
});

describe('a write of a private JSON file that reached the disk', () => {
  it('succeeds when its `written` callback throws: the file holds the data', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'private-json-written-')), '.cms', 'state.json');
    let handed: number | undefined;
    const file = new PrivateJsonFile<{ n: number }>(path, (fd) => { handed = fd; throw new Error('the holder failed'); });
    expect(() => file.write({ n: 1 })).not.toThrow();
    expect(handed).toEqual(expect.any(Number));
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ n: 1 });
    expect(file.read()).toEqual({ n: 1 });
  });
});

describe('an auth state change whose look at the written file fails after the rename', () => {
  it('reports success, and the store reads the file again on its next look: it serves the change', async () => {
    const root = mkdtempSync(join(tmpdir(), 'state-written-look-'));
    const store = new FileStateStore(root);
    const other = new FileStateStore(root);
    try {
      await store.insertUser(user('ada'));
      disk.failLookAfterRename = true;
      const grace = await store.insertUser(user('grace'));
      expect(disk.failedLooks).toBe(1);
      expect(grace.id).toBe(2);
      expect(store.data.users.map((stored) => stored.username)).toEqual(['ada', 'grace']);
      expect(other.data.users.map((stored) => stored.username)).toEqual(['ada', 'grace']);
      // The store holds the file again and goes on: its next change starts from it.
      disk.failLookAfterRename = false;
      expect((await store.insertUser(user('hopper'))).id).toBe(3);
      expect(store.revision).not.toBe('absent');
      expect(other.data.users).toHaveLength(3);
    } finally {
      await store.close();
      await other.close();
    }
  });
});
