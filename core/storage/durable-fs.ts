import { closeSync, fdatasync, fsync, mkdir, openSync, renameSync, rm, writeSync } from 'node:fs';
import { promisify } from 'node:util';

// Opening, writing into the page cache, closing and renaming take microseconds and run inline;
// only the waits for the disk (fdatasync, fsync) go to the thread pool. Each thread-pool call
// costs a hand-over between threads, which at thousands of writes a second was most of a write's CPU.
const syncData = promisify(fdatasync);
const syncAll = promisify(fsync);
const removeFile = promisify(rm);
const makeFolder = promisify(mkdir);

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
    const fd = openSync(path, 'w', 0o644);
    try {
      const bytes = typeof content === 'string' ? Buffer.from(content) : content;
      for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written, bytes.length - written);
      // fdatasync: the bytes and the size that reads need, without the file's other metadata.
      await syncData(fd);
    } finally {
      closeSync(fd);
    }
  },
  rename: async (from, to) => renameSync(from, to),
  remove: (path) => removeFile(path, { force: true }),
  makeFolder: (path) => makeFolder(path, { recursive: true }),
  async syncDirectory(path) {
    const fd = openSync(path, 'r');
    try { await syncAll(fd); } finally { closeSync(fd); }
  },
};
