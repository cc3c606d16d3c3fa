import type { Data } from '../../types.js';
import type { FileRecord } from '../read-file.js';

/** Read a file's fields from the file itself: what a snapshot record falls back to if its text fails to parse. */
export type Reread = (file: string) => Data;

/**
 * A record restored from the index snapshot whose fields stay compact JSON bytes until first read:
 * a restart does not parse (or hold as objects) the documents no request has touched yet. Once
 * parsed, the bytes are let go (the snapshot's buffer is freed once no record holds it).
 * Bytes that do not parse (a snapshot damaged inside a line, which
 * the load-time checks cannot see) is never served: the file itself is read instead.
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
  /**
   * The snapshot's bytes (outside the JS heap, so no GC copies them) and where this record's JSON
   * lies in them: two numbers rather than a Buffer view per record, which would cost an object each.
   */
  #bytes: Buffer | undefined;
  readonly #start: number;
  readonly #end: number;
  readonly #reread: Reread;

  constructor(fields: Omit<FileRecord, 'data'>, bytes: Buffer, start: number, end: number, reread: Reread) {
    this.file = fields.file;
    this.uid = fields.uid;
    this.documentId = fields.documentId;
    this.locale = fields.locale;
    this.draft = fields.draft;
    this.createdAt = fields.createdAt;
    this.updatedAt = fields.updatedAt;
    this.publishedAt = fields.publishedAt;
    this.mtimeMs = fields.mtimeMs;
    this.#bytes = bytes;
    this.#start = start;
    this.#end = end;
    this.#reread = reread;
  }

  get data(): Data {
    if (this.#data === undefined) {
      this.#data = parseFields(this.#bytes!.toString('utf8', this.#start, this.#end)) ?? this.#reread(this.file);
      this.#bytes = undefined;
    }
    return this.#data;
  }

  set data(value: Data) {
    this.#data = value;
    this.#bytes = undefined;
  }

  /** The fields as the snapshot holds them (compact JSON), while nothing has read them. */
  get unparsedText(): string | undefined {
    return this.#bytes?.toString('utf8', this.#start, this.#end);
  }

  /** Nobody has read the fields yet. */
  get unparsed(): boolean {
    return this.#bytes !== undefined;
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
