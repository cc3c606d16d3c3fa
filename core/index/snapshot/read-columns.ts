import {
  BYTE_ORDER, CLEAN, columnLayout, DRAFT, FieldsColumns, NUMBERS, paddedLength, TEXTS, UNPUBLISHED, type ColumnEntry, type Preamble,
} from './snapshot-columns.js';
import type { FileRecord } from '../read-file.js';
import { SnapshotCorruptError } from './snapshot-format.js';

const NEWLINE = 10;
const FLAGS = DRAFT | CLEAN | UNPUBLISHED;

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isNames = (value: unknown): value is string[] => Array.isArray(value) && value.length <= 0xffff
  && value.every((name) => typeof name === 'string');

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

  /**
   * What a record of entry `i` holds besides its fields (`file` when the caller holds it already): a
   * missing timestamp is undefined, and equal timestamps share one string.
   */
  recordFields(i: number, file = this.file(i)): Omit<FileRecord, 'data'> {
    const flags = this.flags[i];
    const createdAt = this.text(i, 2);
    const updatedAt = this.same(i, 3, 2) ? createdAt : this.text(i, 3);
    let publishedAt: string | null = null;
    if (!(flags & UNPUBLISHED)) publishedAt = this.same(i, 4, 3) ? updatedAt : this.same(i, 4, 2) ? createdAt : this.text(i, 4);
    const locale = this.locales[i];
    return {
      file, uid: this.uid(i), documentId: this.text(i, 1), locale: locale === 0 ? null : this.preamble.locales[locale - 1],
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

  /** Do texts `a` and `b` of entry `i` hold the same bytes? */
  private same(i: number, a: number, b: number): boolean {
    const base = i * TEXTS.length;
    const [aEnd, bEnd] = [this.ends[base + a], this.ends[base + b]];
    const [aStart, bStart] = [this.ends[base + a - 1], this.ends[base + b - 1]];
    if (aEnd - aStart !== bEnd - bStart) return false;
    const at = this.texts;
    return this.bytes.compare(this.bytes, at + bStart, at + bEnd, at + aStart, at + aEnd) === 0;
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
