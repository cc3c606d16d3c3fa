import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { FieldsFile } from './fields-file.js';
import type { KeptListing } from './folder-listing.js';
import { SnapshotColumns } from './read-columns.js';
import { SnapshotRecord, type Reread } from './snapshot-record.js';
import { SNAPSHOT_FILE, SNAPSHOT_FORMAT, SnapshotCorruptError, type SnapshotEntry, type SnapshotHeader } from './snapshot-format.js';

/** A snapshot that matches this project's schemas and config, or why there is none to use. */
export type SnapshotRead =
  | { entries: SnapshotEntries; header: SnapshotHeader; listing?: KeptListing }
  | { entries?: undefined; reason: string };

const NEWLINE = 10;
const MAX_HEADER = 4096;
/** `end <entries> <metadata offset> <metadata CRC-32>\n`: three numbers of at most 16 digits. */
const MAX_END_LINE = 64;
const END_LINE = /^end (\d{1,16}) (\d{1,16}) (\d{1,10})$/;

function parseHeader(text: string, fingerprint: string): SnapshotHeader {
  const header = JSON.parse(text) as SnapshotHeader;
  if (header?.format !== SNAPSHOT_FORMAT) {
    throw new SnapshotCorruptError(`format ${String(header?.format)} (this version reads ${SNAPSHOT_FORMAT})`);
  }
  if (header.fingerprint !== fingerprint) throw new SnapshotCorruptError('schemas, config or package version changed');
  if (!Number.isFinite(header.loadStartedAt)) throw new SnapshotCorruptError('header incomplete');
  return header;
}

/** The kept listing, checked for shape (it decides which files a start sees). */
function checkListing(listing: KeptListing): KeptListing {
  const strings = (list: unknown) => Array.isArray(list) && list.every((item) => typeof item === 'string');
  const folders = Array.isArray(listing?.folders) && listing.folders.every((folder) => Array.isArray(folder) && folder.length === 4
    && typeof folder[0] === 'string' && folder.slice(1).every(Number.isFinite));
  if (!folders || !strings(listing.extras) || !strings(listing.links)) throw new SnapshotCorruptError('listing damaged');
  return listing;
}

/** `length` bytes at `position`, all of them, or a corrupt snapshot. */
function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.allocUnsafe(length);
  let read = 0;
  while (read < length) {
    const got = readSync(fd, buffer, read, length - read, position + read);
    if (got === 0) throw new SnapshotCorruptError('truncated');
    read += got;
  }
  return buffer;
}

/** The header, and where the metadata region lies (from the end line). */
function readFrame(fd: number, fingerprint: string): { header: SnapshotHeader; count: number; metadata: Buffer; fieldsEnd: number } {
  const size = fstatSync(fd).size;
  const head = readAt(fd, 0, Math.min(size, MAX_HEADER + 1));
  const headerEnd = head.indexOf(NEWLINE);
  if (headerEnd < 0) throw new SnapshotCorruptError(size > MAX_HEADER ? 'header too long' : 'no header');
  const header = parseHeader(head.toString('utf8', 0, headerEnd), fingerprint);
  const tailLength = Math.min(size - headerEnd - 1, MAX_END_LINE);
  const tail = readAt(fd, size - tailLength, tailLength);
  if (tail[tail.length - 1] !== NEWLINE) throw new SnapshotCorruptError('truncated: no end line');
  const endLine = tail.toString('latin1', tail.lastIndexOf(NEWLINE, tail.length - 2) + 1, tail.length - 1);
  const end = END_LINE.exec(endLine);
  if (!end) throw new SnapshotCorruptError('truncated: no end line');
  const [count, metadataAt, crc] = [Number(end[1]), Number(end[2]), Number(end[3])];
  const metadataEnd = size - endLine.length - 1;
  if (metadataAt <= headerEnd || metadataAt > metadataEnd) throw new SnapshotCorruptError('end line does not match the file');
  const metadata = readAt(fd, metadataAt, metadataEnd - metadataAt);
  if (crc32(metadata) !== crc) throw new SnapshotCorruptError('metadata damaged (CRC-32)');
  return { header, count, metadata, fieldsEnd: metadataAt };
}

/**
 * Open `.cms/index-snapshot` and read its header and metadata, never its fields (each record reads
 * its own on first use, see `SnapshotRecord`): a wrong format or fingerprint, a truncated file (no
 * end line, or one that disagrees), damaged metadata (CRC-32) or columns that do not check discards it,
 * and the caller reads every file. The descriptor stays open for the records (see `FieldsFile`).
 *
 * @example
 * const read = readSnapshot(root, snapshotFingerprint(models, config), (file) => readFieldsFromFile(file));
 * read.entries?.get('content/articles/x.json')
 */
