import type { Model } from '../schema/types.js';
import { documentRowIds } from './build-rows.js';
import type { FileRecord } from './read-file.js';
import { isUnparsed } from './snapshot/snapshot-record.js';

/** One type's records, waiting for the type's first use; `folder` is the `content/<folder>/` all its files lie under. */
interface PendingType {
  folder: string;
  records: FileRecord[];
}

/** `content/<folder>/` of a content path (a fan-out file's too). */
const folderOf = (file: string): string => file.slice(0, file.indexOf('/', file.indexOf('/') + 1) + 1);

/**
 * Types whose rows are not built yet: a restart keeps each type's records as they came from the
 * snapshot and builds the type's documents, rows and lookups when something first reads or changes
 * the type (or one of its files). At a million documents that is most of a restart's work and most
 * of what the collector copied, spent only for the types a process actually reads.
 *
 * A type waits only when its rows could not report anything at load: every record is still unread,
 * no document has two files for one version, and no two of its rows share an id (`deferrable`);
 * otherwise it is built at load, as always, and reports its problems there.
 *
 * @example
 * const pending = new PendingTypes(); new PendingTypes((records) => index.addDocuments(records)); pending.addOrBuild(uid, records, true); pending.build(uid)
 */
export class PendingTypes {
  readonly #types = new Map<string, PendingType>();

  /** `build` builds one type's documents from its records (the index's own start-up path). */
  constructor(private readonly buildRecords: (records: FileRecord[]) => void) {}

  /** Keep `records` (one type's, sorted by file) until the type is first used when it may `wait`, else build them now. */
  addOrBuild(uid: string, records: FileRecord[], wait: boolean): void {
    if (wait) this.#types.set(uid, { folder: folderOf(records[0].file), records });
    else this.buildRecords(records);
  }

  /** The types still waiting. */
  uids(): string[] {
    return [...this.#types.keys()];
  }

  /** Build `uid` now if it waits (before anything reads or changes it). */
  build(uid: string): void {
    if (this.#types.size === 0) return;
    const pending = this.#types.get(uid);
    if (!pending) return;
    this.#types.delete(uid);
    this.buildRecords(pending.records);
  }

  /** Build the waiting types with files under `prefix` (a file, or a folder such as `content/` or `content/articles/`). */
  buildUnder(prefix: string): void {
    for (const [uid, { folder }] of this.#types) if (folder.startsWith(prefix) || prefix.startsWith(folder)) this.build(uid);
  }

  /** Build every waiting type, in the order they came; returns whether any waited. */
  buildAll(): boolean {
    const any = this.#types.size > 0;
    for (const uid of this.#types.keys()) this.build(uid);
    return any;
  }
}

/** Records by type, each type's in their order, the types in the order they first come. */
export function groupByType(records: FileRecord[]): Map<string, FileRecord[]> {
  const byType = new Map<string, FileRecord[]>();
  for (const record of records) {
    const list = byType.get(record.uid);
    if (list) list.push(record);
    else byType.set(record.uid, [record]);
  }
  return byType;
}

/**
 * May a type's records wait for the type's first use? Only when building its rows now could report
 * nothing and read nothing: every record's fields still unread, one file per document version, and
 * no id shared by two rows (a collision, or a document whose files are not neighbours in the listing,
 * such as a flat file beside a fan-out one: both are then built at load and reported as always).
 * The ids are those the rows will have (`documentRowIds`), sorted in one typed array.
 */
export function deferrable(model: Model, records: FileRecord[]): boolean {
  // Ids are 53-bit numbers: a typed array holds them unboxed (two rows per file at most).
  const ids = new Float64Array(records.length * 2);
  let count = 0;
  for (let start = 0; start < records.length;) {
    const { documentId } = records[start];
    if (!isUnparsed(records[start])) return false;
    let end = start + 1;
    while (end < records.length && records[end].documentId === documentId) {
      if (!isUnparsed(records[end])) return false;
      end++;
    }
    const group = end - start === 1 ? [records[start]] : records.slice(start, end);
    if (group.length > 1 && hasTwoFilesForOneVersion(group)) return false;
    for (const id of documentRowIds(model, group)) ids[count++] = id;
    start = end;
  }
  const sorted = ids.subarray(0, count).sort();
  for (let i = 1; i < sorted.length; i++) if (sorted[i] === sorted[i - 1]) return false;
  return true;
}

/** Do two of a document's few files hold the same version (locale and kind)? What `splitDuplicates` would report. */
function hasTwoFilesForOneVersion(group: FileRecord[]): boolean {
  for (let i = 1; i < group.length; i++) {
    for (let j = 0; j < i; j++) if (String(group[i].locale) === String(group[j].locale) && group[i].draft === group[j].draft) return true;
  }
  return false;
}
