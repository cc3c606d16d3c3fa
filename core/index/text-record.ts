import type { Data } from '../types.js';
import { LazyRecord } from './lazy-record.js';
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
export class TextRecord extends LazyRecord {
  /** The buffer holding the file's text (see `TextSlab`), and where the text lies in it. */
  #bytes: Buffer | undefined;
  readonly #start: number;
  readonly #end: number;

  constructor(checked: Omit<FileRecord, 'data'>, text: string, slab: TextSlab) {
    super(checked);
    // The bytes the text was read from, when it was read into the slab (see `TextSlab.readFile`).
    const kept = slab.keep(text);
    this.#bytes = kept.bytes;
    this.#start = kept.start;
    this.#end = kept.end;
  }

  protected readFields(): Data {
    return this.#parse();
  }

  protected letGo(): void {
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
