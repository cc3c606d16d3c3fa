import { DocumentTable } from './document-table.js';
import type { FileRecord } from './read-file.js';

/**
 * The index's file records and which files make up each document: the record ↔ document
 * bookkeeping, kept in step as files come, change documents and go.
 */
export class RecordBook {
  private readonly records = new Map<string, FileRecord>();
  /** Each document's files (one or a few: a small array, not a Set each). */
  private readonly byDocument = new DocumentTable<string[]>();

  get(file: string): FileRecord | undefined {
    return this.records.get(file);
  }

  /** Every indexed file. */
  files(): IterableIterator<string> {
    return this.records.keys();
  }

  /** Store a record and list it under its document; returns the record it replaces, if any. */
  set(record: FileRecord): FileRecord | undefined {
    const previous = this.records.get(record.file);
    this.records.set(record.file, record);
    if (previous && (previous.uid !== record.uid || previous.documentId !== record.documentId)) this.unlink(previous);
    this.link(record);
    return previous;
  }

  /**
   * Store one document's records at once (start-up). Returns whether the document already had files
   * (its list then grows; a new document gets its list in one step, one lookup, not one per file).
   */
  addDocument(uid: string, documentId: string, group: FileRecord[]): boolean {
    for (const record of group) this.records.set(record.file, record);
    const files = this.byDocument.get(uid, documentId);
    if (!files) {
      this.byDocument.set(uid, documentId, group.map((record) => record.file));
      return false;
    }
    for (const record of group) if (!files.includes(record.file)) files.push(record.file);
    return true;
  }

  /** Forget a file; returns its record, if it had one. */
  delete(file: string): FileRecord | undefined {
    const previous = this.records.get(file);
    if (!previous) return undefined;
    this.records.delete(file);
    this.unlink(previous);
    return previous;
  }

  /** A document's records, every locale and status (duplicates included). */
  ofDocument(uid: string, documentId: string): FileRecord[] {
    const files = this.byDocument.get(uid, documentId);
    return files ? files.map((file) => this.records.get(file)!).filter(Boolean) : [];
  }

  private link(record: FileRecord): void {
    const files = this.byDocument.get(record.uid, record.documentId);
    if (!files) this.byDocument.set(record.uid, record.documentId, [record.file]);
    else if (!files.includes(record.file)) files.push(record.file);
  }

  private unlink(record: FileRecord): void {
    const files = this.byDocument.get(record.uid, record.documentId);
    const at = files ? files.indexOf(record.file) : -1;
    if (at >= 0) files!.splice(at, 1);
    if (files && files.length === 0) this.byDocument.delete(record.uid, record.documentId);
  }
}
