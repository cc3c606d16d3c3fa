import { close, constants, copyFile, link, open, readFileSync, unlink, unlinkSync, write } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { ServiceUnavailableError } from '../errors.js';
import { ensureCmsFolderAsync } from './cms-folder.js';
import type { CallResult, FileCall } from './thread-calls.js';
import { processLookThread, WriterThreadGone } from './write-thread.js';

/** Who holds a lock file: a process on a host, with its start time where the system tells it (a reused pid is not the holder). */
export interface LockOwner {
  pid: number;
  host: string;
  start?: string;
}

/**
 * A process's start time in clock ticks since boot (Linux `/proc/<pid>/stat`, field 22); undefined elsewhere. Read
 * inline: /proc is answered from memory, and it is read only at start and when a lock is found held.
 */
function startTime(pid: number | 'self'): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

export const SELF: LockOwner = { pid: process.pid, host: hostname(), start: startTime('self') };
const SELF_TEXT = JSON.stringify(SELF);

/** Whether a pid names a process (the kernel's answer; EPERM: one of another user). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return code(error) !== 'ESRCH';
  }
}

/** Whether the holder is gone: a process of this host that no longer runs (or whose pid now names another process). */
export function holderGone(owner: LockOwner): boolean {
  if (owner.host !== SELF.host) return false;
  if (!running(owner.pid)) return true;
  const start = owner.start && startTime(owner.pid);
  return !!start && start !== owner.start;
}

export const parseOwner = (text: string): LockOwner | undefined => {
  try {
    const owner = JSON.parse(text) as LockOwner;
    return Number.isInteger(owner?.pid) && typeof owner.host === 'string' ? owner : undefined;
  } catch {
    return undefined;
  }
};

const code = (error: unknown) => (error as NodeJS.ErrnoException)?.code;

// Plain descriptors, not promise FileHandles (less CPU per open and close): a lock is taken and released on every update.
const openFile = promisify(open);
const writeText = promisify(write) as (fd: number, text: string) => Promise<unknown>;
const closeFile = promisify(close);
const unlinkFile = promisify(unlink);

const copyExclusive = promisify(copyFile);
const linkFile = promisify(link);
/**
 * The lock file's link, by the look thread with the other takes of this turn (a thread-pool round trip each was the
 * largest native cost of an update's main thread in the table's profile); through the pool if the thread ended.
 */
const linkLock = (holder: string, path: string, then: FileCall[]): Promise<CallResult[] | undefined> =>
  processLookThread().call({ link: holder, to: path, then })
    .catch(async (error: unknown) => { if (!(error instanceof WriterThreadGone)) throw error; await linkFile(holder, path); return undefined; });

/**
 * This process's holder text as a file in the locks' parent folder (`.cms/.holder-<pid>.json`, so the locks folder holds
 * locks only), written afresh once per folder and removed at exit, to which every lock is linked: see `createLock`.
 */
const holderPath = (folder: string) => join(dirname(folder), `.holder-${process.pid}.json`);
const holderFiles = new Map<string, Promise<string>>();
let removedAtExit = false;
function holderFile(folder: string): Promise<string> {
  let made = holderFiles.get(folder);
  if (!made) {
    const path = holderPath(folder);
    made = (async () => {
      // A new file, never the old one truncated: locks this process still holds may be links to it.
      await unlinkFile(path).catch(() => {});
      const fd = await openFile(path, 'wx', 0o644);
      try { await writeText(fd, SELF_TEXT); } finally { await closeFile(fd); }
      await removeGoneHolders(dirname(path));
      if (!removedAtExit) process.once('exit', () => { for (const kept of holderFiles.keys()) removeHolderFile(kept); });
      removedAtExit = true;
      return path;
    })();
    const mine = made;
    mine.catch(() => { if (holderFiles.get(folder) === mine) holderFiles.delete(folder); });
    holderFiles.set(folder, made);
  }
  return made;
}
/**
 * The holder files of this host's processes that died without their exit handler (a SIGKILL): swept once per folder per
 * process. Whether the pid runs is asked of the kernel only (holderGone's start time is a synchronous /proc read, and this
 * is on a write's path): a reused pid leaves its file until the next sweep.
 */
