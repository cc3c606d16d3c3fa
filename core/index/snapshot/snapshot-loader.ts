import { lstatSync, statSync } from 'node:fs';
import { readTextNoFollowSync } from '../../storage/no-follow.js';
import { join } from 'node:path';
import type { CmsConfig } from '../../config/types.js';
import type { Model, Models } from '../../schema/types.js';
import { folderOf } from '../content-path.js';
import type { FileRecord } from '../read-file.js';
import { isRacy, RACY_MARGIN_MS, sameStamp, stampOf, type FileStamp } from './file-stamp.js';
import { FolderStamps, keptListing, type ContentListing, type KeptListing } from './folder-listing.js';
import { askGit, type GitAnswers, type GitView } from './git-changes.js';
import { ColumnRun, type WaitingVerdict } from './column-run.js';
import { readSnapshot, type SnapshotEntries } from './read-snapshot.js';
import type { Reread } from './snapshot-record.js';
import { readIntoSlabSync, readStampedSync } from './read-stamped.js';
import type { TextSlab } from '../text-slab.js';
import { hashText, snapshotFingerprint, type SnapshotEntry } from './snapshot-format.js';
import { writeSnapshot } from './write-snapshot.js';

/** How a load went: where each file's record came from. */
export interface LoadStats {
  /** `used`, `off`, `none`, or `discarded: <reason>`. */
  snapshot: string;
  /** Records taken from the snapshot on the strength of their stamp alone. */
  fromSnapshot: number;
  /** Of `fromSnapshot`, files kept as whole types on Git's word: runs of the snapshot's columns, no record made at load. */
  keptWhole: number;
  /** Records taken from the snapshot after their text matched its hash (racy files). */
  verified: number;
  /** Files read and checked. */
  read: number;
  /** What vouched for unchanged files: `git` (status and diff, no `stat`), or `stamps` (a `stat` per file). */
  checkedBy: 'git' | 'stamps';
  /** How the content files were found: `folders` (listed), or `snapshot` (its listing: no folder changed). */
  listedBy: 'folders' | 'snapshot';
}

/** A run of the snapshot's entries of one type that the load may take whole (`runAt`), with the type's model. */
export interface OfferedRun {
  uid: string;
  start: number;
  end: number;
  folder: string;
  model: Model;
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
  /** What this load kept or read, in file order: entries, and whole runs of the snapshot's (`ColumnRun`). */
  private readonly entries: (SnapshotEntry | ColumnRun)[] = [];
  #count = 0;
  /** `content/<folder>/` of each file Git says changed: no run of such a folder is taken whole. */
  readonly #changedFolders = new Set<string>();
  /** Waiting checks made while Git looked, by `start:end:uid` (see `prepare`). */
  readonly #verdicts = new Map<string, WaitingVerdict>();
  private readonly previous: SnapshotEntries | undefined;
  private readonly fingerprint: string;
  private readonly head: string | undefined;
  private readonly git: GitAnswers | undefined;
  private view: GitView | undefined;
  private readonly kept: KeptListing | undefined;
  /** How this load listed `content/` (and the folders' stamps), for the next snapshot. */
  private listing: { listed: ContentListing; stamps: FolderStamps } | undefined;

  /** `<root>/`, normalised. */
  readonly #rootPrefix: string;

  constructor(
    private readonly root: string, models: Models, config: CmsConfig, private readonly enabled: boolean, reread: Reread, git?: GitAnswers,
  ) {
    this.#rootPrefix = join(root, '/');
    this.fingerprint = enabled ? snapshotFingerprint(models, config) : '';
    // Git looks at the checkout in its own process while this one decodes the snapshot (the caller's, when it asked already).
    this.git = enabled ? git ?? askGit(root) : undefined;
    const read = enabled ? readSnapshot(root, this.fingerprint, reread) : { reason: 'off' };
    this.previous = read.entries;
    this.head = read.entries ? read.header.head : undefined;
    this.kept = read.entries ? read.listing : undefined;
    this.stats = {
      snapshot: read.entries ? 'used' : read.reason, fromSnapshot: 0, keptWhole: 0, verified: 0, read: 0,
      checkedBy: 'stamps', listedBy: 'folders',
    };
  }

