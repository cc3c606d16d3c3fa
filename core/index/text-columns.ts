import type { Model } from '../schema/types.js';
import { folderOf } from './content-path.js';
import { deferrable } from './deferrable.js';
import { rowIdsInParts } from './kept-ids.js';
import type { WaitingRun } from './pending-types.js';
import type { FileRecord } from './read-file.js';
import { isUnparsed } from './snapshot/snapshot-record.js';
import { stampOf, stampText } from './stamp-column.js';
import { TextRecord } from './text-record.js';
import type { KeptText, TextSlab } from './text-slab.js';

/** Where a file's documentId lies in its path: the file name up to its first dot (`<documentId>[.<locale>][.draft].json`). */
function idRange(file: string): [start: number, end: number] {
  const start = file.lastIndexOf('/') + 1;
  return [start, file.indexOf('.', start)];
}

const grown = <T extends Float64Array | Uint8Array>(array: T, make: (length: number) => T): T => {
  const bigger = make(array.length * 2);
  bigger.set(array);
  return bigger;
};

/**
 * One type's files as a cold start read them, kept as columns rather than a record each: the path (the listing's own
 * string), the locale and kind as small numbers, the three timestamps and the modification time as numbers, and where
 * the checked text lies in the slab. Each file's record (a `TextRecord`) is made when the type is built, as a restart's
 * `ColumnRun` makes its records; whether the type may wait is answered from the columns (deferrable.ts). At load, a
 * file then leaves no object and no string of its own behind for the collector to copy, where a record, its documentId
 * and its timestamps outlived the young generation, file after file.
 *
 * A file the columns cannot hold (a YAML or Markdown file, a record that keeps no text, a timestamp that is not in
 * `toISOString()` form) keeps its record, in its place; such a type is built at load, as before (it is not `deferrable`
 * unless the record is an unread one).
 *
 * @example
 * const columns = new TextColumns('api::article.article', slab); columns.add(record, slab.keep(text)); columns.records()
 */
export class TextColumns implements WaitingRun {
  readonly #files: string[] = [];
  /** Locales by number (`#locale` holds numbers into it): a type has few. */
  readonly #locales: (string | null)[] = [];
  #locale = new Uint8Array(64);
  #draft = new Uint8Array(64);
  /** Is file `i` of the same document as file `i - 1` (1), and the documentId of the file added last. */
  #same = new Uint8Array(64);
  #lastId = '';
  /** Per file: createdAt, updatedAt, publishedAt, mtimeMs, then the text's start and end in the slab. */
  #numbers = new Float64Array(64 * 6);
  /** Records kept whole, by their place. */
  readonly #whole = new Map<number, FileRecord>();
  #made: FileRecord[] | undefined;

  constructor(readonly uid: string, private readonly slab: TextSlab) {}

  get length(): number {
    return this.#files.length;
  }

  /** `content/<folder>/`, every file's. */
  get folder(): string {
    return folderOf(this.#files[0]);
  }

  /** Add the next file (in listing order): its checked record, and where its text is kept (undefined: kept whole). */
  add(record: FileRecord, kept?: KeptText): void {
    const at = this.#files.length;
    this.#files.push(record.file);
    if (at === this.#draft.length) {
      this.#same = grown(this.#same, (n) => new Uint8Array(n));
      this.#locale = grown(this.#locale, (n) => new Uint8Array(n));
      this.#draft = grown(this.#draft, (n) => new Uint8Array(n));
      this.#numbers = grown(this.#numbers, (n) => new Float64Array(n));
    }
    // A file written once has one timestamp three times (one string, see `readContentFile`): read as a number once.
    const created = stampOf(record.createdAt);
    const updated = record.updatedAt === record.createdAt ? created : stampOf(record.updatedAt);
    const published = record.publishedAt === record.updatedAt ? updated : stampOf(record.publishedAt);
    this.#same[at] = at > 0 && record.documentId === this.#lastId ? 1 : 0;
    this.#lastId = record.documentId;
    let locale = this.#locales.indexOf(record.locale);
    if (locale < 0 && this.#locales.length < 255) locale = this.#locales.push(record.locale) - 1;
    if (!kept || created === undefined || updated === undefined || published === undefined || locale < 0) {
      this.#whole.set(at, kept ? new TextRecord(record, kept, this.slab) : record);
      return;
    }
    this.#locale[at] = locale;
    this.#draft[at] = record.draft ? 1 : 0;
    const numbers = this.#numbers;
    numbers[at * 6] = created;
    numbers[at * 6 + 1] = updated;
    numbers[at * 6 + 2] = published;
    numbers[at * 6 + 3] = record.mtimeMs;
    numbers[at * 6 + 4] = kept.start;
    numbers[at * 6 + 5] = kept.end;
  }

  /** The files' records, in order (made on first ask, the same ones after). */
  records(): FileRecord[] {
    if (this.#made) return this.#made;
    const made = new Array<FileRecord>(this.length);
    for (let at = 0; at < made.length; at++) made[at] = this.#whole.get(at) ?? this.#record(at);
    this.#made = made;
    return made;
  }

  #record(at: number): FileRecord {
    const file = this.#files[at];
    const [idStart, idEnd] = idRange(file);
    const numbers = this.#numbers.subarray(at * 6, at * 6 + 6);
    const createdAt = stampText(numbers[0]) as string | undefined;
    const updatedAt = stampText(numbers[1], { ms: numbers[0], text: createdAt }) as string | undefined;
    const publishedAt = stampText(numbers[2], { ms: numbers[1], text: updatedAt });
    return new TextRecord({
      file, uid: this.uid, documentId: file.slice(idStart, idEnd), locale: this.#locales[this.#locale[at]], draft: this.#draft[at] === 1,
      createdAt, updatedAt, publishedAt, mtimeMs: numbers[3],
    }, { start: numbers[4], end: numbers[5] }, this.slab);
  }

  deferrable(model: Model): boolean {
    if (this.#made) return deferrable(model, { ...this.#view(model), unparsed: (i) => isUnparsed(this.#made![i]) });
    return deferrable(model, this.#view(model));
  }

  /** The columns as the waiting check reads them; a documentId compared and hashed where it lies in its path. */
  #view(model: Model) {
    const whole = this.#whole;
    const files = this.#files;
    const locale = (i: number) => (whole.has(i) ? whole.get(i)!.locale : this.#locales[this.#locale[i]]);
    const documentId = (i: number) => (whole.has(i) ? whole.get(i)!.documentId : files[i].slice(...idRange(files[i])));
    return {
      length: files.length,
      locale,
      draft: (i: number) => (whole.has(i) ? whole.get(i)!.draft : this.#draft[i] === 1),
      sameDocumentAsPrevious: (i: number) => this.#same[i] === 1,
      unparsed: (i: number) => !whole.has(i) || isUnparsed(whole.get(i)!),
      rowId: rowIdsInParts(model, documentId, locale, (i, hash) => {
        if (whole.has(i)) hash.text(whole.get(i)!.documentId);
        else for (let [c, end] = idRange(files[i]); c < end; c++) hash.code(files[i].charCodeAt(c));
        return true;
      }),
    };
  }
}
