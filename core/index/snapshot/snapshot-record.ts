import { crc32 } from 'node:zlib';
import type { Data } from '../../types.js';
import type { FileRecord } from '../read-file.js';
import { LazyRecord } from '../lazy-record.js';
import { TextRecord } from '../text-record.js';
import type { FieldsFile } from './fields-file.js';
import type { FileStamp } from './file-stamp.js';
import type { FieldsColumns } from './snapshot-columns.js';

/** Read a file's fields from the file itself: what a snapshot record falls back to if its text fails to parse. */
export type Reread = (file: string) => Data;

/** What the snapshot says about its file besides the record: its hash and whether Git vouched for it. */
export interface StoredState {
  hash: string | undefined;
  clean: boolean;
}

/**
 * A record restored from the index snapshot whose fields stay on disk, in the snapshot's fields
 * region, until first read: a restart neither reads nor parses (nor holds, as objects or bytes) the
 * documents no request has touched yet. Bytes that are missing, fail their CRC or do not parse (a
 * snapshot cut short or damaged after it was opened) are never served: the file itself is read instead.
 * It is its own snapshot entry (`record` is itself): one object per file, not two. Where its
 * fields lie and its stamp stay in the snapshot's number columns (`FieldsColumns`, entry `index`).
 */
export class SnapshotRecord extends LazyRecord {
  /** The open snapshot, and its columns that say where this record's JSON lies (entry `#index`). */
  #fields: FieldsFile | undefined;
  readonly #at: FieldsColumns;
  readonly #index: number;
  readonly #reread: Reread;
  readonly hash: string | undefined;
  readonly clean: boolean;

  constructor(fields: Omit<FileRecord, 'data'>, source: FieldsFile, at: FieldsColumns, index: number, reread: Reread, state: StoredState) {
    super(fields);
    this.#fields = source;
    this.#at = at;
    this.#index = index;
    this.#reread = reread;
    this.hash = state.hash;
    this.clean = state.clean;
  }

  get #offset(): number {
    return this.#at.offset(this.#index);
  }

  get #length(): number {
    return this.#at.length(this.#index);
  }

  get #crc(): number {
    return this.#at.crc(this.#index);
  }

  /** As a snapshot entry: the record is itself. */
  get record(): this {
    return this;
  }

  get stamp(): FileStamp {
    return this.#at.stamp(this.#index);
  }

  protected readFields(): Data {
    const text = this.#fields!.text(this.#offset, this.#length, this.#crc);
    return (text === undefined ? undefined : parseFields(text)) ?? this.#reread(this.file);
  }

  /** The fields as the snapshot holds them (compact JSON bytes, checked), while nobody has read them. */
  get unreadFields(): { bytes: Buffer; crc: number } | undefined {
    const bytes = this.#fields?.bytes(this.#offset, this.#length, this.#crc);
    return bytes && { bytes, crc: this.#crc };
  }

  /** Nobody has read the fields yet. */
  get unparsed(): boolean {
    return this.#fields !== undefined;
  }

  /** Where the unread fields lie (undefined once read). */
  get unreadAt(): { source: FieldsFile; offset: number; length: number } | undefined {
    return this.#fields && { source: this.#fields, offset: this.#offset, length: this.#length };
  }

  /**
   * Take the fields from a block read ahead (`bytes` from `at`), when they match their CRC-32 and
   * parse; otherwise they stay unread (the next read reads them alone, or the file).
   */
  fillFrom(bytes: Buffer, at: number): void {
    if (!this.#fields || at < 0 || at + this.#length > bytes.length) return;
    const own = bytes.subarray(at, at + this.#length);
    if (crc32(own) !== this.#crc) return;
    const data = parseFields(own.toString('utf8'));
    if (data) this.data = data;
  }

  protected letGo(): void {
    this.#fields?.done();
    this.#fields = undefined;
  }
}

/** Blocks read ahead: at most this many bytes, and gaps of at most `MAX_GAP` between two records read. */
const BLOCK = 4 << 20;
const MAX_GAP = 64 << 10;

/**
 * Read the fields of many unread records at once (a query about to read every document of a type):
 * in the file's order, in blocks of up to 4 MB, rather than a `pread` per record. A cold start's texts
 * (`TextRecord`) are parsed in the order they lie in their slab (its scratch file then read in blocks).
 *
 * @example
 * readAhead(rows.map((row) => index.record(row.file)))
 */
export function readAhead(records: Iterable<FileRecord | undefined>): void {
  type Unread = { record: SnapshotRecord; source: FieldsFile; offset: number; length: number };
  const bySource = new Map<FieldsFile, Unread[]>();
  // A cold start's unread texts, read back in the order they lie (a spilling slab then reads its file in blocks).
  const texts: { record: TextRecord; start: number }[] = [];
  for (const record of records) {
    const start = record instanceof TextRecord ? record.keptStart : undefined;
    if (start !== undefined) texts.push({ record: record as TextRecord, start });
    const at = record instanceof SnapshotRecord ? record.unreadAt : undefined;
    if (!at) continue;
    let list = bySource.get(at.source);
    if (!list) bySource.set(at.source, (list = []));
    list.push({ record: record as SnapshotRecord, ...at });
  }
  for (const unread of bySource.values()) readInBlocks(unread.sort((a, b) => a.offset - b.offset));
  if (texts.length > 1) for (const { record } of texts.sort((a, b) => a.start - b.start)) void record.data;
}

/** Records of one snapshot, by offset: read block by block, each record taking its own bytes. */
function readInBlocks(unread: { record: SnapshotRecord; source: FieldsFile; offset: number; length: number }[]): void {
  if (unread.length < 2) return;
  for (let first = 0; first < unread.length;) {
    const { source, offset } = unread[first];
    let last = first;
    while (last + 1 < unread.length) {
      const next = unread[last + 1];
      const end = next.offset + next.length;
      if (next.source !== source || end - offset > BLOCK || next.offset - (unread[last].offset + unread[last].length) > MAX_GAP) break;
      last++;
    }
    const block = source.block(offset, unread[last].offset + unread[last].length - offset);
    if (block) for (let i = first; i <= last; i++) unread[i].record.fillFrom(block, unread[i].offset - offset);
    first = last + 1;
  }
}

/** Has nobody read this record's fields yet (a snapshot's record, or a `TextRecord`)? Its rows can then wait too. */
export const isUnparsed = (record: FileRecord): boolean => (record as Partial<SnapshotRecord>).unparsed === true;

/** The fields as a fast prototype-free object, or undefined when the text is not a JSON object. */
function parseFields(text: string): Data | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  // JSON.parse made it (`__proto__` is an own key there): dropping the prototype keeps it fast.
  return Object.setPrototypeOf(parsed, null) as Data;
}
