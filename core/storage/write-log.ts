import { constants, open, unlink } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { removeFile, tempName, writeFileAtomic } from './atomic-write.js';
import { ensureCmsFolderAsync } from './cms-folder.js';
import { closeNow, diskFs, writeAll, type DurableFs } from './durable-fs.js';
import { Batches } from './group-commit.js';
import { RecycledFiles, recycleFolder, sweepRecycledFiles, type Checkpointed } from './recycled-files.js';
import { SELF } from './lock-file.js';
import { sitePath } from './site-path.js';
import { syncFiles } from './sync-file-system.js';
import { failure, type BatchWriter, type WriteJob, type WriteResult } from './write-batch.js';
import { CURRENT_BOOT, encodeLine } from './write-log-format.js';
import { processWriteThread } from './write-thread.js';

const openFile = promisify(open);
const unlinkFile = promisify(unlink);
/** Log files of this process, numbered across sites and generations; and their uses (a file's tag in each). */
let logSerial = 0;
let tagSerial = 0;

/** Where a site's write logs live: one file per process and generation, `.cms/wal/<pid>-<tag>-<n>.log`. */
export const logFolder = (root: string): string => join(root, '.cms', 'wal');

/** A log file whose generation wrote more texts than this is removed at its checkpoint, not used again. */
const REUSE_UP_TO_BYTES = 32 * 1024 * 1024;

interface Generation extends Checkpointed {
  path: string;
  fd: Promise<number>;
  /** This use of the file (`LogHeader.tag`), in each of its lines. */
  tag: string;
  /** The length of the texts written, as the records hold them. */
  bytes: number;
  /** An append failed (the file may end in a torn line): the file is not used again. */
  broken?: boolean;
  /** Writes of this generation whose batch has not ended. */
  pending: number;
  drained?: () => void;
  files: Set<string>;
  closed?: boolean;
}

interface Entry {
  job: WriteJob;
  /** The text the write replaces (null: absent), put back if the writer thread ends half way through its batch. */
  before: string | null;
  result?: WriteResult;
}

export interface WriteLogOptions {
  /** The file system of folder syncs and of undoing a batch (tests inject one that crashes). */
  fs?: DurableFs;
  /** Whether replaced files' inodes take later texts (`RecycledFiles`; default true), and after how long out of sight. */
  recycle?: boolean;
  recycleAfterMs?: number;
  /** Who does a batch's file calls (default: the process's writer thread; tests one that fails or loses a call). */
  writer?: BatchWriter;
  /** This boot of the system, written in the log's header (recovery replays a log of another boot). */
  boot: string;
  /** How long after a write its file is made durable and its record dropped (default 1 s). */
  checkpointAfterMs?: number;
}

/**
 * A site's write-ahead log in this process. The writes in flight form a batch, whose file calls one writer thread makes
 * (`WriteThread`, one message per batch): each new text to a temp file without syncing it, every record (new text, hash
 * of the text replaced, the temp file's inode and mtime) in ONE synced append, then each temp file renamed over its
 * target; a write is acknowledged after its rename. Readers, Git and other processes see the file at once. A checkpoint,
 * a second after, makes the files themselves durable (one `syncfs`) and ends the log (its file, under a new header, takes
 * the next records, or is removed); after a crash of the system,
 * `recoverWriteLogs` re-applies a record where the file still holds what the write replaced (or is this write's own torn
 * file), unless a cancel record says the write was answered as failed.
 *
 * @example
 * const log = new WriteLog('/site', { boot }); await log.write('content/tags/a.json', '{}\n', null);
 */
export class WriteLog {
  private readonly fs: DurableFs;
  private readonly writer: BatchWriter;
  private readonly batches = new Batches<Entry>((entries) => this.flush(entries));
  private generation: Generation | undefined;
  private timer: NodeJS.Timeout | undefined;
  private checkpointing: Promise<void> = Promise.resolve();
  /** Generation files whose checkpoint failed: kept on disk (recovery's to judge) and tried again at `close`. */
  private readonly kept: Generation[] = [];
  private readonly recycled: RecycledFiles | undefined;
  /** When ended processes' recycled files were last swept: at the first log file, then at most once a minute. */
  private swept = 0;
  /**
   * A retired generation's file, under a new header: the next generation's. Its blocks are on disk, so an append there
   * overwrites them without changing the file's size: a synced append is one write, not also the inode's (135–160 µs
   * against 230–430 on 3 Dec's machine, docs/reference/performance.md); lines of its earlier use, of another tag, end it.
   */
  private spare: { path: string; fd: number; tag: string } | undefined;

