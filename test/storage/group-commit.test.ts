import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCms } from '../../core/cms.js';
import { createApp } from '../../core/http/app.js';
import { removeFile, writeFileAtomic, type DurableStore } from '../../core/storage/atomic-write.js';
import { diskFs, type DurableFs } from '../../core/storage/durable-fs.js';
import { GroupCommit } from '../../core/storage/group-commit.js';
import { renameTagsAtOnce, writableSite } from '../write/helpers.js';

/** The disk, with every call recorded in order; `hold` keeps directory fsyncs pending until released. */
function recordingStore(hold = false) {
  const calls: string[] = [];
  const held: Array<() => void> = [];
  const fs: DurableFs = {
    writeSynced: async (path, content) => { calls.push(`write+fsync ${path.split('/').pop()}`); await diskFs.writeSynced(path, content); },
    rename: async (from, to) => { await diskFs.rename(from, to); calls.push(`rename ${to.split('/').pop()}`); },
    remove: async (path) => { await diskFs.remove(path); calls.push(`remove ${path.split('/').pop()}`); },
    makeFolder: async (path) => { calls.push(`mkdir ${path.split('/').pop()}`); return diskFs.makeFolder(path); },
    syncDirectory: async (path) => {
      calls.push(`fsync dir ${path.split('/').pop()}`);
      if (hold) await new Promise<void>((resolve) => held.push(resolve));
      await diskFs.syncDirectory(path);
    },
  };
  const store: DurableStore = { fs, commits: new GroupCommit(fs) };
  return { store, calls, release: () => held.splice(0).forEach((resolve) => resolve()) };
}

const folder = () => mkdtempSync(join(tmpdir(), 'cms-group-commit-'));

