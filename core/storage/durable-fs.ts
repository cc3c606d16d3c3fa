import { closeSync, constants, fdatasync, fstatSync, fsync, mkdir, open, rename, rm, write } from 'node:fs';
import { promisify } from 'node:util';

// Every call goes to the thread pool, with plain descriptors rather than promise FileHandles (less
// CPU per open/close). Inline (sync) metadata calls were tried and measured worse: open and rename
// wait for the journal behind other writes' fsyncs, blocking the event loop (4-16× the main-thread
// time per write in bench A/B runs). Closing is the exception: see `closeNow`.
const openFile = promisify(open);
const writeBytes = promisify(write);
const syncData = promisify(fdatasync);
const syncAll = promisify(fsync);
const renameFile = promisify(rename);
const removeFile = promisify(rm);
const makeFolder = promisify(mkdir);

/**
 * Close a descriptor inline, not in the thread pool: by then the temp file's bytes are synced (O_DSYNC or fdatasync) and a
 * folder's fsync is done, so close has nothing to write or wait for (the temp file is new: ext4's flush-on-close after a
 * truncate never applies), and a round trip through the pool cost a futex wake, a completion and a promise per write.
 */
export function closeNow(fd: number): void {
  closeSync(fd);
}

/**
 * A temp file is opened with O_DSYNC where the system has it: each write returns once its bytes (and the size reads
 * need) are on disk, as a write followed by fdatasync would, so the separate fdatasync and its thread-pool round trip go.
 * Elsewhere (Windows) the file is fdatasynced after the write as before.
 */
export const SYNCED_OPEN_FLAGS: number | undefined = constants.O_DSYNC === undefined
  ? undefined
  : constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_DSYNC;

/** Write all of `content` at the descriptor's position (a short write goes on from where it stopped). */
export async function writeAll(fd: number, content: string | Uint8Array): Promise<void> {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  for (let written = 0; written < bytes.length;) written += (await writeBytes(fd, bytes, written, bytes.length - written, null)).bytesWritten;
}

/**
 * The file-system calls a durable write is made of, as a port: the disk below, and in tests a
 * recorder that counts calls and their order.
 */
export interface DurableFs {
  /**
   * Create (or truncate) `path`, write `content`, fsync it and close it. Resolves to the file's modification time as the
   * last write left it (a rename keeps it), where the file system tells it.
   */
  writeSynced(path: string, content: string | Uint8Array): Promise<number | void>;
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
    const fd = await openFile(path, SYNCED_OPEN_FLAGS ?? 'w', 0o644);
    try {
      await writeAll(fd, content);
      // fdatasync: the bytes and the size that reads need, without the file's other metadata (O_DSYNC did it per write).
      if (SYNCED_OPEN_FLAGS === undefined) await syncData(fd);
      // Inline: an fstat of an open descriptor reads the inode in memory (no path lookup, no journal to wait for), where a
      // stat of the path after the rename was a thread-pool round trip per write.
      return fstatSync(fd).mtimeMs;
    } finally {
      closeNow(fd);
    }
  },
  rename: (from, to) => renameFile(from, to),
  remove: (path) => removeFile(path, { force: true }),
  makeFolder: (path) => makeFolder(path, { recursive: true }),
  async syncDirectory(path) {
    let fd: number;
    try {
      fd = await openFile(path, 'r');
    } catch (error) {
      // A folder that no longer exists has no entries left to make durable (a removal in it, say).
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    try { await syncAll(fd); } finally { closeNow(fd); }
  },
};
