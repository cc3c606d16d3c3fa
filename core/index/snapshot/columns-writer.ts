import type { KeptListing } from './folder-listing.js';
import {
  BYTE_ORDER, CLEAN, DRAFT, NUMBERS, paddedLength, TEXTS, UNPUBLISHED, type ColumnEntry, type Preamble,
} from './snapshot-columns.js';

/** Texts are joined into one buffer per this many entries (a few hundred kilobytes). */
const TEXT_CHUNK = 4096;
const MAX_TEXT = 2 ** 32 - 1;
const MAX_NAMES = 0xffff;

/** A typed array's bytes as a Buffer (no copy). */
const bytesOf = (array: Float64Array | Uint32Array | Uint16Array | Uint8Array): Buffer =>
  Buffer.from(array.buffer, array.byteOffset, array.byteLength);

/** The number a name has in its table (types, locales), added when new. */
function numberOf(table: Map<string, number>, name: string, first: number): number {
  let at = table.get(name);
  if (at === undefined) {
    if (table.size + first > MAX_NAMES) throw new Error('snapshot: too many names for its columns');
    table.set(name, (at = table.size + first));
  }
  return at;
}

/**
 * Builds a format 4 metadata region (see `snapshot-columns.ts`) entry by entry, up to `capacity`
 * entries: the columns are filled in place, the texts gathered, and `finish` gives the region's parts.
 * A region whose texts pass 4 GiB, or with more than 65,535 types or locales, cannot be written (it
 * throws, and no snapshot replaces the current one: the next start reads the files).
 *
 * @example
 * const writer = new ColumnsWriter(entries.length); writer.add(entry); const parts = writer.finish(listing);
 */
export class ColumnsWriter {
  #count = 0;
  readonly #numbers: Float64Array[];
  readonly #ends: Uint32Array;
  readonly #lengths: Uint32Array;
  readonly #crcs: Uint32Array;
  readonly #types: Uint16Array;
  readonly #locales: Uint16Array;
  readonly #flags: Uint8Array;
  readonly #typeNames = new Map<string, number>();
  readonly #localeNames = new Map<string, number>();
  readonly #text: Buffer[] = [];
  #pending: string[] = [];
  #textLength = 0;

  constructor(capacity: number) {
    this.#numbers = NUMBERS.map(() => new Float64Array(capacity));
    this.#ends = new Uint32Array(capacity * TEXTS.length);
    this.#lengths = new Uint32Array(capacity);
    this.#crcs = new Uint32Array(capacity);
    this.#types = new Uint16Array(capacity);
    this.#locales = new Uint16Array(capacity);
    this.#flags = new Uint8Array(capacity);
  }

  get count(): number {
    return this.#count;
  }

  add(entry: ColumnEntry): void {
    const i = this.#count++;
    const values = [entry.offset, entry.stamp.size, entry.stamp.mtimeMs, entry.stamp.ctimeMs, entry.stamp.ino, entry.recordMtimeMs];
    for (let k = 0; k < NUMBERS.length; k++) this.#numbers[k][i] = values[k];
    for (let k = 0; k < TEXTS.length; k++) {
      const text = k === 4 && entry.publishedAt === null ? '' : (entry[TEXTS[k]] as string);
      this.#textLength += Buffer.byteLength(text);
      if (this.#textLength > MAX_TEXT) throw new Error('snapshot: texts too large for its columns');
      this.#ends[i * TEXTS.length + k] = this.#textLength;
      this.#pending.push(text);
    }
    this.#lengths[i] = entry.length;
    this.#crcs[i] = entry.crc;
    this.#types[i] = numberOf(this.#typeNames, entry.uid, 0);
    this.#locales[i] = entry.locale === null ? 0 : numberOf(this.#localeNames, entry.locale, 1);
    this.#flags[i] = (entry.draft ? DRAFT : 0) | (entry.clean ? CLEAN : 0) | (entry.publishedAt === null ? UNPUBLISHED : 0);
    if (this.#pending.length >= TEXT_CHUNK * TEXTS.length) this.#flush();
  }

  /** The region's parts, in order (their CRC-32 and total length make the end line). */
  finish(listing?: KeptListing): Buffer[] {
    this.#flush();
    const count = this.#count;
    const preamble: Preamble = {
      count, text: this.#textLength, types: [...this.#typeNames.keys()], locales: [...this.#localeNames.keys()], byteOrder: BYTE_ORDER,
      ...(listing && { listing }),
    };
    const line = Buffer.from(`${JSON.stringify(preamble)}\n`);
    return [
      Buffer.concat([line, Buffer.alloc(paddedLength(line.length) - line.length)]),
      ...this.#numbers.map((column) => bytesOf(column.subarray(0, count))),
      bytesOf(this.#ends.subarray(0, count * TEXTS.length)),
      bytesOf(this.#lengths.subarray(0, count)), bytesOf(this.#crcs.subarray(0, count)),
      bytesOf(this.#types.subarray(0, count)), bytesOf(this.#locales.subarray(0, count)),
      bytesOf(this.#flags.subarray(0, count)),
      ...this.#text,
      // The end line follows a newline, as a reader finds it.
      Buffer.from('\n'),
    ];
  }

  #flush(): void {
    if (this.#pending.length) this.#text.push(Buffer.from(this.#pending.join('')));
    this.#pending = [];
  }
}
