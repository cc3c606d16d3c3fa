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
}

/** A file call's error as the thread sends it back. */
export interface WriteError {
  message: string;
  code?: string;
}

/** The error a `WriteError` stands for, its code kept (callers branch on it). */
export const failure = ({ message, code }: WriteError): Error => Object.assign(new Error(message), code ? { code } : {});

/** A job's outcome: the file's modification time once it is in place, or why it is not (nothing of it applied). */
export type WriteResult = { mtimeMs: number } | { error: WriteError };

/** A batch's outcome. `logBroken`: an append to the log failed (it may end in a torn line): later records go elsewhere. */
export interface BatchResult {
  results: WriteResult[];
  logBroken?: boolean;
}

/** The synchronous file calls a batch is made of (node:fs; tests give one that fails or loses a call). */
export type BatchFs = Pick<typeof nodeFs,
  'openSync' | 'writeSync' | 'futimesSync' | 'fstatSync' | 'closeSync' | 'renameSync' | 'rmSync' | 'mkdirSync'>;

/** Runs batches against a log's descriptor: on the writer thread (`WriteThread`), or in process (tests). */
export interface BatchWriter {
  run(logFd: number, jobs: WriteJob[]): Promise<BatchResult>;
}

/**
 * The batch writer's code, self-contained (it is also the writer thread's source, as text): every temp file written
 * (unsynced), ONE append of all their records to the log (opened `O_DSYNC`: it returns once they are durable), then each
 * temp file renamed in place. A write whose rename fails has its temp file removed and a cancel record appended (synced)
 * before it is answered, so recovery never re-applies a write that was answered as failed.
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
  const writeTemp = (job: WriteJob) => {
    try {
      const fd = openTemp(job);
      try {
        writeAll(fd, job.text);
        if (job.time !== undefined) fs.futimesSync(fd, new Date(job.time), new Date(job.time));
        const { ino, mtimeMs } = fs.fstatSync(fd);
        return { ino, mtimeMs };
      } finally {
        fs.closeSync(fd);
      }
    } catch (error) {
      fs.rmSync(job.temp, { force: true });
      return { error: describe(error) };
    }
  };
  return (logFd: number, jobs: WriteJob[]): BatchResult => {
    const results: Array<WriteResult & { ino?: number }> = jobs.map(writeTemp);
    const written = jobs.flatMap((_, at) => ('error' in results[at] ? [] : [at]));
    if (!written.length) return { results };
    try {
      writeAll(logFd, written.map((at) => {
        const { id, file, text, replaced, at: when } = jobs[at];
        const { ino, mtimeMs } = results[at] as { ino: number; mtimeMs: number };
        return line({ file, at: when, text, before: replaced === null ? null : digest(replaced), ino, mtimeMs, id });
      }).join(''));
    } catch (error) {
      for (const at of written) { fs.rmSync(jobs[at].temp, { force: true }); results[at] = { error: describe(error) }; }
      return { results, logBroken: true };
    }
    const failed: number[] = [];
    for (const at of written) {
      try {
        fs.renameSync(jobs[at].temp, jobs[at].path);
        results[at] = { mtimeMs: (results[at] as { mtimeMs: number }).mtimeMs };
      } catch (error) {
        fs.rmSync(jobs[at].temp, { force: true });
        results[at] = { error: describe(error) };
        failed.push(at);
      }
    }
    if (!failed.length) return { results };
    try {
      writeAll(logFd, failed.map((at) => line({ cancel: jobs[at].id, at: Date.now() })).join(''));
      return { results };
    } catch {
      return { results, logBroken: true };
    }
  };
}

/**
 * The batch writer in this process, over `fs` (tests: a file system that fails or loses a call where they say).
 *
 * @example
 * new WriteLog(root, { boot, writer: inProcessWriter({ ...fs, renameSync() {} }) }) // every rename lost, as to a crash
 */
export function inProcessWriter(fs: BatchFs = nodeFs): BatchWriter {
  const run = makeBatchWriter(fs, crc32, dirname, hashText);
  return { run: async (logFd, jobs) => run(logFd, jobs) };
}
