import type { Data } from '../types.js';
import { LazyRecord } from './lazy-record.js';
import { checkedJsonFields, type FileRecord } from './read-file.js';
import type { KeptText, TextSlab } from './text-slab.js';

/**
 * A JSON content file read and checked at load whose fields are parsed again on first read: a cold
 * start keeps the file's text outside the heap (a `TextSlab`) rather than the tree of objects its
 * parse makes, which every young-generation collection would copy object by object (the limit,
 * reading and parsing the files, lets each parse die young). The text was checked at load (a
 * malformed file never becomes a record), so the second parse only takes the fields out
 * (`checkedJsonFields`), and cannot fail (short of a failing disk under the slab's scratch file); once parsed, the
 * text is let go.
 */
export class TextRecord extends LazyRecord {
  /** The slab holding the file's text (see `TextSlab`: in memory, or its scratch file), and where the text lies in it. */
  #slab: TextSlab | undefined;
  readonly #start: number;
  readonly #end: number;

  /** `text`: the file's text, kept now (see `TextSlab.keep`), or where it was kept already (a type's `TextColumns`). */
  constructor(checked: Omit<FileRecord, 'data'>, text: string | KeptText, slab: TextSlab) {
    super(checked);
    // The bytes the text was read from, when it was read into the slab (see `TextSlab.readFile`).
    const kept = typeof text === 'string' ? slab.keep(text) : text;
    this.#slab = slab;
    this.#start = kept.start;
    this.#end = kept.end;
  }

  protected readFields(): Data {
    return this.#parse();
  }

  protected letGo(): void {
    this.#slab = undefined;
  }

  /** Nobody has read the fields yet. */
  get unparsed(): boolean {
    return this.#slab !== undefined;
  }

  /** The fields as compact JSON (what the index snapshot stores), without keeping them parsed. */
  get unparsedText(): string | undefined {
    return this.#slab === undefined ? undefined : JSON.stringify(this.#parse());
  }

  /** Where the unread text lies in its slab (`readAhead` reads a type's texts in this order), else undefined. */
  get keptStart(): number | undefined {
    return this.#slab === undefined ? undefined : this.#start;
  }

  #parse(): Data {
    return checkedJsonFields(this.#slab!.text({ start: this.#start, end: this.#end }));
  }
}