async function removeGoneHolders(parent: string): Promise<void> {
  const names = await readdir(parent).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => /^\.holder-\d+\.json$/.test(name)).map(async (name) => {
    const owner = parseOwner(await readFile(join(parent, name), 'utf8').catch(() => ''));
    if (owner && owner.host === SELF.host && !running(owner.pid)) await rm(join(parent, name), { force: true });
  }));
}
const removeHolderFile = (folder: string) => {
  try { unlinkSync(holderPath(folder)); } catch { /* already gone */ }
};

/** Errors of `link` that say the file system makes no hard link here (FAT, some network mounts, too many links). */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EMLINK']);
/** Whether locks are made by copying the holder file: after a file system refused a link. */
let copyLocks = false;

/**
 * Create the lock file exclusively (EEXIST when held) with the holder's name in it: a hard link to the holder file, one
 * `link` call that fails with EEXIST when the name is taken and gives the lock the holder's text in full at once (no
 * file to create, no bytes to copy, nothing to free at release: the unlink only drops a link). Where the file system
 * has no hard links, a copy of the holder file with COPYFILE_EXCL (libuv opens the target `O_CREAT | O_EXCL`, and
 * removes only a target it created itself if the copy fails), which made and filled a new file in one thread-pool task.
 */
async function createLock(path: string, then: FileCall[]): Promise<CallResult[] | undefined> {
  const folder = dirname(path);
  try {
    const holder = await holderFile(folder);
    if (!copyLocks) {
      try {
        return await linkLock(holder, path, then);
      } catch (error) {
        if (!NO_LINKS.has(code(error) ?? '')) throw error;
        copyLocks = true;
      }
    }
    await copyExclusive(holder, path, constants.COPYFILE_EXCL);
    return undefined;
  } catch (error) {
    // The holder file removed (a wiped .cms/): written again on the next try.
    if (code(error) === 'ENOENT') holderFiles.delete(folder);
    throw error;
  }
}