  /** Stamps to take of each folder before it is listed (undefined: none needed, no snapshot is kept). */
  folderStamps(): FolderStamps | undefined {
    if (!this.enabled) return undefined;
    this.listing = { listed: { files: [], links: [] }, stamps: new FolderStamps() };
    return this.listing.stamps;
  }

  /** The listing this load made (with `folderStamps`), kept for the next snapshot. */
  listed(listed: ContentListing): ContentListing {
    if (this.listing) this.listing.listed = listed;
    return listed;
  }

  /** The snapshot's listing of `content/`, when every folder it read kept its stamp (see `keptListing`). */
  keptListing(): ContentListing | undefined {
    if (!this.previous || !this.kept) return undefined;
    const previous = this.previous;
    const listed = keptListing(this.root, this.kept, () => previous.files());
    if (listed) this.listing = { listed, stamps: FolderStamps.from(this.kept) };
    this.stats.listedBy = listed ? 'snapshot' : 'folders';
    return listed;
  }

  /**
   * Wait for Git's view of the checkout (when there is one): call before the first `record`. Meanwhile (this thread
   * would be idle: Git works in its own process) each run in `offered` (`keptRuns`, with its model and folder) that
   * `runAt` could take gets its waiting check, one run at a time until Git answers; the verdict is used by the run
   * `runAt` takes for the same entries (none for a folder Git names), the check depending on the columns alone.
   */
  async prepare(offered: readonly OfferedRun[] = []): Promise<void> {
    const asked = this.git?.view(this.head);
    let answered = false;
    const heard = () => { answered = true; };
    asked?.then(heard, heard);
    const columns = this.previous?.columns;
    for (const { uid, start, end, folder, model } of columns ? offered : []) {
      // Git's answer, or its absence outside a repository, is taken as soon as it comes.
      await new Promise((resolve) => setImmediate(resolve));
      if (answered) break;
      if (!columns!.cleanRunOf(uid, start, end)) continue;
      const mayWait = new ColumnRun(this.previous!, columns!, uid, folder, start, end).deferrable(model);
      this.#verdicts.set(`${start}:${end}:${uid}`, { model, mayWait });
    }
    this.view = await asked;
    if (this.view) this.stats.checkedBy = 'git';
    for (const file of this.view?.changed ?? []) this.#changedFolders.add(folderOf(file));
  }