  constructor(readonly root: string, private readonly options: WriteLogOptions) {
    this.fs = options.fs ?? diskFs;
    this.writer = options.writer ?? processWriteThread();
    this.recycled = options.recycle === false ? undefined : new RecycledFiles(root, options.recycleAfterMs);
  }

  /**
   * Write `file` (relative to the site) as `text`, acknowledged once its record is durable and the file renamed in
   * place; on failure nothing of it stays applied. `before`: the text it replaces, null when it is absent. `time`: the
   * modification time to give it. Resolves to the file's modification time.
   */
  async write(file: string, text: string, before: string | null, time?: Date): Promise<number> {
    const path = sitePath(this.root, file);
    const temp = tempName(path);
    // The text replaced goes to the writer thread as it is: its hash (a SHA-1 of the whole file per write) is made there.
    const job: WriteJob = { id: basename(temp), file, path, temp, text, replaced: before, at: Date.now() };
    if (time) job.time = time.getTime();
    const reuse = this.recycled?.take();
    if (reuse) { job.reuse = reuse.path; job.prior = reuse.hash; }
    if (before !== null && this.recycled) job.keep = this.recycled.name();
    const entry: Entry = { job, before };
    await this.batches.add(entry);
    const result = entry.result!;
    if ('error' in result) throw failure(result.error);
    this.timer ??= setTimeout(() => { this.timer = undefined; void this.checkpoint(); }, this.options.checkpointAfterMs ?? 1000).unref();
    return result.mtimeMs;
  }

  /** Make every write so far durable in its own file and end the log: at close, and a second after writes. */
  checkpoint(): Promise<void> {
    const old = this.generation;
    this.generation = undefined;
    this.checkpointing = this.checkpointing.then(() => this.retire([...this.kept.splice(0), ...(old ? [old] : [])]));
    return this.checkpointing;
  }

