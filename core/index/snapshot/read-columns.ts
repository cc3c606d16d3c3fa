import {
  BYTE_ORDER, CLEAN, columnLayout, DRAFT, FieldsColumns, NUMBERS, paddedLength, TEXTS, UNPUBLISHED, type ColumnEntry, type Preamble,
} from './snapshot-columns.js';
import type { Cyrb53 } from '../ids.js';
import type { FileRecord } from '../read-file.js';
import { SnapshotCorruptError } from './snapshot-format.js';

const NEWLINE = 10;
const FLAGS = DRAFT | CLEAN | UNPUBLISHED;

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
/** A list of names the columns number: each a string, none twice (a type named twice would come as two runs of one type). */
const isNames = (value: unknown): value is string[] => Array.isArray(value) && value.length <= 0xffff
  && value.every((name) => typeof name === 'string') && new Set(value).size === value.length;

function parsePreamble(text: string): Preamble {
  let preamble: Preamble;
  try {
    preamble = JSON.parse(text) as Preamble;
  } catch {
    throw new SnapshotCorruptError('columns damaged: no preamble');
  }
  if (!isCount(preamble?.count) || !isCount(preamble.text) || !isNames(preamble.types) || !isNames(preamble.locales)) {
    throw new SnapshotCorruptError('columns damaged: preamble');
  }
  if (preamble.byteOrder !== BYTE_ORDER) throw new SnapshotCorruptError(`written in byte order ${String(preamble.byteOrder)}`);
  return preamble;
}

/** The region's bytes on an 8-byte boundary (typed arrays read them in place). */
const aligned = (bytes: Buffer): Buffer => (bytes.byteOffset % 8 === 0 ? bytes : Buffer.from(new Uint8Array(bytes).buffer));

/**
 * A format 4 snapshot's metadata region, checked and read where it lies (see `snapshot-columns.ts`):
 * `entry(i)` decodes one entry's texts when it is asked for, and `fields` (the numbers a record
 * keeps: where its fields lie, its stamp) is copied out so the rest can go once the load is over.
 *
 * @example
 * const columns = SnapshotColumns.decode(metadata, fieldsEnd); columns.file(0); columns.entry(0).documentId
 */
export class SnapshotColumns {
  readonly fields: FieldsColumns;

  private constructor(
    readonly preamble: Preamble, private readonly bytes: Buffer, private readonly ends: Uint32Array,
    private readonly types: Uint16Array, private readonly locales: Uint16Array, private readonly flags: Uint8Array,
    private readonly texts: number, numbers: Float64Array, sizes: Uint32Array,
  ) {
    this.fields = new FieldsColumns(numbers, sizes, preamble.count);
  }

  /** Check and read a metadata region whose entries' fields lie below `fieldsEnd`; throws `SnapshotCorruptError`. */
  static decode(region: Buffer, fieldsEnd: number): SnapshotColumns {
    const bytes = aligned(region);
    const lineEnd = bytes.indexOf(NEWLINE);
    if (lineEnd < 0) throw new SnapshotCorruptError('columns damaged: no preamble');
    const preamble = parsePreamble(bytes.toString('utf8', 0, lineEnd));
    const { count } = preamble;
    const at = columnLayout(paddedLength(lineEnd + 1), count, preamble.text);
    if (at.size !== bytes.length - 1 || bytes[at.size] !== NEWLINE) throw new SnapshotCorruptError('columns damaged: sizes do not add up');
    const view = <T>(Type: new (buffer: ArrayBufferLike, offset: number, length: number) => T, offset: number, length: number): T =>
      new Type(bytes.buffer, bytes.byteOffset + offset, length);
    const numbers = view(Float64Array, at.numbers, NUMBERS.length * count).slice();
    const sizes = view(Uint32Array, at.lengths, 2 * count).slice();
    const ends = view(Uint32Array, at.ends, TEXTS.length * count);
    const keys = view(Uint16Array, at.keys, 2 * count);
    const flags = view(Uint8Array, at.flags, count);
    checkEnds(ends, preamble.text);
    for (let i = 0; i < count; i++) {
      if (keys[i] >= preamble.types.length || keys[count + i] > preamble.locales.length) throw new SnapshotCorruptError('columns damaged: a name out of range');
      if ((flags[i] & ~FLAGS) !== 0) throw new SnapshotCorruptError('columns damaged: flags');
      const [offset, length] = [numbers[i], sizes[i]];
      if (!Number.isSafeInteger(offset) || offset < 0 || length < 2 || offset + length > fieldsEnd) throw new SnapshotCorruptError('fields out of bounds');
    }
    return new SnapshotColumns(preamble, bytes, ends, keys.subarray(0, count), keys.subarray(count), flags, at.texts, numbers, sizes);
  }

  get count(): number {
    return this.preamble.count;
  }

  /** Text `k` (of `TEXTS`) of entry `i`, `''` when it has none. */
  text(i: number, k: number): string {
    const j = i * TEXTS.length + k;
    const start = j === 0 ? 0 : this.ends[j - 1];
    return start === this.ends[j] ? '' : this.bytes.toString('utf8', this.texts + start, this.texts + this.ends[j]);
  }

  file(i: number): string {
    return this.text(i, 0);
  }

  uid(i: number): string {
    return this.preamble.types[this.types[i]];
  }

  clean(i: number): boolean {
    return (this.flags[i] & CLEAN) !== 0;
  }

  draft(i: number): boolean {
    return (this.flags[i] & DRAFT) !== 0;
  }

  locale(i: number): string | null {
    const locale = this.locales[i];
    return locale === 0 ? null : this.preamble.locales[locale - 1];
  }

