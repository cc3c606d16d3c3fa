import type { FileError } from '../errors.js';
import type { Row } from '../types.js';
import { ContentIndex, matchesScope, type RowScope } from './content-index.js';
import { DuplicateFileError } from './duplicate-files.js';
import { LayeredMap } from './layered-map.js';
import { documentOfFile, OverlayDocuments } from './overlay-documents.js';
import { firstInCreationOrder, linkedIds, mergeInCreationOrder, sameValue, StampedCache } from './overlay-lists.js';
import type { FileRecord } from './read-file.js';
import { readAhead } from './snapshot/snapshot-record.js';
import { UniqueValues, type ValueScope } from './unique-values.js';

/**
 * A branch's view of the content: the base index plus an overlay of the files the branch changed
 * (records added or replaced, base files removed). Every read answers as a full ContentIndex holding
 * the base's records with the overlay applied would; `setRecord`/`removeRecord` change the overlay
 * only, and a change of the base is seen at once. The view holds the overlay and what it derives
 * from it, never a copy of the base's rows: a type the overlay leaves alone (with every type its
 * answers read) is answered by the base itself, its derived data included.
 *
 * @example
 * const view = new BranchIndex(cms.index);
 * view.resetOverlay(records, ['content/articles/old.json']);
 * view.scopedRows('api::article.article', { status: 'draft', locale: 'en' })
 */
export class BranchIndex extends ContentIndex {
  readonly base: ContentIndex;
  private readonly overlay: OverlayDocuments;
  private readonly ownProblems: LayeredMap<string, FileError>;
  private readonly layeredTimes: LayeredMap<string, string>;
  private ownTimes: Map<string, string> | undefined;
  /** Bumped per type on each overlay change (never reset: a view's versions only grow). */
  private readonly overlayVersions = new Map<string, number>();
  private overlayChanges = 0;
  private readonly derivedHere = new StampedCache();
  /** Values this view's writes hold until their files are indexed (the base's lookups are the base's). */
  private readonly held = new UniqueValues();

  constructor(base: ContentIndex) {
    super(base.models, base.config, base.dependencies);
    this.base = base;
    this.ownProblems = new LayeredMap(() => base.problems, (file, problem) => this.hidesProblem(file, problem));
    this.layeredTimes = new LayeredMap(() => base.fileTimes, () => false);
    this.overlay = new OverlayDocuments(base, this.ownProblems, () => this.fileTimes, base.config);
  }

  override get problems(): Map<string, FileError> {
    // A touched document's duplicates are worked out when its rows are: current before they are listed.
    for (const uid of this.overlay.touched.keys()) for (const _ of this.overlay.documentsOf(uid));
    return this.ownProblems;
  }

  override get version(): number {
    return this.base.version + this.overlayChanges;
  }

  override get fileTimes(): Map<string, string> | undefined {
    return this.ownTimes ?? (this.base.fileTimes ? this.layeredTimes : undefined);
  }

  override set fileTimes(times: Map<string, string> | undefined) {
    this.ownTimes = times;
  }

  override versionOf(uid: string): number {
    return this.base.versionOf(uid) + (this.overlayVersions.get(uid) ?? 0);
  }

  /** The base's published version, moved by any change of the overlay's rows of the type (drafts included). */
  override publishedVersionOf(uid: string): number {
    return this.base.publishedVersionOf(uid) + (this.overlayVersions.get(uid) ?? 0);
  }

  /** The overlay: each file the branch changed → its record, or null where the branch removed it. */
  overlayFiles(): Map<string, FileRecord | null> {
    const files = new Map<string, FileRecord | null>(this.overlay.records);
    for (const file of this.overlay.removed) files.set(file, null);
    return files;
  }

  /** Replace the overlay (a reload of the branch): these records, and these base files removed. Problems reported before are dropped. */
  resetOverlay(records: Iterable<FileRecord>, removed: Iterable<string>): void {
    const before = [...this.overlay.touched.keys()];
    this.overlay.forget();
    this.ownProblems.reset();
    this.derivedHere.clear();
    for (const record of records) {
      this.overlay.records.set(record.file, record);
      this.overlay.touch(record.uid, record.documentId, record.file);
    }
    for (const file of removed) {
      if (this.overlay.records.has(file)) continue;
      this.overlay.removed.add(file);
      const document = documentOfFile(this.models, file) ?? this.base.record(file);
      if (document) this.overlay.touch(document.uid, document.documentId, file);
    }
    this.bump(new Set([...before, ...this.overlay.touched.keys()]));
  }

