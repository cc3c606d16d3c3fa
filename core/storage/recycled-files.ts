import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { holderGone, SELF } from './lock-file.js';

/** Where a site's recycled files wait: `.cms/recycle/<pid>-<start>-<n>` (git-ignored, on the site's disk). */
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

interface Kept {
  path: string;
  bytes: number;
  since: number;
  checkpoint: Checkpointed;
}

const OWNER = /^(\d+)-(\d*)-[0-9a-z]+$/;
const ownPrefix = `${SELF.pid}-${SELF.start ?? ''}-`;
/** Names are numbered across the process's logs (two logs of one site in a process, as tests make, never share one). */
let serial = 0;

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
  private dropped: string[] = [];

  constructor(readonly root: string, private readonly quarantineMs = QUARANTINE_MS) {}

  /** A name to link a replaced file's inode at. */
  name(): string {
    return join(recycleFolder(this.root), `${ownPrefix}${(serial++).toString(36)}`);
  }

  /** The oldest kept file, when it may take a text now; it is the caller's from here (written over, or dropped). */
  take(now = Date.now()): string | undefined {
    const first = this.kept[0];
    if (!first?.checkpoint.synced || now - first.since < this.quarantineMs) return undefined;
    this.kept.shift();
    this.bytes -= first.bytes;
    return first.path;
  }

  /** A replaced file's inode now at `path` (about `bytes` long), replaced by a write of the log's `checkpoint`. */
  add(path: string, bytes: number, checkpoint: Checkpointed, now = Date.now()): void {
    this.kept.push({ path, bytes, since: now, checkpoint });
    this.bytes += bytes;
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

  /** Remove every file this process keeps (at the log's close). */
  async close(): Promise<void> {
    this.kept.length = 0;
    this.bytes = 0;
    this.dropped = [];
    await sweepRecycledFiles(this.root, true);
  }
}

/**
 * Remove the recycled files of processes that ended (a crash, SIGKILL: nothing removed them), and with `own`, this
 * process's. Those of live processes are theirs. Returns how many were removed.
 */
export async function sweepRecycledFiles(root: string, own = false): Promise<number> {
  const folder = recycleFolder(root);
  const names = await readdir(folder).catch(() => [] as string[]);
  let removed = 0;
  await Promise.all(names.map(async (name) => {
    const owner = OWNER.exec(name);
    if (!owner) return;
    const mine = name.startsWith(ownPrefix);
    if (mine ? !own : !holderGone({ pid: Number(owner[1]), host: SELF.host, start: owner[2] || undefined })) return;
    await unlink(join(folder, name)).then(() => { removed++; }, () => undefined);
  }));
  return removed;
}
