import type { Data, Row, Status } from '../types.js';
import { rowKey } from './ids.js';

/** Everything about a row but its fields and its key (which these spell out). */
export type RowFields = Omit<Row, 'data' | 'key'>;

/**
 * What every kind of row knows at once: who it is and when. Its key is spelled out when asked for
 * rather than held: a string per row (two with the one hashing flattens) is tens of megabytes at
 * 100k documents, and only the id derived from it, once, is needed at load. All fields are set in
 * the constructor, so every row of a kind has one shape with its fields inside the object.
 */
export abstract class RowIdentity {
  readonly uid: string;
  readonly id: number;
  readonly documentId: string;
  readonly locale: string | null;
  readonly status: Status;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly publishedAt: string | null;
  readonly file: string;

  constructor(fields: RowFields) {
    this.uid = fields.uid;
    this.id = fields.id;
    this.documentId = fields.documentId;
    this.locale = fields.locale;
    this.status = fields.status;
    this.createdAt = fields.createdAt;
    this.updatedAt = fields.updatedAt;
    this.publishedAt = fields.publishedAt;
    this.file = fields.file;
  }

  get key(): string {
    return rowKey(this.uid, this.documentId, this.locale, this.status);
  }
}

/** A row of the index, its fields at hand. */
export class IndexedRow extends RowIdentity implements Row {
  data: Data;

  constructor(fields: RowFields, data: Data) {
    super(fields);
    this.data = data;
  }
}
