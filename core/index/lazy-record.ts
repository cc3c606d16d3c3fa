import type { Data } from '../types.js';
import type { FileRecord } from './read-file.js';

/**
 * A content file's record whose fields are parsed on first read, from wherever the subclass keeps
 * them (a cold start's text outside the heap, a snapshot's bytes on disk); once read, or once a
 * write sets them, the source is let go and the fields are an ordinary object.
 */
export abstract class LazyRecord implements FileRecord {
  readonly file: string;
  readonly uid: string;
  readonly documentId: string;
  readonly locale: string | null;
  readonly draft: boolean;
  readonly createdAt: string | undefined;
  readonly updatedAt: string | undefined;
  readonly publishedAt: string | null | undefined;
  mtimeMs: number;
  private parsed: Data | undefined;

  constructor(fields: Omit<FileRecord, 'data'>) {
    this.file = fields.file;
    this.uid = fields.uid;
    this.documentId = fields.documentId;
    this.locale = fields.locale;
    this.draft = fields.draft;
    this.createdAt = fields.createdAt;
    this.updatedAt = fields.updatedAt;
    this.publishedAt = fields.publishedAt;
    this.mtimeMs = fields.mtimeMs;
  }

  /** Nobody has read the fields yet. */
  abstract get unparsed(): boolean;

  /** The fields, from the source (called once, on first read). */
  protected abstract readFields(): Data;

  /** Drop the source: the fields are parsed, or were replaced. */
  protected abstract letGo(): void;

  get data(): Data {
    if (this.parsed === undefined) {
      this.parsed = this.readFields();
      this.letGo();
    }
    return this.parsed;
  }

  set data(value: Data) {
    this.parsed = value;
    this.letGo();
  }
}