export function readSnapshot(root: string, fingerprint: string, reread: Reread): SnapshotRead {
  let fd: number;
  try {
    fd = openSync(join(root, SNAPSHOT_FILE), 'r');
  } catch (error) {
    return { reason: (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'none' : `unreadable: ${(error as Error).message}` };
  }
  let fields: FieldsFile | undefined;
  try {
    const { header, count, metadata, fieldsEnd } = readFrame(fd, fingerprint);
    const columns = SnapshotColumns.decode(metadata, fieldsEnd);
    if (columns.count !== count) throw new SnapshotCorruptError('end line does not match the entries');
    const listing = columns.preamble.listing === undefined ? undefined : checkListing(columns.preamble.listing);
    fields = new FieldsFile(fd, count);
    return { entries: new SnapshotEntries(entriesOf(columns, fields, reread), columns), header, listing };
  } catch (error) {
    // Once a FieldsFile owns the descriptor, only it closes it (never twice: the number may be reused).
    if (fields) fields.close();
    else closeSync(fd);
    return { reason: `discarded: ${(error as Error).message}` };
  }
}

/** Entries by position: each one's file, and the entry itself (made when asked for). */
export interface EntrySource {
  size: number;
  file(i: number): string;
  entry(i: number, file: string): SnapshotEntry;
  /** Are the files in ascending order, told without a string each (else the strings are compared)? */
  ascending?(): boolean;
}

/** A snapshot's entries as records made on demand from its columns, each reading its fields from `fields`. */
function entriesOf(columns: SnapshotColumns, fields: FieldsFile, reread: Reread): EntrySource {
  return {
    size: columns.count,
    file: (i) => columns.file(i),
    ascending: () => columns.pathsAscending(),
    entry: (i, file) => new SnapshotRecord(columns.recordFields(i, file), fields, columns.fields, i, reread, {
      hash: columns.hash(i), clean: columns.clean(i),
    }),
  };
}

/** Entries already made, as a source (tests, and any caller holding a list). */
const listSource = (list: SnapshotEntry[]): EntrySource => ({ size: list.length, file: (i) => list[i].record.file, entry: (i) => list[i] });

/**
 * A snapshot's entries by file. A load asks for files in sorted order, and the entries were written
 * in that order: a cursor walking both answers (a merge), and a map is built only for a question
 * out of order. Each entry is made the first time it is asked for (then the same one each time);
 * each file's path is decoded when first needed (a run of a type taken whole needs none), and the
 * listing taken from the snapshot shares the strings.
 */
export class SnapshotEntries {
  #cursor = 0;
  #last: string | undefined;
  #byFile: Map<string, number> | undefined;
  #sorted: boolean | undefined;
  readonly #files: (string | undefined)[];
  readonly #made: (SnapshotEntry | undefined)[] = [];
  readonly #source: EntrySource;

  /** `columns`: the snapshot's own (whole runs of a type are then taken from them, see `runOf`). */
  constructor(list: SnapshotEntry[] | EntrySource, readonly columns?: SnapshotColumns) {
    this.#source = Array.isArray(list) ? listSource(list) : list;
    this.#files = new Array<string | undefined>(this.#source.size);
  }

  /** File `i`'s path (in the order written). */
  fileAt(i: number): string {
    return (this.#files[i] ??= this.#source.file(i));
  }

  /** How many files the snapshot holds. */
  get size(): number {
    return this.#files.length;
  }

  get #ascending(): boolean {
    if (this.#sorted === undefined) {
      this.#sorted = this.#source.ascending?.() ?? this.files().every((file, i, files) => i === 0 || files[i - 1] < file);
    }
    return this.#sorted;
  }

  get(file: string): SnapshotEntry | undefined {
    const at = this.#indexOf(file);
    return at === undefined ? undefined : this.at(at);
  }

  /** Entry `i` (in the order written), made the first time it is asked for. */
  at(i: number): SnapshotEntry {
    return (this.#made[i] ??= this.#source.entry(i, this.fileAt(i)));
  }

  /** The entries before `end` were taken (a run of a type, whole): the next file asked for comes after them. */
  skipTo(end: number): void {
    if (this.#byFile || end <= this.#cursor) return;
    [this.#cursor, this.#last] = [end, this.fileAt(end - 1)];
  }

  /** Where the snapshot holds exactly `files[from]` to `files[to - 1]` (sorted), one after another: the first entry's position, or undefined. */
  runOf(files: readonly string[], from: number, to: number): number | undefined {
    const [cursor, last] = [this.#cursor, this.#last];
    const start = this.#indexOf(files[from]);
    let same = start !== undefined && start + to - from <= this.size;
    // The kept listing's paths are the snapshot's own strings: equal at once.
    for (let k = 1; same && k < to - from; k++) same = this.fileAt(start! + k) === files[from + k];
    // The cursor stays where it was: a run taken moves it past (`skipTo`), else the files are asked for one by one.
    [this.#cursor, this.#last] = [cursor, last];
    return same ? start : undefined;
  }

  /** The files, in the order they were written (a new array, the caller's to keep). */
  files(): string[] {
    return Array.from({ length: this.size }, (_, i) => this.fileAt(i));
  }

  #indexOf(file: string): number | undefined {
    if (this.#byFile || !this.#ascending || (this.#last !== undefined && file <= this.#last)) {
      this.#byFile ??= new Map(this.files().map((name, i) => [name, i]));
      return this.#byFile.get(file);
    }
    this.#last = file;
    const { size } = this;
    while (this.#cursor < size && this.fileAt(this.#cursor) < file) this.#cursor++;
    return this.#cursor < size && this.fileAt(this.#cursor) === file ? this.#cursor : undefined;
  }
}