  /** The last checkpoint: nothing is left in the log. */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.checkpoint();
    const spare = this.spare;
    this.spare = undefined;
    if (spare) {
      closeNow(spare.fd);
      await unlinkFile(spare.path).catch(() => {});
    }
    if (this.recycled) await this.writer.release?.(this.recycled.spares).catch(() => {});
    await this.recycled?.close();
  }

  private async retire(generations: Generation[]): Promise<void> {
    if (!generations.length) return;
    for (const generation of generations) {
      if (generation.pending) await new Promise<void>((resolve) => { generation.drained = resolve; });
    }
    try {
      await syncFiles(this.root, generations.flatMap((generation) => [...generation.files]), this.fs);
      for (const generation of generations) generation.synced = true;
      await this.sweep();
    } catch {
      // Kept on disk (recovery's to judge if this process dies) and tried again at the next checkpoint.
      this.kept.push(...generations);
      return;
    }
    for (const generation of generations) {
      const fd = await generation.fd.catch(() => undefined);
      if (fd !== undefined && !generation.closed) closeNow(fd);
      generation.closed = true;
      if (fd === undefined || !(await this.reuse(generation))) await unlinkFile(generation.path).catch(() => {});
    }
  }

  /**
   * Make a retired generation's file the spare (none yet, it never broke, it stayed small): a new header, synced, ends
   * the log at its first line, and the records of its new tag go after it, over the former ones.
   */
  private async reuse({ path, broken, bytes }: Generation): Promise<boolean> {
    if (this.spare || broken || bytes > REUSE_UP_TO_BYTES) return false;
    let fd: number | undefined;
    try {
      fd = await openFile(path, constants.O_WRONLY | constants.O_DSYNC);
      const tag = (tagSerial++).toString(36);
      await writeAll(fd, encodeLine({ owner: SELF, boot: this.options.boot, tag }));
      this.spare = { path, fd, tag };
      return true;
    } catch {
      if (fd !== undefined) closeNow(fd);
      return false;
    }
  }

  private async flush(entries: Entry[]): Promise<void> {
    // Synchronously up to the batch: a checkpoint that takes this generation sees these writes as pending.
    const generation = (this.generation ??= this.open());
    generation.pending += entries.length;
    for (const { job } of entries) { generation.files.add(job.path); generation.bytes += job.text.length; }
    try {
      const { results, logBroken } = await this.writer.run(await generation.fd, entries.map((entry) => entry.job), this.recycled?.drops(), generation.tag, this.recycled?.spares);
      // A failed append may leave a torn line, after which recovery reads nothing: later records go to a new file.
      if (logBroken) this.leave(generation);
      entries.forEach((entry, at) => {
        const result = entry.result = results[at];
        if ('kept' in result && result.kept) this.recycled?.add(entry.job.keep!, result.kept, generation);
      });
    } catch (error) {
      // The log could not be opened, or the thread ended: how far it went is unknown, so the batch is undone.
      this.leave(generation);
      await this.undo(entries);
      throw error;
    } finally {
      generation.pending -= entries.length;
      if (generation.pending === 0) generation.drained?.();
    }
  }

  /** Remove ended processes' recycled files, at most once a minute (a CLI killed while the server runs leaves some). */
  private async sweep(): Promise<void> {
    if (!this.recycled || Date.now() - this.swept < 60_000) return;
    this.swept = Date.now();
    await sweepRecycledFiles(this.root).catch(() => 0);
  }

  /** Later records go to a new log file; this one is kept until a checkpoint has made its files durable. */
  private leave(generation: Generation): void {
    generation.broken = true;
    if (this.generation === generation) { this.generation = undefined; this.kept.push(generation); }
  }

  /**
   * Undo a batch the writer thread may have left half done: temp files removed, every file that holds its write's new
   * text given back what it held (durably), and a cancel record of each write synced in a new log, so recovery
   * re-applies none of them. Under the documents' locks, still held by the writes waiting on this batch.
   */
  private async undo(entries: Entry[]): Promise<void> {
    await Promise.all(entries.map(async ({ job, before }) => {
      await this.fs.remove(job.temp);
      if (job.reuse) await this.fs.remove(job.reuse);
      const now = await readFile(job.path, 'utf8').catch(() => undefined);
      if (now !== job.text || now === before) return;
      if (before === null) await removeFile(job.path);
      else await writeFileAtomic(job.path, before);
    }));
    const generation = (this.generation ??= this.open());
    generation.pending++;
    try {
      await writeAll(await generation.fd, entries.map(({ job }) => encodeLine({ cancel: job.id, at: Date.now(), tag: generation.tag })).join(''));
    } finally {
      if (--generation.pending === 0) generation.drained?.();
    }
  }

  private open(): Generation {
    const spare = this.spare;
    this.spare = undefined;
    if (spare) return { path: spare.path, fd: Promise.resolve(spare.fd), tag: spare.tag, bytes: 0, pending: 0, files: new Set() };
    const folder = logFolder(this.root);
    const path = join(folder, `${process.pid}-${SELF.start ?? 0}-${(logSerial++).toString(36)}.log`);
    const tag = (tagSerial++).toString(36);
    const fd = (async () => {
      await ensureCmsFolderAsync(folder);
      const created = await this.fs.makeFolder(folder);
      if (this.recycled) {
        await this.fs.makeFolder(recycleFolder(this.root));
        await this.sweep();
      }
      // O_DSYNC: each append returns once its bytes and the log's new size are on disk (one journal commit per batch).
      const handle = await openFile(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_APPEND | constants.O_DSYNC, 0o600);
      await writeAll(handle, encodeLine({ owner: SELF, boot: this.options.boot, tag }));
      // The log's own name must survive a crash before any record in it counts.
      await Promise.all([folder, ...(created ? [dirname(folder), this.root] : [])].map((at) => this.fs.syncDirectory(at)));
      return handle;
    })();
    fd.catch(() => {});
    return { path, fd, tag, bytes: 0, pending: 0, files: new Set() };
  }
}

const logs = new Map<string, WriteLog>();

/**
 * The site's write log in this process, where the system lets recovery tell a crash of the system from one of a process
 * (Linux's boot id) and `CMS_WRITE_LOG` is not `off`; undefined elsewhere (writes then fsync each file, as before).
 */
export function writeLogFor(root: string): WriteLog | undefined {
  let log = logs.get(root);
  if (!log) {
    const boot = process.env.CMS_WRITE_LOG === 'off' ? undefined : CURRENT_BOOT;
    if (!boot) return undefined;
    logs.set(root, (log = new WriteLog(root, { boot })));
  }
  return log;
}

/** Checkpoint and drop the site's write log of this process (at the CMS's close). */
export async function closeWriteLog(root: string): Promise<void> {
  const log = logs.get(root);
  if (!log) return;
  // Forgotten first: a process that opens and closes many sites (a test worker, a build) keeps none of their logs.
  logs.delete(root);
  await log.close();
}
