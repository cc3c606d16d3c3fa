import { mkdir, open, rename, rm } from 'node:fs/promises';

/**
 * The file-system calls a durable write is made of, as a port: the disk below, and in tests a
 * recorder that counts calls and their order.
 */
export interface DurableFs {
  /** Create (or truncate) `path`, write `content`, fsync it and close it. */
  writeSynced(path: string, content: string | Uint8Array): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  /** Remove a file; a missing one is no error. */
  remove(path: string): Promise<void>;
  /** Create a folder and its parents; resolves to the first folder created, if any. */
  makeFolder(path: string): Promise<string | undefined>;
  /** fsync a directory: the renames and removals inside it survive a crash once this resolves. */
  syncDirectory(path: string): Promise<void>;
}

export const diskFs: DurableFs = {
  async writeSynced(path, content) {
    const handle = await open(path, 'w', 0o644);
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
  rename: (from, to) => rename(from, to),
  remove: (path) => rm(path, { force: true }),
  makeFolder: (path) => mkdir(path, { recursive: true }),
  async syncDirectory(path) {
    const handle = await open(path, 'r');
    try { await handle.sync(); } finally { await handle.close(); }
  },
};
