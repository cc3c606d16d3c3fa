import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { diskFs, type DurableFs } from './durable-fs.js';
import { GroupCommit } from './group-commit.js';

/** The file system and the group commit a durable write goes through (tests inject their own). */
export interface DurableStore {
  fs: DurableFs;
  commits: GroupCommit;
}

/** The process's store: one group commit for every writer, so concurrent writes share fsyncs. */
export const diskStore: DurableStore = { fs: diskFs, commits: new GroupCommit(diskFs) };

/**
 * Temp names (`tempName(path)`, beside `path`): a random tag per process and a counter, unique across processes and writes without
 * asking the system's random source on every write (a sync call per write, seen in profiles).
 */
const processTag = randomBytes(4).toString('hex');
let tempSerial = 0;
export const tempName = (path: string) => join(dirname(path), `.${basename(path)}.${processTag}${(tempSerial++).toString(16)}.tmp`);

/** A temp file's name as `tempName` makes it: `.<name>.<8 hex tag><hex serial>.tmp`. */
const TEMP_NAME = /^\..+\.[0-9a-f]{9,}\.tmp$/;

/**
 * Whether a path names an atomic write's temp file (left behind only by a crash): the loader,
 * the watcher and the Git panel skip them, and `cms serve` removes them at start.
 *
 * @example
 * isTempFile('content/tags/.a.json.1f2e3d4c0.tmp') // true
 */
export const isTempFile = (path: string): boolean => TEMP_NAME.test(basename(path));

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/** The folders whose entries a `makeFolder` that created `created` … `folder` changed: each created folder's parent. */
function changedParents(created: string | undefined, folder: string): string[] {
  if (!created) return [];
  const parents: string[] = [];
  for (let at = folder; at.length >= created.length && at !== dirname(at); at = dirname(at)) parents.push(dirname(at));
  return parents;
}

/**
 * Write `path`'s new content to a temp file beside it with `write`, making its folder when missing (most writes skip the
 * mkdir call). The temp file is removed when the write fails. `created`: the first folder made, if any.
 */
export async function writeBeside<T>(
  path: string, fs: DurableFs, write: (temp: string) => Promise<T>,
): Promise<{ temp: string; result: T; created?: string }> {
  const temp = tempName(path);
  try {
    return { temp, result: await write(temp) };
  } catch (error) {
    if (!isMissing(error)) { await fs.remove(temp); throw error; }
  }
  const created = await fs.makeFolder(dirname(path));
  try { return { temp, result: await write(temp), created }; } catch (again) { await fs.remove(temp); throw again; }
}

/** Rename the temp file over the target; the temp file is removed when the rename fails. */
export async function renameOver(fs: DurableFs, temp: string, path: string): Promise<void> {
  try {
    await fs.rename(temp, path);
  } catch (error) {
    await fs.remove(temp);
    throw error;
  }
}

/**
 * Write a file (text or bytes) atomically and durably: a temp file in the same folder, fsync, rename
 * over the target, then the folder's fsync (shared with concurrent writes: see `GroupCommit`).
 * Resolves only once the new file survives a crash; a crash at any point leaves either the old
 * file or the new one, never a torn one. Temp files are named `.<name>.<random>.tmp`, which the
 * loader and watcher ignore. Resolves to the file's modification time where the store's file system tells it (the
 * disk's does), so the writer need not stat the file again. (Content files of a site go through its `WriteLog` instead.)
 */
export async function writeFileAtomic(
  path: string, content: string | Uint8Array, store: DurableStore = diskStore,
): Promise<number | undefined> {
  const { fs } = store;
  const folder = dirname(path);
  const { temp, result: mtimeMs, created } = await writeBeside(path, fs, (at) => fs.writeSynced(at, content));
  await renameOver(fs, temp, path);
  await store.commits.durable(folder, ...changedParents(created, folder));
  return typeof mtimeMs === 'number' ? mtimeMs : undefined;
}

/** Remove a file durably (its folder fsynced, shared with concurrent writes); a missing file is no error. */
export async function removeFile(path: string, store: DurableStore = diskStore): Promise<void> {
  await store.fs.remove(path);
  await store.commits.durable(dirname(path));
}
