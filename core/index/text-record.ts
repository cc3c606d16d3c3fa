import type { Data } from '../types.js';
import { checkedJsonFields, type FileRecord } from './read-file.js';
import type { TextSlab } from './text-slab.js';

/**
 * A JSON content file read and checked at load whose fields are parsed again on first read: a cold
 * start keeps the file's text outside the heap (a `TextSlab`) rather than the tree of objects its
 * parse makes, which every young-generation collection would copy object by object (the limit,
 * reading and parsing the files, lets each parse die young). The text was checked at load (a
 * malformed file never becomes a record), so the second parse only takes the fields out
 * (`checkedJsonFields`), and cannot fail; once parsed, the text is let go.
 */
export class TextRecord implements FileRecord {
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
  /** The buffer holding the file's text (see `TextSlab`), and where the text lies in it. */
  #bytes: Buffer | undefined;
  readonly #start: number;
  readonly #end: number;

  constructor(checked: Omit<FileRecord, 'data'>, text: string, slab: TextSlab) {
    this.file = checked.file;
    this.uid = checked.uid;
    this.documentId = checked.documentId;
    this.locale = checked.locale;
    this.draft = checked.draft;
    this.createdAt = checked.createdAt;
    this.updatedAt = checked.updatedAt;
    this.publishedAt = checked.publishedAt;
    this.mtimeMs = checked.mtimeMs;
    const kept = slab.append(text);
    this.#bytes = kept.bytes;
    this.#start = kept.start;
    this.#end = kept.end;
  }

  get data(): Data {
    if (this.#data === undefined) {
      this.#data = this.#parse();
      this.#bytes = undefined;
    }
    return this.#data;
  }

  set data(value: Data) {
    this.#data = value;
    this.#bytes = undefined;
  }

  /** Nobody has read the fields yet. */
  get unparsed(): boolean {
    return this.#bytes !== undefined;
  }

  /** The fields as compact JSON (what the index snapshot stores), without keeping them parsed. */
  get unparsedText(): string | undefined {
    return this.#bytes === undefined ? undefined : JSON.stringify(this.#parse());
  }

  #parse(): Data {
    return checkedJsonFields(this.#bytes!.toString('utf8', this.#start, this.#end));
  }
}
