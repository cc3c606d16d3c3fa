import type { CmsConfig } from '../config/types.js';
import type { FileError } from '../errors.js';
import type { Models } from '../schema/types.js';
import type { Row } from '../types.js';
import { buildDocumentRows, type FileTimes } from './build-rows.js';
import type { ContentIndex } from './content-index.js';
import { DuplicateFileError, splitDuplicates } from './duplicate-files.js';
import { parseFileName } from './file-name.js';
import type { LayeredMap } from './layered-map.js';
import { modelForPath } from './load.js';
import type { FileRecord } from './read-file.js';

/** A document the overlay touches: its files there, and its rows in the view (built when first asked). */
export interface TouchedDocument {
  uid: string;
  documentId: string;
  /** The base's files of the document the rows were built with (rebuilt when the base's change). */
  baseRecords: readonly FileRecord[];
  /** The view's served records (duplicates left out) and its rows; undefined until first asked. */
  served: FileRecord[] | undefined;
  rows: Row[] | undefined;
}

/** The document a content file belongs to, by its path (as the loader names it), if it names one. */
export function documentOfFile(models: Models, file: string): { uid: string; documentId: string } | undefined {
  const model = modelForPath(models, file);
  const name = parseFileName(file.slice(file.lastIndexOf('/') + 1));
  return model && name ? { uid: model.uid, documentId: name.documentId } : undefined;
}

/**
 * The overlay of a branch: the files it changed (records added or replaced, base files removed) and
 * the documents they touch, whose rows are the base's files of the document with the overlay applied.
 * Everything here is proportional to the overlay; the base is asked, never copied.
 */
export class OverlayDocuments {
  readonly records = new Map<string, FileRecord>();
  readonly removed = new Set<string>();
  /** uid → documentId → the touched document. */
  readonly touched = new Map<string, Map<string, TouchedDocument>>();
  /** The base's version of each type when its touched documents were last checked against it. */
  private readonly seenBase = new Map<string, number>();

  constructor(
    private readonly base: ContentIndex,
    private readonly problems: LayeredMap<string, FileError>,
    private readonly times: () => FileTimes | undefined,
    private readonly config: CmsConfig,
  ) {}

  /** Does the overlay hide or replace the base's record of this file? */
  replaces(file: string): boolean {
    return this.records.has(file) || this.removed.has(file);
  }

  isTouched(uid: string, documentId: string): boolean {
    return this.touched.get(uid)?.has(documentId) ?? false;
  }

  /** Does the overlay touch any document of this type? */
  touches(uid: string): boolean {
    return (this.touched.get(uid)?.size ?? 0) > 0;
  }

  /** Mark a document touched; its rows are rebuilt on next use. */
  touch(uid: string, documentId: string): void {
    let documents = this.touched.get(uid);
    if (!documents) this.touched.set(uid, (documents = new Map()));
    const document = documents.get(documentId);
    if (document) { document.rows = undefined; document.served = undefined; return; }
    documents.set(documentId, { uid, documentId, baseRecords: [], served: undefined, rows: undefined });
  }

  /** A touched document, its rows current with the base and the overlay; undefined when the overlay leaves it alone. */
  document(uid: string, documentId: string): TouchedDocument | undefined {
    const document = this.touched.get(uid)?.get(documentId);
    if (!document) return undefined;
    this.follow(uid);
    if (!document.rows) this.build(document);
    return document;
  }

  /** Every touched document of a type, current. */
  *documentsOf(uid: string): IterableIterator<TouchedDocument> {
    const documents = this.touched.get(uid);
    if (!documents) return;
    this.follow(uid);
    for (const document of documents.values()) {
      if (!document.rows) this.build(document);
      yield document;
    }
  }

  /** The rows of a type's touched documents, in creation order (a stable sort keeps each document's own order). */
  rowsOf(uid: string, keep: (row: Row) => boolean = () => true): Row[] {
    const rows: Row[] = [];
    for (const document of this.documentsOf(uid)) for (const row of document.rows!) if (keep(row)) rows.push(row);
    return rows;
  }

  forget(): void {
    this.records.clear();
    this.removed.clear();
    this.touched.clear();
    this.seenBase.clear();
  }

  /** A base change of a type is seen at once: a touched document whose base files changed is rebuilt. */
  private follow(uid: string): void {
    const version = this.base.versionOf(uid);
    if (this.seenBase.get(uid) === version) return;
    for (const document of this.touched.get(uid)?.values() ?? []) {
      if (!document.rows) continue;
      const now = this.base.fileRecords(uid, document.documentId);
      if (now.length !== document.baseRecords.length || now.some((record, i) => record !== document.baseRecords[i])) {
        document.rows = undefined;
        document.served = undefined;
      }
    }
    this.seenBase.set(uid, version);
  }

  /**
   * The view's records of a document: the base's files in the base's order (a replaced one in its
   * place, a removed one left out), then the overlay's new files; duplicates reported as the base does.
   */
  private build(document: TouchedDocument): void {
    const { uid, documentId } = document;
    const baseRecords = this.base.fileRecords(uid, documentId);
    const records: FileRecord[] = [];
    for (const record of baseRecords) {
      if (this.removed.has(record.file)) continue;
      const replaced = this.records.get(record.file);
      if (!replaced) records.push(record);
      else if (replaced.uid === uid && replaced.documentId === documentId) records.push(replaced);
    }
    for (const record of this.records.values()) {
      if (record.uid === uid && record.documentId === documentId && !baseRecords.some((known) => known.file === record.file)) {
        records.push(record);
      }
    }
    const { served, duplicates } = splitDuplicates(records);
    for (const record of served) if (this.problems.own(record.file) instanceof DuplicateFileError) this.problems.delete(record.file);
    for (const duplicate of duplicates) this.problems.set(duplicate.file, duplicate);
    document.baseRecords = baseRecords;
    document.served = served;
    document.rows = served.length ? buildDocumentRows(this.base.model(uid), served, this.config, this.times()) : [];
  }
}
