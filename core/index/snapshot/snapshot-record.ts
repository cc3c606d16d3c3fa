import type { Data } from '../../types.js';
import type { FileRecord } from '../read-file.js';
import type { FieldsFile } from './fields-file.js';
import type { FileStamp } from './file-stamp.js';

/** Read a file's fields from the file itself: what a snapshot record falls back to if its text fails to parse. */
export type Reread = (file: string) => Data;

/** Where a record's compact JSON lies in its snapshot's fields region, and its CRC-32. */
export interface FieldsAt {
  offset: number;
  length: number;
  crc: number;
}

/** What a snapshot line says about its file besides the record: its stamp (as text), hash and whether Git vouched for it. */
export interface StoredState {
  stamp: string;
  hash: string | undefined;
  clean: boolean;
}

/**
 * A record restored from the index snapshot whose fields stay on disk, in the snapshot's fields
 * region, until first read: a restart neither reads nor parses (nor holds, as objects or bytes) the
 * documents no request has touched yet. Bytes that are missing, fail their CRC or do not parse (a
 * snapshot cut short or damaged after it was opened) are never served: the file itself is read instead.
 * It is its own snapshot entry (`record` is itself): one object per file, not two. Its stamp stays
 * text until compared (a restart Git vouches for never compares one).
 */
export class SnapshotRecord implements FileRecord {
  readonly file: string;
  readonly uid: string;
  readonly documentId: string;
  readonly locale: string | null;
  readonly draft: boolean;
  readonly createdAt: string | undefined;
  readonly updatedAt: string | undefined;
  readonly publishedAt: string | null | undefined;
  mtimeMs: number;
  #data: Data | undefined;
  /** The open snapshot and where this record's JSON lies in it (three numbers, not an object each). */
  #fields: FieldsFile | undefined;
  readonly #offset: number;
  readonly #length: number;
  readonly #crc: number;
  readonly #reread: Reread;
  readonly hash: string | undefined;
  readonly clean: boolean;
  #stamp: FileStamp | string;

  constructor(fields: Omit<FileRecord, 'data'>, source: FieldsFile, at: FieldsAt, reread: Reread, state: StoredState) {
    this.file = fields.file;
    this.uid = fields.uid;
    this.documentId = fields.documentId;
    this.locale = fields.locale;
    this.draft = fields.draft;
    this.createdAt = fields.createdAt;
    this.updatedAt = fields.updatedAt;
    this.publishedAt = fields.publishedAt;
    this.mtimeMs = fields.mtimeMs;
    this.#fields = source;
    this.#offset = at.offset;
    this.#length = at.length;
    this.#crc = at.crc;
    this.#reread = reread;
    this.#stamp = state.stamp;
    this.hash = state.hash;
    this.clean = state.clean;
  }

  /** As a snapshot entry: the record is itself. */
  get record(): this {
    return this;
  }

  get stamp(): FileStamp {
    if (typeof this.#stamp === 'string') {
      // Anything but a number is NaN, which no file's stamp equals: the file is then read, never trusted.
      const [size, mtimeMs, ctimeMs, ino] = this.#stamp.split('\t').map((text) => (text === '' ? NaN : Number(text)));
      this.#stamp = { size, mtimeMs, ctimeMs, ino };
    }
    return this.#stamp;
  }

  get data(): Data {
    if (this.#data === undefined) {
      const text = this.#fields!.text(this.#offset, this.#length, this.#crc);
      this.#data = (text === undefined ? undefined : parseFields(text)) ?? this.#reread(this.file);
      this.#letGo();
    }
    return this.#data;
  }

  set data(value: Data) {
    this.#data = value;
    this.#letGo();
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

  #letGo(): void {
    this.#fields?.done();
    this.#fields = undefined;
  }
}

/** Has nobody read this record's fields yet? (Its rows can then wait too.) */
export const isUnparsed = (record: FileRecord): boolean => record instanceof SnapshotRecord && record.unparsed;

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
