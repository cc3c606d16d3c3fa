import type { CmsConfig } from '../config/types.js';
import { FileError } from '../errors.js';
import type { Model, Models } from '../schema/types.js';
import type { Row } from '../types.js';
import { buildDocumentRows } from './build-rows.js';
import { DocumentTable } from './document-table.js';
import { servedRecords, splitDuplicates } from './duplicate-files.js';
import { Followers } from './followers.js';
import { LinkHolders } from './link-holders.js';
import { deferrable, groupByType, PendingTypes, type LoadedFiles } from './pending-types.js';
import { RecordBook } from './record-book.js';
import { RowsById } from './rows-by-id.js';
import { DerivedCache } from './derived-cache.js';
import { readAhead } from './snapshot/snapshot-record.js';
import { compareCreation, followInCreationOrder, matchesScope, type RowScope } from './row-order.js';
import { scopedRowList } from './scoped-rows.js';
import type { FileRecord } from './read-file.js';
import { TypeDependencies } from './type-dependencies.js';
import { samePublishedRows, TypeVersions } from './type-versions.js';
import { UniqueValues, type ValueScope } from './unique-values.js';

export { compareCreation, matchesScope, type RowScope } from './row-order.js';

/**
 * The in-memory index: file records → rows, with the lookups queries need. Updated file by file,
 * so a reindex after `git pull` only re-reads what changed.
 */
export class ContentIndex {
  readonly models: Models;
  readonly config: CmsConfig;
  /** Malformed files, by path: reported, skipped, and served again once fixed. */
  get problems(): Map<string, FileError> { return this.fileProblems; }
  /** Bumped on every change, a followed store's (users) included: those are caught up first. */
  get version(): number { this.followers.catchUpAll(); return this.changes; }
  /** Which types an answer about a type reads, and which types' answers a change of a type can alter. */
  readonly dependencies: TypeDependencies;
  private readonly fileProblems = new Map<string, FileError>();
  private changes = 0;
  /** Bumped per type on every change of its rows (and of its published rows): answers that read other types only stay valid. */
  private readonly versions = new TypeVersions();
  private readonly records = new RecordBook();
  private readonly documents = new DocumentTable<Row[]>();
  /** Types a restart has not built yet (see PendingTypes): built on their first use. */
  readonly waiting = new PendingTypes((records) => this.addDocuments(records));
  private sortedRows = new Map<string, Row[]>();
  /** Rows by id (built on first use), stored in the table's order. */
  private readonly byId = new RowsById(() => [...this.documents.values()].flat(), (problem) => this.reportProblem(problem));
  /** Derived data per type it was derived for (dropped when a type it reads changes). */
  private readonly derived = new DerivedCache();
  private readonly uniqueValues = new UniqueValues();
  private readonly links = new LinkHolders(compareCreation);
  private times: Map<string, string> | undefined;
  /** Types whose rows follow another store (users): brought up to date before they are read. */
  private readonly followers = new Followers();

  /** (A view over another index, such as a branch's, passes that index's dependencies: they are the models'.) */
  constructor(models: Models, config: CmsConfig, dependencies = new TypeDependencies(models)) {
    this.models = models;
    this.config = config;
    this.dependencies = dependencies;
  }

  /** `git.timestampsFromHistory`: when each file last changed (commits, then this server's writes). */
  get fileTimes(): Map<string, string> | undefined { return this.times; }
  set fileTimes(times: Map<string, string> | undefined) { this.times = times; }

  /** The rows of `uid` follow another store (users): `sync` runs before they are read, with `setRecord` / `removeRecord`. */
  follow(uid: string, sync: () => void): void {
    this.followers.set(uid, sync);
    this.followers.catchUp(uid);
  }

  /** A type's version: changes whenever one of its rows does (see `dependencies` for what an answer reads). */
  versionOf(uid: string): number { this.followers.catchUp(uid); return this.versions.of(uid); }

  /** A type's published version: changes whenever its published rows do (a draft's write leaves it). */
  publishedVersionOf(uid: string): number { this.followers.catchUp(uid); return this.versions.publishedOf(uid); }

  model(uid: string): Model {
    const model = this.models.get(uid);
    if (!model) throw new Error(`unknown model ${uid}`);
    return model;
  }

  /** Add or replace one file's record and rebuild its document's rows. */
  setRecord(record: FileRecord): void {
    this.waiting.buildUnder(record.file);
    this.waiting.build(record.uid);
    const previous = this.records.set(record);
    this.problems.delete(record.file);
    const moved = previous && (previous.uid !== record.uid || previous.documentId !== record.documentId);
    if (moved) this.rebuildDocument(previous.uid, previous.documentId);
    this.rebuildDocument(record.uid, record.documentId);
  }