  /**
   * Take `files[from]` to `files[to - 1]`, every file of type `uid` (all under `folder`, `content/<folder>/`), whole from
   * the snapshot on Git's word: when the snapshot holds exactly these files one after another, each of type `uid` and
   * clean, and Git names no changed file in the folder. Then no record is made for them now (`ColumnRun`); else
   * undefined, and each file goes through `record`.
   */
  run(files: readonly string[], from: number, to: number, uid: string, folder: string): ColumnRun | undefined {
    if (!this.previous?.columns || !this.view || this.#changedFolders.has(folder)) return undefined;
    const start = this.previous.runOf(files, from, to);
    return start === undefined ? undefined : this.runAt(start, start + to - from, uid, folder);
  }

  /**
   * The snapshot's entries as this load's listing, by runs of one type (`runAt` takes one whole): when the kept listing
   * holds nothing but the entries. No path string is made for a run taken whole.
   */
  keptRuns(): { uid: string; start: number; end: number }[] | undefined {
    if (this.stats.listedBy !== 'snapshot' || this.kept?.extras.length) return undefined;
    return this.previous?.columns?.typeRuns();
  }

  /** Entry `i`'s path (`keptRuns`). */
  fileAt(i: number): string {
    return this.previous!.fileAt(i);
  }

  /** Take entries `start` to `end` (excluded), every file of type `uid` under `folder`, whole on Git's word (see `run`). */
  runAt(start: number, end: number, uid: string, folder: string): ColumnRun | undefined {
    const columns = this.previous?.columns;
    if (!columns || !this.view || this.#changedFolders.has(folder) || !columns.cleanRunOf(uid, start, end)) return undefined;
    this.previous!.skipTo(end);
    const run = new ColumnRun(this.previous!, columns, uid, folder, start, end, this.#verdicts.get(`${start}:${end}:${uid}`));
    this.stats.fromSnapshot += run.length;
    this.stats.keptWhole += run.length;
    this.#count += run.length;
    this.entries.push(run);
    return run;
  }

  /**
   * The record of one content file of type `uid`: from the snapshot when its stamp vouches for it, else read (into
   * `slab` when given: a record that keeps its text keeps those bytes, see `TextSlab.readFile`).
   */
  record(file: string, uid: string, parse: ParseFile, slab?: TextSlab): FileRecord {
    // Without a snapshot to write, no stamp is needed (a stat per file is a tenth of a cold start).
    if (!this.enabled) {
      // The listing's paths are clean (no `.`, `..` or doubled slash): the root's prefix, not a `join` per file.
      const path = this.#rootPrefix + file;
      const text = slab ? readIntoSlabSync(path, file, slab) : readTextNoFollowSync(path, file);
      const record = parse(text, () => statSync(path).mtimeMs);
      this.stats.read++;
      return record;
    }
    const known = this.previous?.get(file);
    // Clean at the snapshot's commit, and Git sees no change since: its word, without a stat.
    if (known?.clean && this.view && known.record.uid === uid && !this.view.changed.has(file)) return this.keep(known, 'fromSnapshot');
    const path = join(this.root, file);
    if (known && known.record.uid === uid) {
      const stats = lstatSync(path, { throwIfNoEntry: false });
      if (stats?.isFile() && sameStamp(known.stamp, stampOf(stats))) {
        if (!known.hash) return this.keep(known, 'fromSnapshot');
        const read = readStampedSync(path, file);
        if (sameStamp(read.stamp, known.stamp) && hashText(read.text) === known.hash) return this.keep(known, 'verified');
        return this.parse(read.text, read.stamp, parse);
      }
    }
    const read = readStampedSync(path, file, slab);
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
    if (this.previous && stale <= rewriteAfter(this.#count)) return Promise.resolve();
    const view = this.view;
    const entries = this.entries.flatMap((entry) => (entry instanceof ColumnRun ? entry.made() : [entry]));
    const header = { fingerprint: this.fingerprint, loadStartedAt: this.startedAt, head: view?.head };
    return (async () => {
      const tracked = await view?.tracked();
      const clean = view && tracked ? (entry: SnapshotEntry) => tracked.has(entry.record.file) && this.stillClean(entry, view) : undefined;
      const { listing, startedAt } = this;
      const keep = listing && ((written: ReadonlySet<string>) => listing.stamps.keep(listing.listed, written, startedAt));
      await writeSnapshot(this.root, header, entries, clean, keep);
    })().catch(() => undefined);
  }

  /**
   * May the next start take this tracked file's entry on Git's word? Yes when it was clean and Git still says so
   * (the record is then the commit's text); or when Git said the file is as the commit holds it, its
   * stamp predates Git's look (by the racy margin) and still matches now (after Git looked): then the
   * text this load read is the text Git compared.
   */
  private stillClean(entry: SnapshotEntry, view: GitView): boolean {
    const file = entry.record.file;
    if (view.changed.has(file)) return false;
    if (entry.clean && this.previous?.get(file) === entry) return true;
    if (Math.max(entry.stamp.mtimeMs, entry.stamp.ctimeMs) >= view.startedAt - RACY_MARGIN_MS) return false;
    const now = lstatSync(join(this.root, file), { throwIfNoEntry: false });
    return !!now?.isFile() && sameStamp(stampOf(now), entry.stamp);
  }

  private keep(entry: SnapshotEntry, source: 'fromSnapshot' | 'verified'): FileRecord {
    this.stats[source]++;
    this.#count++;
    this.entries.push(entry);
    return entry.record;
  }

  private parse(text: string, stamp: FileStamp, parse: ParseFile): FileRecord {
    const record = parse(text, () => stamp.mtimeMs);
    this.stats.read++;
    this.#count++;
    this.entries.push({ record, stamp, hash: isRacy(stamp, this.startedAt) ? hashText(text) : undefined });
    return record;
  }
}