describe('durable writes (group commit)', () => {
  afterEach(() => { vi.restoreAllMocks(); vi.unstubAllEnvs(); });

  it('a write fsyncs the temp file, renames it, then fsyncs the folder, in that order', async () => {
    const dir = folder();
    const { store, calls } = recordingStore();
    await writeFileAtomic(join(dir, 'a.json'), '{"a":1}', store);
    expect(calls.map((call) => call.replace(/\.a\.json\.[0-9a-f]+\.tmp/, '<temp>'))).toEqual(['write+fsync <temp>', 'rename a.json',
      `fsync dir ${dir.split('/').pop()}`]);
    expect(readFileSync(join(dir, 'a.json'), 'utf8')).toBe('{"a":1}');
  });

  it('a write is not acknowledged before its folder fsync has finished', async () => {
    const dir = folder();
    const { store, calls, release } = recordingStore(true);
    let acknowledged = false;
    const write = writeFileAtomic(join(dir, 'a.json'), 'x', store).then(() => { acknowledged = true; });
    await vi.waitFor(() => expect(calls.some((call) => call.startsWith('fsync dir'))).toBe(true), { timeout: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(acknowledged).toBe(false);
    release();
    await write;
    expect(acknowledged).toBe(true);
  });

  it('a removal is acknowledged only after its folder fsync', async () => {
    const dir = folder();
    const { store, calls } = recordingStore();
    await writeFileAtomic(join(dir, 'gone.json'), 'x', store);
    calls.length = 0;
    await removeFile(join(dir, 'gone.json'), store);
    expect(calls).toEqual(['remove gone.json', `fsync dir ${dir.split('/').pop()}`]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('removing a file whose folder is gone is no error (nothing is left to sync)', async () => {
    const dir = folder();
    await expect(removeFile(join(dir, 'missing', 'gone.json'))).resolves.toBeUndefined();
  });

  it('a missing folder is created, and its parent is fsynced too so the new folder survives', async () => {
    const dir = folder();
    const { store, calls } = recordingStore();
    await writeFileAtomic(join(dir, 'new', 'a.json'), 'x', store);
    expect(calls.filter((call) => !call.startsWith('write+fsync'))).toEqual(['mkdir new', 'rename a.json', 'fsync dir new',
      `fsync dir ${dir.split('/').pop()}`]);
  });

  it('50 concurrent writes in one folder share far fewer than 50 folder fsyncs, and each waits for one after its rename', async () => {
    const dir = folder();
    const { store, calls } = recordingStore();
    // The first folder sync lasts until every rename is done (a slow disk), so the rest must share one.
    const sync = store.fs.syncDirectory;
    store.fs.syncDirectory = async (path) => {
      await vi.waitFor(() => expect(calls.filter((call) => call.startsWith('rename')).length).toBe(50), { interval: 1, timeout: 20_000 });
      await sync(path);
    };
    const done: string[] = [];
    await Promise.all(Array.from(
      { length: 50 }, (_, i) => writeFileAtomic(join(dir, `f${i}.json`), String(i), store).then(() => done.push(`f${i}.json`)),
    ));
    const syncs = calls.filter((call) => call.startsWith('fsync dir'));
    expect(syncs.length).toBeGreaterThanOrEqual(1);
    expect(syncs.length).toBeLessThanOrEqual(2);
    for (let i = 0; i < 50; i++) {
      const renamed = calls.indexOf(`rename f${i}.json`);
      expect(calls.slice(renamed).some((call) => call.startsWith('fsync dir'))).toBe(true);
    }
    expect(readdirSync(dir).sort()).toHaveLength(50);
  });

  it('a failed folder fsync fails every write of its batch (none is acknowledged as durable)', async () => {
    const dir = folder();
    const fs: DurableFs = { ...diskFs, syncDirectory: async () => { throw new Error('EIO: fsync failed'); } };
    const store: DurableStore = { fs, commits: new GroupCommit(fs) };
    const results = await Promise.allSettled([1, 2, 3].map((i) => writeFileAtomic(join(dir, `f${i}`), 'x', store)));
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
  });

  it.each([
    ['the data write', { writeSynced: async (path: string) => {
      await diskFs.writeSynced(path, 'partial');
      throw new Error('ENOSPC: no space left');
    } }],
    ['the rename', { rename: async () => { throw new Error('EXDEV: cross-device link'); } }],
  ])('a failure in %s rejects the write, leaves no temp file behind and syncs nothing', async (_, failing) => {
    const dir = folder();
    const synced: string[] = [];
    const fs: DurableFs = { ...diskFs, ...failing, syncDirectory: async (path) => { synced.push(path); } };
    await expect(writeFileAtomic(join(dir, 'a.json'), '{}', { fs, commits: new GroupCommit(fs) })).rejects.toThrow(/ENOSPC|EXDEV/);
    expect(readdirSync(dir)).toEqual([]);
    expect(synced).toEqual([]);
  });

  it('without the write log (CMS_WRITE_LOG=off, or no boot id), concurrent PUTs through the real HTTP app are answered only after a folder fsync that followed their rename, with fewer fsyncs than writes', async () => {
    vi.stubEnv('CMS_WRITE_LOG', 'off');
    const root = writableSite();
    const cms = await createCms({ root });
    const app = createApp(cms, { log: () => {} });
    const events: string[] = [];
    const rename = diskFs.rename;
    const syncDirectory = diskFs.syncDirectory;
    vi.spyOn(diskFs, 'rename').mockImplementation(async (from, to) => {
      await rename(from, to);
      events.push(`rename ${to.split('/').pop()}`);
    });
    const ids = cms.index.rows('api::tag.tag').map((row) => row.documentId);
    // A slow disk: the first folder sync lasts until every PUT has renamed its file, so they must share the next one.
    const renamed = () => events.filter((event) => event.startsWith('rename')).length;
    vi.spyOn(diskFs, 'syncDirectory').mockImplementation(async (path) => {
      await vi.waitFor(() => expect(renamed()).toBe(ids.length), { interval: 1, timeout: 20_000 });
      await syncDirectory(path);
      events.push(`synced ${path.split('/').pop()}`);
    });
    expect(ids.length).toBeGreaterThanOrEqual(3);
    const responses = await renameTagsAtOnce(app, ids, events);
    expect(responses).toEqual(ids.map(() => 200));
    for (const id of ids) {
      const renamed = events.findIndex((event) => event.startsWith(`rename ${id}`));
      const answered = events.indexOf(`answered ${id}`);
      expect(renamed).toBeGreaterThanOrEqual(0);
      expect(events.slice(renamed, answered).includes('synced tags')).toBe(true);
    }
    expect(events.filter((event) => event === 'synced tags').length).toBeLessThanOrEqual(2);
  });
});
