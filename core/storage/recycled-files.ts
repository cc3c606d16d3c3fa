import { readdir, unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { crc32 } from 'node:zlib';
import { holderGone, SELF } from './lock-file.js';

/**
 * Where a site's recycled files wait: `.cms/recycle/<pid>-<start>-<host>-<log>-<n>` (git-ignored, on the site's disk):
 * the process (its start time, a tag of its host) and which of its logs keeps it.
 */
export const recycleFolder = (root: string): string => join(root, '.cms', 'recycle');

/** How long a replaced text stays out of sight before its inode takes another: a reader that opened it has long read it. */
export const QUARANTINE_MS = 2000;
/** At most this many files and bytes wait (then the oldest is removed, as a replaced file was before). */
const MAX_FILES = 16_384;
const MAX_BYTES = 64 * 1024 * 1024;

/** The checkpoint a kept file waits for: its `synced` is set once every write of its batch's log is durable. */
export interface Checkpointed {
  synced?: boolean;
}

/** A kept file as the batch writer told it: the `hashText` of the replaced text it holds, and its size. */
export interface KeptText {
  hash: string;
  bytes: number;
}

interface Kept extends KeptText {
  path: string;
  since: number;
  checkpoint: Checkpointed;
}

const HOST = crc32(SELF.host).toString(36);
const OWNER = /^(\d+)-(\d*)-([0-9a-z]+)-[0-9a-z]+-[0-9a-z]+$/;
const processPrefix = `${SELF.pid}-${SELF.start ?? ''}-${HOST}-`;
/** Each log's files are named apart (two logs of one site in a process, as tests make, never share or sweep one). */
let logs = 0;

/**
 * The inodes of texts the write log replaced, kept to take the next texts (`WriteJob.keep`, then `reuse`), so a write
 * neither makes nor frees an inode. On ext4 without a journal, each new inode was searched for past every inode freed in
 * the last minutes (44% of the server's CPU in the updates row, profiled), and a rename over a file flushed the new
 * file's bytes and discarded the old one's blocks, waiting for the disk. A kept file is written again only once the
 * checkpoint after its replacement has made that durable (so after a crash only the write that reused it can have put it
 * at a content path: recovery relies on that) and it has been out of sight `quarantineMs` (a reader that opened the old
 * text before it was replaced has read it by then). Linked elsewhere too (a hard link someone made), it is never reused.
 *
 * @example
 * const recycled = new RecycledFiles('/site'); job.keep = recycled.name(); job.reuse = recycled.take();
 */
export class RecycledFiles {
  private readonly kept: Kept[] = [];
  private bytes = 0;
  private serial = 0;
  private dropped: string[] = [];
  private readonly prefix = `${processPrefix}${(logs++).toString(36)}-`;
  /** Where the writer thread names the empty files it makes ahead for this log's writes (`BatchWriter.run`'s `spares`). */
  readonly spares: string;

  constructor(readonly root: string, private readonly quarantineMs = QUARANTINE_MS) {
    this.spares = join(recycleFolder(root), `${processPrefix}${(logs++).toString(36)}-`);
  }

  /** A name to link a replaced file's inode at. */
  name(): string {
    return join(recycleFolder(this.root), `${this.prefix}${(this.serial++).toString(36)}`);
  }

  /**
   * The oldest kept file and the hash of the text it holds, when it may take a text now; it is the caller's from here
   * (written over, or dropped).
   */
  take(now = Date.now()): { path: string; hash: string } | undefined {
    const first = this.kept[0];
    if (!first?.checkpoint.synced || now - first.since < this.quarantineMs) return undefined;
    this.kept.shift();
    this.bytes -= first.bytes;
    return { path: first.path, hash: first.hash };
  }

  /** A replaced file's inode now at `path`, holding `text`, replaced by a write of the log's `checkpoint`. */
  add(path: string, text: KeptText, checkpoint: Checkpointed, now = Date.now()): void {
    this.kept.push({ path, ...text, since: now, checkpoint });
    this.bytes += text.bytes;
    while (this.kept.length > MAX_FILES || this.bytes > MAX_BYTES) {
      const oldest = this.kept.shift()!;
      this.bytes -= oldest.bytes;
      this.dropped.push(oldest.path);
    }
  }

  /** Kept files to remove (too many, or too large): with the next batch. */
  drops(): string[] {
    return this.dropped.splice(0);
  }

  /** How many files wait. */
  get size(): number {
    return this.kept.length;
  }

  /** Remove every file this log keeps (at its close), those a batch that failed left untold included. */
  async close(): Promise<void> {
    this.kept.length = 0;
    this.bytes = 0;
    this.dropped = [];
    await sweepRecycledFiles(this.root, this.prefix);
    await sweepRecycledFiles(this.root, basename(this.spares));
  }
}

/**
 * Remove the recycled files of this host's processes that ended (a crash, SIGKILL: nothing removed them), or with
 * `prefix`, those of one log of this process. Those of live processes, and of other hosts sharing the folder, are theirs.
 * Returns how many were removed.
 */
export async function sweepRecycledFiles(root: string, prefix?: string): Promise<number> {
  const folder = recycleFolder(root);
  const names = await readdir(folder).catch(() => [] as string[]);
  let removed = 0;
  await Promise.all(names.map(async (name) => {
    const owner = OWNER.exec(name);
    if (!owner) return;
    const ended = prefix === undefined && owner[3] === HOST && !name.startsWith(processPrefix)
      && holderGone({ pid: Number(owner[1]), host: SELF.host, start: owner[2] || undefined });
    if (!ended && !(prefix !== undefined && name.startsWith(prefix))) return;
    await unlink(join(folder, name)).then(() => { removed++; }, () => undefined);
  }));
  return removed;
}
