import * as nodeFs from 'node:fs';
import { dirname } from 'node:path';
import { crc32 } from 'node:zlib';
import { hashText } from './write-log-format.js';

/** One content write of a batch: its temp file beside `path`, renamed over it once the batch's records are synced. */
export interface WriteJob {
  /** This write's id in the log (its temp file's name, unique across processes): a cancel record names it. */
  id: string;
  /** The file relative to the site (the record's), and its absolute path. */
  file: string;
  path: string;
  temp: string;
  text: string;
  /** The text it replaces, null: absent. The batch writer records its `hashText` (a hash the writer thread makes, not the main one). */
  replaced: string | null;
  /** The modification time to give the file (ms since the epoch), if any. */
  time?: number;
  /** When it was asked (ms since the epoch): recovery replays records in this order. */
  at: number;
  /**
   * A recycled file to write the text into instead of a new temp file (`RecycledFiles`): an earlier text's inode, out
   * of sight long enough. Not usable (gone, linked elsewhere too): it is dropped and the temp file made as usual.
   */
  reuse?: string;
  /** The text the `reuse` file held (its `hashText`, as the kept result gave it): its record names it, for recovery. */
  prior?: string;
  /** Where to link the file's present inode before the rename replaces it, so it is recycled rather than freed. */
  keep?: string;
}

/** A file call's error as the thread sends it back. */
export interface WriteError {
  message: string;
  code?: string;
}

/** The error a `WriteError` stands for, its code kept (callers branch on it). */
export const failure = ({ message, code }: WriteError): Error => Object.assign(new Error(message), code ? { code } : {});

/**
 * A job's outcome: the file's modification time once it is in place (`kept`: its former inode linked at the job's `keep`,
 * holding the replaced text of that hash and size in bytes), or why it is not (nothing of it applied).
 */
export type WriteResult = { mtimeMs: number; kept?: { hash: string; bytes: number } } | { error: WriteError };

/** A batch's outcome. `logBroken`: an append to the log failed (it may end in a torn line): later records go elsewhere. */
export interface BatchResult {
  results: WriteResult[];
  logBroken?: boolean;
}

/** The synchronous file calls a batch is made of (node:fs; tests give one that fails or loses a call). */
export type BatchFs = Pick<typeof nodeFs, 'openSync' | 'writeSync' | 'futimesSync' | 'fstatSync' | 'closeSync' | 'renameSync' | 'rmSync'
  | 'mkdirSync' | 'linkSync' | 'ftruncateSync' | 'constants'>;

/** Runs batches against a log's descriptor: on the writer thread (`WriteThread`), or in process (tests). */
export interface BatchWriter {
  /**
   * `drop`: recycled files no longer kept, removed after the renames; `tag`: the log's tag, in each line (`LogHeader`);
   * `spares`: where empty files made ahead for this site's writes are named (a path's start, `RecycledFiles.spares`).
   */
  run(logFd: number, jobs: WriteJob[], drop?: string[], tag?: string, spares?: string): Promise<BatchResult>;
  /** Remove the empty files made ahead under `spares`, and make no more there until a batch asks again. */
  release?(spares: string): Promise<void>;
}


/**
 * The batch writer's code, self-contained (it is also the writer thread's source, as text): every temp file written
 * (unsynced), ONE append of all their records to the log (opened `O_DSYNC`: it returns once they are durable), then each
 * temp file renamed in place. A write whose rename fails has its temp file removed and a cancel record appended (synced)
 * before it is answered, so recovery never re-applies a write that was answered as failed. A job with `reuse` writes into
 * that recycled file (its inode's blocks overwritten, no new inode: on ext4 without a journal, finding a free inode
 * passes over every recently freed one, and a rename over a file flushes the new one and discards the old one's blocks);
 * its record says so (`reused`), for recovery. A job with `keep` links the file it replaces there first.
 * A job with neither takes an empty file made ahead (`refill`, when the thread has nothing else to do) under its batch's
 * `spares`, recorded as a recycled one that held nothing: making an inode costs 15–40 µs of the batch's time on ext4
 * without a journal, which passes over every inode freed in the last 30 s; opening one made before, 4 µs.
 */