/** Remove the lock: one unlink (`rm` would lstat it first), a missing one no error. */
async function releaseLock(path: string): Promise<void> {
  try { await unlinkFile(path); } catch (error) { if (code(error) !== 'ENOENT') throw error; }
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A lock (or steal mark) file left empty or unreadable this long is a crash between its creation and its first write. */
const UNREADABLE_STALE_MS = 5000;

export interface LockFileOptions {
  /** How long to wait for a holder that still runs before failing with a 503 (default 30 s). */
  timeoutMs?: number;
  /**
   * Resolve once the work is done, the lock's removal still under way: the caller answers without waiting for the
   * unlink (a journaled change of `.cms/locks/`, which waits behind other writes' commits). Everything the work wrote is
   * in place before the lock goes, as before; this process's next take of the same lock waits for the removal and
   * fails with its error, if any. A process that exits before the removal ends leaves a lock naming a dead holder,
   * which the next writer takes over (as after a SIGKILL).
   */
  releaseLater?: boolean;
  /**
   * File calls to make right after the lock is taken, in the same message to the look thread (the disk view's look at the
   * document's files): their answers are given to the work, or undefined where they could not be made with the take.
   */
  looks?: FileCall[];
}

/** Lock removals under way (`releaseLater`), by path. */
const releasing = new Map<string, Promise<void>>();
/** How many of this process's takes of a lock are under way or hold it, by path: a lock of ours none of them holds is an orphan. */
const taking = new Map<string, number>();
const counted = (path: string, by: number) => {
  const count = (taking.get(path) ?? 0) + by;
  if (count) taking.set(path, count); else taking.delete(path);
};
/**
 * Whether a lock names this very process while no other take of it here is under way: one whose answer never came back
 * (the thread that made the link ended first) or whose removal failed. Nothing holds it: it is taken over like a dead holder's.
 */
const orphaned = (path: string, owner: LockOwner): boolean =>
  owner.pid === SELF.pid && owner.host === SELF.host && owner.start === SELF.start && (taking.get(path) ?? 0) <= 1;

function releaseInBackground(path: string): void {
  // By the look thread, in one message with the takes and looks of this turn (a thread-pool round trip each was the
  // largest single cost of an update's main thread in --cpu-prof); through the pool if the thread ended.
  const released = processLookThread().remove(path).catch(() => releaseLock(path));
  released.catch(() => {}); // an error is the next take's, not unhandled
  releasing.set(path, released);
  const forget = () => { if (releasing.get(path) === released) releasing.delete(path); };
  released.then(forget, forget);
}

/**
 * A lock between processes, as a file created exclusively (`O_EXCL`) that names its holder: the CLI,
 * the library and a running server of one site hold it while they write one document, so none of
 * them writes from a view another has just made stale. A holder that died (a crash, SIGKILL, a
 * closed terminal) is detected from its pid and start time, and its lock taken over; the take-over
 * itself goes through a second exclusive file, so two waiters never both take a stale lock.
 *
 * @example
 * await holdLockFile('/site/.cms/locks/api--article.article~abc.lock', () => writeTheDocument());
 */
export async function holdLockFile<T>(
  path: string, work: (looked?: CallResult[]) => Promise<T>, options: LockFileOptions = {},
): Promise<T> {
  counted(path, 1);
  let looked: CallResult[] | undefined;
  try {
    const removing = releasing.get(path);
    if (removing) await removing;
    looked = await acquire(path, options.timeoutMs ?? 30_000, options.looks ?? []);
  } catch (error) {
    counted(path, -1);
    throw error;
  }
  try {
    return await work(looked);
  } finally {
    counted(path, -1);
    if (options.releaseLater) releaseInBackground(path);
    else await releaseLock(path);
  }
}

async function acquire(path: string, timeoutMs: number, looks: FileCall[]): Promise<CallResult[] | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 1; ; wait = Math.min(wait * 2, 50)) {
    try {
      // Off the main thread: creating a file is a journaled change of .cms/locks, which waits behind other writes'
      // fsyncs; inline, that wait would stall every read the server answers meanwhile.
      return await createLock(path, looks);
    } catch (error) {
      if (code(error) === 'ENOENT') { await ensureCmsFolderAsync(path); await mkdir(dirname(path), { recursive: true }); continue; }
      if (code(error) !== 'EEXIST') throw error;
    }
    const text = await readFile(path, 'utf8').catch(() => undefined);
    if (text === undefined) continue; // released between the two calls
    const owner = parseOwner(text);
    if (owner ? holderGone(owner) || orphaned(path, owner) : await olderThan(path, UNREADABLE_STALE_MS)) {
      await takeOver(path, text);
      continue;
    }
    if (Date.now() > deadline) {
      const by = owner ? `process ${owner.pid} on ${owner.host}` : 'another process';
      throw new ServiceUnavailableError(`The document is being written by ${by}; try again`, { lock: path });
    }
    await pause(wait);
  }
}

async function olderThan(path: string, ms: number): Promise<boolean> {
  const info = await lstat(path).catch(() => undefined);
  return !!info && Date.now() - info.mtimeMs > ms;
}

/** Remove a dead holder's lock, under a steal mark so that only one waiter removes it (and never a live holder's new one). */
async function takeOver(path: string, staleText: string): Promise<void> {
  const mark = `${path}.steal`;
  try {
    await writeFile(mark, SELF_TEXT, { flag: 'wx' });
  } catch (error) {
    if (code(error) !== 'EEXIST') throw error;
    // Another waiter is taking it over; a mark left by one that died is cleared after a while.
    if (await olderThan(mark, UNREADABLE_STALE_MS)) await rm(mark, { force: true });
    await pause(2);
    return;
  }
  try {
    const now = await readFile(path, 'utf8').catch(() => undefined);
    if (now === staleText) await rm(path, { force: true });
  } finally {
    await rm(mark, { force: true });
  }
}
