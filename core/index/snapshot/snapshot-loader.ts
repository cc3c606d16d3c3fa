import { lstatSync, statSync } from 'node:fs';
import { readTextNoFollowSync } from '../../storage/no-follow.js';
import { join } from 'node:path';
import type { CmsConfig } from '../../config/types.js';
import type { Models } from '../../schema/types.js';
import type { FileRecord } from '../read-file.js';
import { isRacy, sameStamp, stampOf, type FileStamp } from './file-stamp.js';
import { readSnapshot } from './read-snapshot.js';
import type { Reread } from './snapshot-record.js';
import { readStampedSync } from './read-stamped.js';
import { hashText, snapshotFingerprint, type SnapshotEntry } from './snapshot-format.js';
import { writeSnapshot } from './write-snapshot.js';

/** How a load went: where each file's record came from. */
export interface LoadStats {
  /** `used`, `off`, `none`, or `discarded: <reason>`. */
  snapshot: string;
  /** Records taken from the snapshot on the strength of their stamp alone. */
  fromSnapshot: number;
  /** Records taken from the snapshot after their text matched its hash (racy files). */
  verified: number;
  /** Files read and checked. */
  read: number;
}

/** Parse and check one file's text (`readContentFile` with the file's model bound); `mtimeMs` stats it only when asked. */
export type ParseFile = (text: string, mtimeMs: () => number) => FileRecord;

/** A few changed files are cheaper to re-read on each start than a rewrite of the whole snapshot. */
const rewriteAfter = (files: number) => Math.max(50, Math.floor(files / 100));

/**
 * One load's access to the snapshot: a file whose stamp (size, mtime, ctime, inode) equals the
 * snapshot's gets its record from there, any other file is read; what this load saw becomes the
 * next snapshot when the old one was missing, discarded or too far behind.
 *
 * @example
 * const loader = new SnapshotLoader(root, models, config, true, (file) => fieldsFromFile(file));
 * const record = loader.record('content/articles/x.json', 'api::article.article', parse); loader.finish();
 */
export class SnapshotLoader {
  readonly startedAt = Date.now();
  readonly stats: LoadStats;
  private readonly entries: SnapshotEntry[] = [];
  private readonly previous: Map<string, SnapshotEntry> | undefined;
  private readonly fingerprint: string;

  constructor(private readonly root: string, models: Models, config: CmsConfig, private readonly enabled: boolean, reread: Reread) {
    this.fingerprint = enabled ? snapshotFingerprint(models, config) : '';
    const read = enabled ? readSnapshot(root, this.fingerprint, reread) : { reason: 'off' };
    this.previous = read.entries;
    this.stats = { snapshot: read.entries ? 'used' : read.reason, fromSnapshot: 0, verified: 0, read: 0 };
  }

  /** The record of one content file of type `uid`: from the snapshot when its stamp vouches for it, else read. */
  record(file: string, uid: string, parse: ParseFile): FileRecord {
    const path = join(this.root, file);
    // Without a snapshot to write, no stamp is needed (a stat per file is a tenth of a cold start).
    if (!this.enabled) {
      const record = parse(readTextNoFollowSync(path, file), () => statSync(path).mtimeMs);
      this.stats.read++;
      return record;
    }
    const known = this.previous?.get(file);
    if (known && known.record.uid === uid) {
      const stats = lstatSync(path, { throwIfNoEntry: false });
      if (stats?.isFile() && sameStamp(known.stamp, stampOf(stats))) {
        if (!known.hash) return this.keep(known, 'fromSnapshot');
        const read = readStampedSync(path, file);
        if (sameStamp(read.stamp, known.stamp) && hashText(read.text) === known.hash) return this.keep(known, 'verified');
        return this.parse(read.text, read.stamp, parse);
      }
    }
    const read = readStampedSync(path, file);
    return this.parse(read.text, read.stamp, parse);
  }

  /**
   * Write the next snapshot in the background when it is worth it; resolves once written (or not:
   * a snapshot is a cache, and a failed write only means the next start reads every file).
   */
  finish(): Promise<void> {
    if (!this.enabled) return Promise.resolve();
    const kept = this.stats.fromSnapshot + this.stats.verified;
    const removed = this.previous ? this.previous.size - kept : 0;
    const stale = this.stats.read + this.stats.verified + removed;
    if (this.previous && stale <= rewriteAfter(this.entries.length)) return Promise.resolve();
    return writeSnapshot(this.root, this.fingerprint, this.startedAt, this.entries).catch(() => undefined);
  }

  private keep(entry: SnapshotEntry, source: 'fromSnapshot' | 'verified'): FileRecord {
    this.stats[source]++;
    this.entries.push(entry);
    return entry.record;
  }

  private parse(text: string, stamp: FileStamp, parse: ParseFile): FileRecord {
    const record = parse(text, () => stamp.mtimeMs);
    this.stats.read++;
    this.entries.push({ record, stamp, hash: isRacy(stamp, this.startedAt) ? hashText(text) : undefined });
    return record;
  }
}