  /**
   * Add many records at once (start-up), type by type in the order types first come (kept in the table: the first row
   * stored with an id is the one `rowById` answers). With `defer` (the start-up load, cold or from the snapshot), a type that can wait
   * (`deferrable`) is built on its first use; not with file times from history (rows take them as they are at load).
   * A whole type may come as a run of the snapshot's columns (`WaitingRun`): its records are made when it is built.
   */
  addRecords(records: LoadedFiles, defer = false): void {
    const byType = groupByType(records);
    for (const uid of byType.keys()) this.documents.reserve(uid);
    for (const [uid, list] of byType) this.waiting.addOrBuild(uid, list, defer && !this.fileTimes && deferrable(this.model(uid), list));
    this.byId.checkAfterLoad();
    this.sortedRows.clear();
    this.uniqueValues.clear();
    this.links.clear();
    this.changed(byType.keys());
  }

  /** Rows once per document: its files are neighbours in a sorted listing (one met again later is rebuilt). */
  private addDocuments(records: FileRecord[]): void {
    for (let start = 0; start < records.length;) {
      const { uid, documentId } = records[start];
      let end = start + 1;
      while (end < records.length && records[end].documentId === documentId && records[end].uid === uid) end++;
      const group = records.slice(start, end);
      if (this.records.addDocument(uid, documentId, group)) {
        this.rebuildDocument(uid, documentId);
      } else {
        const rows = buildDocumentRows(this.model(uid), servedRecords(this.problems, group), this.config, this.fileTimes);
        this.storeRows(uid, documentId, rows);
      }
      start = end;
    }
  }

  /** Forget a file (deleted, or now malformed). */
  removeRecord(file: string): void {
    this.waiting.buildUnder(file);
    const previous = this.records.delete(file);
    if (previous) this.rebuildDocument(previous.uid, previous.documentId);
  }

  reportProblem(problem: FileError): void { this.problems.set(problem.file, problem); }

  record(file: string): FileRecord | undefined {
    this.waiting.buildUnder(file);
    return this.records.get(file);
  }

  /** Indexed files under a folder prefix such as `content/articles/`. */
  files(prefix: string): string[] {
    this.waiting.buildUnder(prefix);
    return [...this.records.files()].filter((file) => file.startsWith(prefix));
  }

  /** Files with a reported problem under a folder prefix. */
  problemFiles(prefix: string): string[] { return [...this.problems.keys()].filter((file) => file.startsWith(prefix)); }

  /** The served records of a document (every locale and status, one file each), for writers and validators. */
  documentRecords(uid: string, documentId: string): FileRecord[] {
    const records = this.fileRecords(uid, documentId);
    return records.length < 2 ? records : splitDuplicates(records).served;
  }

  /** Every file of a document as indexed, duplicates included (a view over this index builds its rows from them). */
  fileRecords(uid: string, documentId: string): FileRecord[] {
    this.waiting.build(uid);
    return this.records.ofDocument(uid, documentId);
  }

  /** Every row of a type in creation order (cached per version). */
  rows(uid: string): Row[] {
    this.followers.catchUp(uid);
    this.waiting.build(uid);
    let rows = this.sortedRows.get(uid);
    if (!rows) {
      rows = [];
      for (const documentRows of this.documents.valuesOf(uid)) for (const row of documentRows) rows.push(row);
      rows.sort(compareCreation);
      this.sortedRows.set(uid, rows);
    }
    return rows;
  }

  /** Rows a read sees for a scope, in creation order. */
  scopedRows(uid: string, scope: RowScope): Row[] {
    this.followers.catchUp(uid);
    const model = this.model(uid);
    // A document's change is spliced in (scoped-rows.ts): the next read does not filter every row again.
    return this.cached(uid, `scoped|${scope.status}|${scope.locale}`, () => scopedRowList(model, this.rows(uid), scope));
  }

  /**
   * Documents whose rows in `locale` (published ones, or every version) hold `value` for `name` (unique checks, uids), from
   * lookups kept in step with changes, built reading only the rows they cover (not every version's fields: 0.9 GB at 1M).
   */
  valueHolders(uid: string, name: string, locale: string | null, scope: ValueScope, value: unknown): ReadonlySet<string> {
    return this.uniqueValues.holders(uid, name, locale, scope, value, (keep) => this.everyRow(uid, keep));
  }

