import type { Data, Row, Status } from '../types.js';
import { rowKey } from './ids.js';

/**
 * A row whose fields are filled on first read, by its document's `fill` (which fills every row of
 * the document at once, shared fields included): rows restored from the index snapshot cost no
 * parsing until a request reads them. Everything else about the row is known at once; its key is
 * spelled out when asked for rather than held (a string per row, at 100k documents megabytes).
 */
export class DeferredRow implements Row {
  readonly uid: string;
  readonly id: number;
  readonly documentId: string;
  readonly locale: string | null;
  readonly status: Status;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly publishedAt: string | null;
  readonly file: string;
  #data: Data | undefined;
  #fill: (() => void) | undefined;

  constructor(fields: Omit<Row, 'data'>, fill: () => void) {
    this.uid = fields.uid;
    this.id = fields.id;
    this.documentId = fields.documentId;
    this.locale = fields.locale;
    this.status = fields.status;
    this.createdAt = fields.createdAt;
    this.updatedAt = fields.updatedAt;
    this.publishedAt = fields.publishedAt;
    this.file = fields.file;
    this.#fill = fill;
  }

  get key(): string {
    return rowKey(this.uid, this.documentId, this.locale, this.status);
  }

  get data(): Data {
    if (this.#data === undefined) {
      const fill = this.#fill!;
      this.#fill = undefined;
      fill();
    }
    return this.#data!;
  }

  set data(value: Data) {
    this.#data = value;
    this.#fill = undefined;
  }
}