export function makeBatchWriter(fs: BatchFs, crc: typeof crc32, folderOf: typeof dirname, digest: (text: string) => string) {
  const line = (entry: object) => {
    const json = JSON.stringify(entry);
    return `${crc(json).toString(16).padStart(8, '0')} ${json}\n`;
  };
  const writeAll = (fd: number, text: string) => {
    const bytes = Buffer.from(text);
    for (let done = 0; done < bytes.length;) done += fs.writeSync(fd, bytes, done, bytes.length - done);
  };
  const describe = (error: unknown) => ({ message: String((error as Error)?.message ?? error), code: (error as NodeJS.ErrnoException)?.code });
  const openTemp = (job: WriteJob) => {
    try {
      return fs.openSync(job.temp, 'w', 0o644);
    } catch (error) {
      if ((error as NodeJS.ErrnoException)?.code !== 'ENOENT') throw error;
      fs.mkdirSync(folderOf(job.path), { recursive: true });
      return fs.openSync(job.temp, 'w', 0o644);
    }
  };
  const drop = (path: string) => { try { fs.rmSync(path, { force: true }); } catch { /* a recycled file left is swept later */ } };
  /** The mode and owner a new temp file gets here: a recycled inode takes a text only with the same (no exec bit carried over). */
  let made: { mode: number; uid: number; gid: number } | undefined;
  /** The recycled file open for writing when it is still only ours (a plain file as a temp file is, one link), else undefined (dropped). */
  const openRecycled = (path: string) => {
    let fd: number | undefined;
    try {
      fd = fs.openSync(path, fs.constants.O_WRONLY | fs.constants.O_NOFOLLOW);
      const info = fs.fstatSync(fd);
      if (made && info.nlink === 1 && info.mode === made.mode && info.uid === made.uid && info.gid === made.gid) return fd;
    } catch { /* gone or unreadable: a new temp file instead */ }
    if (fd !== undefined) fs.closeSync(fd);
    drop(path);
    return undefined;
  };
  const emptyHash = digest('');
  /** How many empty files are kept made ahead for a site (a batch of creates takes one each). */
  const SPARE_FILES = 32;
  /** Empty files made ahead, by the start of their names (a site's `spares`), and the next name's number. */
  const ahead = new Map<string, { serial: number; ready: string[] }>();
  const writeTemp = (job: WriteJob, spares?: string) => {
    let reuse = job.reuse;
    let recycled = reuse === undefined ? undefined : openRecycled(reuse);
    let prior = job.prior;
    if (recycled === undefined && spares !== undefined) {
      const pool = ahead.get(spares) ?? ahead.set(spares, { serial: 0, ready: [] }).get(spares)!;
      reuse = pool.ready.pop();
      recycled = reuse === undefined ? undefined : openRecycled(reuse);
      prior = emptyHash;
    }
    const temp = recycled === undefined ? job.temp : reuse!;
    try {
      const fd = recycled ?? openTemp(job);
      try {
        if (recycled === undefined) writeAll(fd, job.text);
        else {
          // Over the old bytes from the start, then cut to the new length: its blocks stay allocated (no flush at the rename).
          const bytes = Buffer.from(job.text);
          for (let done = 0; done < bytes.length;) done += fs.writeSync(fd, bytes, done, bytes.length - done, done);
          fs.ftruncateSync(fd, bytes.length);
        }
        if (job.time !== undefined) fs.futimesSync(fd, new Date(job.time), new Date(job.time));
        const { ino, mtimeMs, mode, uid, gid } = fs.fstatSync(fd);
        if (recycled === undefined) made ??= { mode, uid, gid };
        return recycled === undefined ? { ino, mtimeMs, temp, reused: false } : { ino, mtimeMs, temp, reused: true, prior };
      } finally {
        fs.closeSync(fd);
      }
    } catch (error) {
      drop(temp);
      return { error: describe(error) };
    }
  };
  /** Link the file's present inode at `keep` (none there, or another file system: not kept), then rename the temp over it. */
  const place = (job: WriteJob, temp: string): boolean => {
    let kept = false;
    if (job.keep !== undefined) try { fs.linkSync(job.path, job.keep); kept = true; } catch { /* nothing to keep */ }
    try {
      try {
        fs.renameSync(temp, job.path);
      } catch (error) {
        // A file made ahead is not in the document's folder, which the type's first document makes.
        if ((error as NodeJS.ErrnoException)?.code !== 'ENOENT' || temp === job.temp) throw error;
        fs.mkdirSync(folderOf(job.path), { recursive: true });
        fs.renameSync(temp, job.path);
      }
    } catch (error) {
      if (kept) drop(job.keep!);
      throw error;
    }
    return kept;
  };
  const run = (logFd: number, jobs: WriteJob[], dropped: string[] = [], tag?: string, spares?: string): BatchResult => {
    const results: Array<WriteResult & { ino?: number; temp?: string; reused?: boolean; prior?: string; before?: string }> = jobs.map((job) => writeTemp(job, spares));
    const settled = () => { dropped.forEach(drop); return results.map((result) => ('error' in result ? result : { mtimeMs: result.mtimeMs, ...(result.kept ? { kept: result.kept } : {}) })); };
    const written = jobs.flatMap((_, at) => ('error' in results[at] ? [] : [at]));
    if (!written.length) return { results: settled() };
    try {
      writeAll(logFd, written.map((at) => {
        const { id, file, text, replaced, at: when } = jobs[at];
        const result = results[at] as { ino: number; mtimeMs: number; reused: boolean; prior?: string; before?: string };
        const before = replaced === null ? null : (result.before = digest(replaced));
        const { ino, mtimeMs, reused, prior } = result;
        return line({ file, at: when, text, before, ino, mtimeMs, id, ...(reused ? { reused: true, prior } : {}), tag });
      }).join(''));
    } catch (error) {
      for (const at of written) { drop((results[at] as { temp: string }).temp); results[at] = { error: describe(error) }; }
      return { results: settled(), logBroken: true };
    }
    const failed: number[] = [];
    for (const at of written) {
      const { temp, mtimeMs, before } = results[at] as { temp: string; mtimeMs: number; before?: string };
      try {
        const kept = place(jobs[at], temp) && before !== undefined;
        results[at] = { mtimeMs, ...(kept ? { kept: { hash: before, bytes: Buffer.byteLength(jobs[at].replaced!) } } : {}) };
      } catch (error) {
        drop(temp);
        results[at] = { error: describe(error) };
        failed.push(at);
      }
    }
    if (!failed.length) return { results: settled() };
    try {
      writeAll(logFd, failed.map((at) => line({ cancel: jobs[at].id, at: Date.now(), tag })).join(''));
      return { results: settled() };
    } catch {
      return { results: settled(), logBroken: true };
    }
  };
  /** Make one empty file for a site short of them (`made` learnt from it if no temp file taught it); whether more are wanted. */
  const refill = (): boolean => {
    for (const [spares, pool] of ahead) {
      if (pool.ready.length >= SPARE_FILES) continue;
      const path = `${spares}${(pool.serial++).toString(36)}`;
      try {
        const fd = fs.openSync(path, 'wx', 0o644);
        try {
          if (!made) { const { mode, uid, gid } = fs.fstatSync(fd); made = { mode, uid, gid }; }
        } finally {
          fs.closeSync(fd);
        }
        pool.ready.push(path);
      } catch {
        ahead.delete(spares); // its folder gone, or full: a later batch asks again
      }
      return true;
    }
    return false;
  };
  const release = (spares: string) => {
    ahead.get(spares)?.ready.forEach(drop);
    ahead.delete(spares);
    return null;
  };
  return Object.assign(run, { refill, release });
}

/**
 * The batch writer in this process, over `fs` (tests: a file system that fails or loses a call where they say).
 *
 * @example
 * new WriteLog(root, { boot, writer: inProcessWriter({ ...fs, renameSync() {} }) }) // every rename lost, as to a crash
 */
export function inProcessWriter(fs: BatchFs = nodeFs): BatchWriter {
  const run = makeBatchWriter(fs, crc32, dirname, hashText);
  return { run: async (logFd, jobs, drop, tag, spares) => run(logFd, jobs, drop, tag, spares) };
}