  override setRecord(record: FileRecord): void {
    const previous = this.record(record.file);
    this.overlay.records.set(record.file, record);
    this.overlay.removed.delete(record.file);
    this.ownProblems.delete(record.file);
    const uids = new Set([record.uid]);
    this.overlay.touch(record.uid, record.documentId, record.file);
    if (previous && (previous.uid !== record.uid || previous.documentId !== record.documentId)) {
      this.overlay.touch(previous.uid, previous.documentId, record.file);
      uids.add(previous.uid);
    }
    this.bump(uids);
  }

  override addRecords(records: FileRecord[]): void {
    for (const record of records) this.setRecord(record);
  }

  override removeRecord(file: string): void {
    const previous = this.record(file);
    this.overlay.records.delete(file);
    this.overlay.removed.add(file);
    const document = previous ?? documentOfFile(this.models, file);
    if (!document) return;
    this.overlay.touch(document.uid, document.documentId, file);
    if (previous) this.bump([document.uid]);
  }

  override reportProblem(problem: FileError): void {
    this.ownProblems.set(problem.file, problem);
  }

  override record(file: string): FileRecord | undefined {
    return this.overlay.records.get(file) ?? (this.overlay.removed.has(file) ? undefined : this.base.record(file));
  }

  override files(prefix: string): string[] {
    const files = this.base.files(prefix).filter((file) => !this.overlay.removed.has(file));
    for (const file of this.overlay.records.keys()) if (file.startsWith(prefix) && !this.base.record(file)) files.push(file);
    return files;
  }

  override problemFiles(prefix: string): string[] {
    return [...this.problems.keys()].filter((file) => file.startsWith(prefix));
  }

  override documentRecords(uid: string, documentId: string): FileRecord[] {
    const touched = this.overlay.document(uid, documentId);
    return touched ? touched.served! : this.base.documentRecords(uid, documentId);
  }

  override fileRecords(uid: string, documentId: string): FileRecord[] {
    const touched = this.overlay.document(uid, documentId);
    return touched ? touched.records! : this.base.fileRecords(uid, documentId);
  }

  override rows(uid: string): Row[] {
    if (!this.overlay.touches(uid)) return this.base.rows(uid);
    // Merged on each call, never kept (a list the size of the site per branch): the query engine reads the base's lists instead.
    return this.merged(uid, this.base.rows(uid), () => true);
  }

  override scopedRows(uid: string, scope: RowScope): Row[] {
    if (!this.overlay.touches(uid)) return this.base.scopedRows(uid, scope);
    const model = this.model(uid);
    return this.merged(uid, this.base.scopedRows(uid, scope), (row) => matchesScope(model, row, scope));
  }

  override valueHolders(uid: string, name: string, locale: string | null, scope: ValueScope, value: unknown): ReadonlySet<string> {
    const base = this.base.valueHolders(uid, name, locale, scope, value);
    const held = this.held.holders(uid, name, locale, scope, value, () => []);
    if (!this.overlay.touches(uid)) return held.size ? new Set([...base, ...held]) : base;
    const holders = new Set([...base].filter((documentId) => !this.overlay.isTouched(uid, documentId)));
    for (const row of this.overlay.rowsOf(uid)) {
      if ((scope === 'any' || row.status === 'published') && row.locale === locale && sameValue(row.data[name], value)) {
        holders.add(row.documentId);
      }
    }
    for (const documentId of held) holders.add(documentId);
    return holders;
  }

  override linkingRows(uid: string, name: string, targetId: string): readonly Row[] {
    const base = this.base.linkingRows(uid, name, targetId);
    if (!this.overlay.touches(uid)) return base;
    return mergeInCreationOrder(base, this.untouched, this.overlay.rowsOf(uid, (row) => linkedIds(row.data[name]).has(targetId)));
  }

