import { endianness } from 'node:os';
import type { FileStamp } from './file-stamp.js';
import type { KeptListing } from './folder-listing.js';

/**
 * The metadata region of a format 4 snapshot: one columnar block for every entry, in the order the
 * entries were written (sorted by file, so each type's entries are one run of it), read with one
 * `pread` and used where it lies: no line to split, no object or string per entry until an entry
 * is asked for (`entry(i)`).
 *
 * - a preamble line, JSON (`Preamble`): the entry count, the types and locales the entries name by
 *   number, the text region's size, the byte order, the kept listing; zero bytes up to a multiple of 8;
 * - `NUMBERS` Float64 columns of `count` (the fields' offset, the file's size, mtime, ctime and
 *   inode, the record's mtime), one after another;
 * - Uint32: the end of each entry's `TEXTS` in the text region (entry by entry, text by text), then
 *   the fields' length, then their CRC-32;
 * - Uint16: each entry's type (an index into `types`), then its locale (0: none, else `locales[n - 1]`);
 * - Uint8: its flags (`DRAFT`, `CLEAN`, `UNPUBLISHED`);
 * - the text region: every entry's texts (UTF-8), one after another; then a newline (the end line follows).
 *
 * Any size that does not add up, an end that goes backwards, an index or flag out of range, or
 * fields outside the fields region make the snapshot corrupt (the region's CRC-32 is checked first).
 */
export interface Preamble {
  count: number;
  text: number;
  types: string[];
  locales: string[];
  byteOrder: string;
  listing?: KeptListing;
}

/** Texts of an entry, in the text region's order. */
export const TEXTS = ['file', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'hash'] as const;
/** Number columns, in order. */
export const NUMBERS = ['offset', 'size', 'mtimeMs', 'ctimeMs', 'ino', 'recordMtimeMs'] as const;
export const DRAFT = 1;
export const CLEAN = 2;
/** `publishedAt` is null (a draft written as such), not a text. */
export const UNPUBLISHED = 4;
export const BYTE_ORDER = endianness();

/** One entry as its columns say it, every text decoded (`''`: none). */
export interface ColumnEntry {
  file: string;
  uid: string;
  documentId: string;
  locale: string | null;
  draft: boolean;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  recordMtimeMs: number;
  stamp: FileStamp;
  hash: string;
  clean: boolean;
  offset: number;
  length: number;
  crc: number;
}

/** Where each column starts in the region, once the preamble (padded to 8) is `at` bytes long. */
export function columnLayout(at: number, count: number, text: number) {
  const numbers = at;
  const ends = numbers + NUMBERS.length * 8 * count;
  const lengths = ends + TEXTS.length * 4 * count;
  const crcs = lengths + 4 * count;
  const keys = crcs + 4 * count;
  const flags = keys + 2 * 2 * count;
  const texts = flags + count;
  return { numbers, ends, lengths, crcs, keys, flags, texts, size: texts + text };
}

/** The preamble's bytes with its padding: a multiple of 8 long. */
export const paddedLength = (preamble: number): number => Math.ceil(preamble / 8) * 8;

/** Where one entry's fields lie in the fields region, and its stamp: what a record keeps of the columns after the load. */
export class FieldsColumns {
  /** `NUMBERS` columns, `count` each; `sizes`: the fields' lengths, then their CRC-32s. */
  constructor(private readonly numbers: Float64Array, private readonly sizes: Uint32Array, private readonly count: number) {}

  offset(i: number): number {
    return this.numbers[i];
  }

  length(i: number): number {
    return this.sizes[i];
  }

  crc(i: number): number {
    return this.sizes[this.count + i];
  }

  recordMtimeMs(i: number): number {
    return this.numbers[5 * this.count + i];
  }

  stamp(i: number): FileStamp {
    const { numbers, count } = this;
    return { size: numbers[count + i], mtimeMs: numbers[2 * count + i], ctimeMs: numbers[3 * count + i], ino: numbers[4 * count + i] };
  }
}