  /** The entries as runs of one type each, in order; undefined when a type comes in two runs (its files are then not one folder's run). */
  typeRuns(): { uid: string; start: number; end: number }[] | undefined {
    const runs: { uid: string; start: number; end: number }[] = [];
    const seen = new Set<number>();
    for (let start = 0; start < this.count;) {
      const type = this.types[start];
      if (seen.has(type)) return undefined;
      seen.add(type);
      let end = start + 1;
      while (end < this.count && this.types[end] === type) end++;
      runs.push({ uid: this.preamble.types[type], start, end });
      start = end;
    }
    return runs;
  }

  /** Are entries `from` to `to` (excluded) all of type `uid`, and all clean (Git vouched for them at the snapshot's commit)? */
  cleanRunOf(uid: string, from: number, to: number): boolean {
    const type = this.preamble.types.indexOf(uid);
    for (let i = from; i < to; i++) if (this.types[i] !== type || (this.flags[i] & CLEAN) === 0) return false;
    return type >= 0;
  }

  /**
   * Are the entries' paths in strictly ascending order, byte by byte (no string made)? UTF-8's byte order is the code
   * points', which a JS comparison shares but for paths with characters past U+FFFF: there the cursor misses an entry and its file is read.
   */
  pathsAscending(): boolean {
    const { bytes, ends, texts } = this;
    for (let i = 1; i < this.count; i++) {
      const [a, b] = [(i - 1) * TEXTS.length, i * TEXTS.length];
      const [aStart, aEnd, bStart, bEnd] = [a === 0 ? 0 : ends[a - 1], ends[a], ends[b - 1], ends[b]];
      let k = 0;
      while (aStart + k < aEnd && bStart + k < bEnd && bytes[texts + aStart + k] === bytes[texts + bStart + k]) k++;
      // Equal up to the shorter: ascending only if the earlier path is the shorter one.
      const ascending = bStart + k < bEnd && (aStart + k === aEnd || bytes[texts + aStart + k] < bytes[texts + bStart + k]);
      if (!ascending) return false;
    }
    return true;
  }

  /** Feed entry `i`'s documentId to `hash` where its bytes lie; false (fed in part) when one is not ASCII: hash its string instead. */
  feedDocumentId(i: number, hash: Cyrb53): boolean {
    const j = i * TEXTS.length + 1;
    const { bytes } = this;
    for (let at = this.texts + this.ends[j - 1], end = this.texts + this.ends[j]; at < end; at++) {
      if (bytes[at] >= 0x80) return false;
      hash.code(bytes[at]);
    }
    return true;
  }

  /** Do entries `i` and `j` have the same documentId (compared as bytes, no string made)? */
  sameDocumentId(i: number, j: number): boolean {
    return this.same(i, 1, j, 1);
  }

  /**
   * What a record of entry `i` holds besides its fields (`file` when the caller holds it already): a
   * missing timestamp is undefined, and equal timestamps share one string.
   */
  recordFields(i: number, file = this.file(i)): Omit<FileRecord, 'data'> {
    const flags = this.flags[i];
    const createdAt = this.text(i, 2);
    const updatedAt = this.same(i, 3, i, 2) ? createdAt : this.text(i, 3);
    let publishedAt: string | null = null;
    if (!(flags & UNPUBLISHED)) publishedAt = this.same(i, 4, i, 3) ? updatedAt : this.same(i, 4, i, 2) ? createdAt : this.text(i, 4);
    return {
      file, uid: this.uid(i), documentId: this.text(i, 1), locale: this.locale(i),
      draft: (flags & DRAFT) !== 0, createdAt: createdAt || undefined, updatedAt: updatedAt || undefined,
      publishedAt: publishedAt === null ? null : publishedAt || undefined, mtimeMs: this.fields.recordMtimeMs(i),
    };
  }

  /** Entry `i` as the writer took it (`''` for a missing text). */
  entry(i: number): ColumnEntry {
    const { mtimeMs, createdAt, updatedAt, publishedAt, ...rest } = this.recordFields(i);
    const { fields } = this;
    return {
      ...rest, createdAt: createdAt ?? '', updatedAt: updatedAt ?? '', publishedAt: publishedAt === null ? null : publishedAt ?? '',
      recordMtimeMs: mtimeMs, stamp: fields.stamp(i), hash: this.text(i, 5), clean: this.clean(i),
      offset: fields.offset(i), length: fields.length(i), crc: fields.crc(i),
    };
  }

  /** The hash of a racy file's text, when it has one. */
  hash(i: number): string | undefined {
    return this.text(i, 5) || undefined;
  }

  /** Do text `a` of entry `i` and text `b` of entry `j` hold the same bytes? */
  private same(i: number, a: number, j: number, b: number): boolean {
    const [ak, bk] = [i * TEXTS.length + a, j * TEXTS.length + b];
    const [aEnd, bEnd] = [this.ends[ak], this.ends[bk]];
    const [aStart, bStart] = [ak === 0 ? 0 : this.ends[ak - 1], bk === 0 ? 0 : this.ends[bk - 1]];
    if (aEnd - aStart !== bEnd - bStart) return false;
    // Short texts (ids, timestamps): a loop costs less than a native call each.
    const [bytes, a0, b0] = [this.bytes, this.texts + aStart, this.texts + bStart];
    for (let k = 0; k < aEnd - aStart; k++) if (bytes[a0 + k] !== bytes[b0 + k]) return false;
    return true;
  }
}

/** Text ends never go backwards and the last is the text region's size. */
function checkEnds(ends: Uint32Array, text: number): void {
  let previous = 0;
  for (let j = 0; j < ends.length; j++) {
    if (ends[j] < previous) throw new SnapshotCorruptError('columns damaged: text ends');
    previous = ends[j];
  }
  if (previous !== text) throw new SnapshotCorruptError('columns damaged: text ends');
}