  override readAhead(rows: Iterable<Row>): readonly Row[] {
    const list = Array.isArray(rows) ? (rows as readonly Row[]) : [...rows];
    readAhead(list.map((row) => this.record(row.file)));
    return list;
  }

  override holdValues(
    uid: string, documentId: string, locale: string | null, published: boolean, values: [name: string, value: unknown][],
  ): () => void {
    return this.held.hold(uid, documentId, locale, published, values);
  }

  override singleDocumentId(uid: string): string | undefined {
    if (!this.overlay.touches(uid)) return this.base.singleDocumentId(uid);
    return firstInCreationOrder(this.base.rows(uid), this.untouched, this.overlay.rowsOf(uid))?.documentId;
  }

  override documentRows(uid: string, documentId: string): Row[] {
    return this.overlay.document(uid, documentId)?.rows ?? this.base.documentRows(uid, documentId);
  }

  override findRow(uid: string, documentId: string, scope: RowScope): Row | undefined {
    const model = this.model(uid);
    return this.documentRows(uid, documentId).find((row) => matchesScope(model, row, scope));
  }

  override rowById(id: number): Row | undefined {
    for (const uid of this.overlay.touched.keys()) {
      for (const document of this.overlay.documentsOf(uid)) for (const row of document.rows!) if (row.id === id) return row;
    }
    const row = this.base.rowById(id);
    return row && this.untouched(row) ? row : undefined;
  }

  override hasDocument(uid: string, documentId: string): boolean {
    const touched = this.overlay.document(uid, documentId);
    return touched ? touched.rows!.length > 0 : this.base.hasDocument(uid, documentId);
  }

  /**
   * Derived data for a type: the base's own (shared, and patched as the base changes) when the
   * overlay touches no type its answers read; else this view's, kept while neither the base's nor
   * the overlay's version of any type it reads moves.
   */
  override cached<T>(uid: string, key: string, compute: () => T): T {
    const reads = this.dependencies.readsOf(uid);
    if (!reads.some((read) => this.overlay.touches(read))) return this.base.cached(uid, key, compute);
    let stamp = 0;
    for (const read of reads) stamp += this.versionOf(read);
    return this.derivedHere.get(uid, key, stamp, compute);
  }

  /** Does the overlay touch a document of this type (a query then reads the base's lists with `overlayDelta`)? */
  touches(uid: string): boolean {
    return this.overlay.touches(uid);
  }

  touchesDocument(uid: string, documentId: string): boolean {
    return this.overlay.isTouched(uid, documentId);
  }

  /**
   * How this view's rows of a type differ from the base's: the base's rows of the documents the
   * overlay touches (`removed`) and the view's rows of them (`added`). A query answers a branch from
   * the base's kept lists and these few rows, never a copy of the lists.
   */
  overlayDelta(uid: string): { removed: Row[]; added: Row[] } {
    const removed: Row[] = [];
    const added: Row[] = [];
    for (const document of this.overlay.documentsOf(uid)) {
      removed.push(...this.base.documentRows(uid, document.documentId));
      added.push(...document.rows!);
    }
    return { removed, added };
  }

  /** Is a row one of a document the overlay leaves alone? */
  private readonly untouched = (row: Row): boolean => !this.overlay.isTouched(row.uid, row.documentId);

  /** A base list of a type with the overlay's rows (those `keep` takes) in place of its touched documents'. */
  private merged(uid: string, base: readonly Row[], keep: (row: Row) => boolean): Row[] {
    return mergeInCreationOrder(base, this.untouched, this.overlay.rowsOf(uid, keep));
  }

  /** A base problem the overlay answers for: of a file it replaces, or a duplicate within a document it touches. */
  private hidesProblem(file: string, problem: FileError): boolean {
    if (this.overlay.replaces(file)) return true;
    if (!(problem instanceof DuplicateFileError)) return false;
    const record = this.base.record(file);
    return !!record && this.overlay.isTouched(record.uid, record.documentId);
  }

  private bump(uids: Iterable<string>): void {
    for (const uid of uids) this.overlayVersions.set(uid, (this.overlayVersions.get(uid) ?? 0) + 1);
    this.overlayChanges++;
  }
}
