import type { Model } from '../schema/types.js';
import { folderOf } from './content-path.js';
import { deferrable as filesMayWait, type VersionsView } from './deferrable.js';
import { rowIdsInParts } from './kept-ids.js';
import type { FileRecord } from './read-file.js';
import { isUnparsed } from './snapshot/snapshot-record.js';

/** One type's records, waiting for the type's first use (made then); `folder` is the `content/<folder>/` all its files lie under. */
interface PendingType {
  folder: string;
  records: () => FileRecord[];
}

/**
 * A whole type's files kept from the snapshot without a record each (snapshot/column-run.ts): the records are made
 * when the type is built, and whether it may wait is answered from the snapshot's columns.
 */
export interface WaitingRun {
  uid: string;
  /** `content/<folder>/`. */
  folder: string;
  records(): FileRecord[];
  deferrable(model: Model): boolean;
}

/** A start's records and whole-type runs, in file order. */
export type LoadedFiles = (FileRecord | WaitingRun)[];

const isRun = (item: FileRecord | WaitingRun): item is WaitingRun => typeof (item as Partial<WaitingRun>).deferrable === 'function';


/**
 * Types whose rows are not built yet: a start (a restart from the snapshot, or a cold start whose JSON files were kept
 * as checked text) keeps each type's records, or its run of the snapshot's columns, and builds the type's documents,
 * rows and lookups when something first reads or changes the type (or one of its files). At a million documents that is most of a restart's work and most
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

  /** Keep one type's records (sorted by file) until the type is first used when it may `wait`, else build them now. */
  addOrBuild(uid: string, files: FileRecord[] | WaitingRun, wait: boolean): void {
    const records = Array.isArray(files) ? () => files : () => files.records();
    if (wait) this.#types.set(uid, { folder: Array.isArray(files) ? folderOf(files[0].file) : files.folder, records });
    else this.buildRecords(records());
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
    this.buildRecords(pending.records());
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

/** Records by type, each type's in their order, the types in the order they first come (a run is a whole type). */
export function groupByType(files: LoadedFiles): Map<string, FileRecord[] | WaitingRun> {
  const byType = new Map<string, FileRecord[] | WaitingRun>();
  for (const item of files) {
    const list = byType.get(item.uid);
    // A run is all of its type's files: the same type never comes file by file as well.
    if (list && (isRun(item) || !Array.isArray(list))) throw new Error(`index load: ${item.uid} came whole and file by file`);
    if (isRun(item)) byType.set(item.uid, item);
    else if (Array.isArray(list)) list.push(item);
    else byType.set(item.uid, [item]);
  }
  return byType;
}

/** Made records as the deferrable check reads them. */
const recordsView = (model: Model, records: FileRecord[]): VersionsView => ({
  length: records.length,
  locale: (i) => records[i].locale,
  draft: (i) => records[i].draft,
  sameDocumentAsPrevious: (i) => records[i].documentId === records[i - 1].documentId,
  unparsed: (i) => isUnparsed(records[i]),
  // The type's `uid|` hashed once, each documentId fed as it is (no key string per row).
  rowId: rowIdsInParts(model, (i) => records[i].documentId, (i) => records[i].locale, (i, hash) => {
    hash.text(records[i].documentId);
    return true;
  }),
});

/** May this type's files (records, or a run of the snapshot's columns) wait for the type's first use? See `deferrable.ts`. */
export const deferrable = (model: Model, files: FileRecord[] | WaitingRun): boolean =>
  Array.isArray(files) ? filesMayWait(model, recordsView(model, files)) : files.deferrable(model);