  /**
   * The rows of `uid` (every locale and status) whose owning relation `name` links `targetId`, in
   * creation order: what a write that links or unlinks a target asks, from a lookup kept in step
   * with each change. The list is the index's own: read it, never keep or change it.
   */
  linkingRows(uid: string, name: string, targetId: string): readonly Row[] {
    return this.links.holders(uid, name, targetId, () => this.everyRow(uid));
  }

  /** Every row of a type (those `keep` keeps), in any order (no creation-order sort for it), their fields read ahead. */
  private everyRow(uid: string, keep?: (row: Row) => boolean): readonly Row[] {
    this.waiting.build(uid);
    const rows = this.sortedRows.get(uid) ?? [...this.documents.valuesOf(uid)].flat();
    return this.readAhead(keep ? rows.filter(keep) : rows);
  }

  /**
   * Rows whose fields are all about to be read (a sorted list, a unique lookup): fields still in the
   * snapshot are read in large blocks first, not one `pread` per row. Returns the rows.
   */
  readAhead(rows: Iterable<Row>): readonly Row[] {
    const list = Array.isArray(rows) ? (rows as readonly Row[]) : [...rows];
    readAhead(list.map((row) => this.records.get(row.file)));
    return list;
  }

  /** Holds a write's uid and unique values until its file is indexed (see UniqueValues.hold); returns the release. */
  holdValues(
    uid: string, documentId: string, locale: string | null, published: boolean, values: [name: string, value: unknown][],
  ): () => void {
    this.waiting.build(uid);
    return this.uniqueValues.hold(uid, documentId, locale, published, values);
  }

  /** A single type's document: its first by creation (a single type has one), if any. */
  singleDocumentId(uid: string): string | undefined {
    return this.rows(uid)[0]?.documentId;
  }

  documentRows(uid: string, documentId: string): Row[] {
    this.followers.catchUp(uid);
    this.waiting.build(uid);
    return this.documents.get(uid, documentId) ?? [];
  }

  /** The row of a document that a scope sees, if any. */
  findRow(uid: string, documentId: string, scope: RowScope): Row | undefined {
    const model = this.model(uid);
    return this.documentRows(uid, documentId).find((row) => matchesScope(model, row, scope));
  }

  rowById(id: number): Row | undefined {
    // Rows stored by id while types waited go in again in the table's order (the first stored with an id answers).
    if (this.waiting.buildAll()) this.byId.forget();
    return this.byId.get(id);
  }

  hasDocument(uid: string, documentId: string): boolean {
    this.waiting.build(uid);
    return this.documents.has(uid, documentId);
  }

  /**
   * Memoise data derived for type `uid` (reverse relation maps, scoped and sorted lists) until a
   * type it reads changes: a write to one type keeps what was derived for unrelated types.
   */
  cached<T>(uid: string, key: string, compute: () => T): T {
    this.followers.catchUp(uid);
    return this.derived.get(uid, key, compute);
  }

  private rebuildDocument(uid: string, documentId: string): void {
    const before = this.documents.get(uid, documentId) ?? [];
    this.byId.remove(before);
    const records = servedRecords(this.problems, this.records.ofDocument(uid, documentId));
    if (records.length === 0) this.documents.delete(uid, documentId);
    else this.storeRows(uid, documentId, buildDocumentRows(this.model(uid), records, this.config, this.fileTimes));
    const after = this.documents.get(uid, documentId) ?? [];
    // The creation-ordered rows follow the change, or are dropped when they cannot.
    const sorted = this.sortedRows.get(uid);
    if (sorted && !followInCreationOrder(sorted, before, after)) this.sortedRows.delete(uid);
    this.uniqueValues.update(before, after);
    this.links.update(before, after);
    this.changed([uid], { removed: before, added: after });
  }

  /** Register a document's rows (an id that collides with another row's is reported). */
  private storeRows(uid: string, documentId: string, rows: Row[]): void {
    this.byId.store(rows);
    this.documents.set(uid, documentId, rows);
  }

  /**
   * Rows of these types changed: what was derived for any type that reads them is stale. Given the
   * one document's rows before and after, what was derived for that type itself and can follow the
   * change in place (`Patchable`) is patched instead.
   */
  private changed(uids: Iterable<string>, change?: { removed: readonly Row[]; added: readonly Row[] }): void {
    for (const uid of uids) {
      this.followers.catchUp(uid);
      this.versions.bump(uid, change !== undefined && samePublishedRows(change.removed, change.added));
      for (const reader of this.dependencies.readersOf(uid)) this.derived.changed(reader, reader === uid ? change : undefined);
    }
    this.changes++;
  }
}
