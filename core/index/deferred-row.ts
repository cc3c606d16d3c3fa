import type { Data, Row, Status } from '../types.js';
import type { FileRecord } from './read-file.js';
import { rowKey } from './ids.js';
import type { RowFields } from './indexed-row.js';

/**
 * A row whose fields are filled on first read: rows restored from the index snapshot cost no
 * parsing until a request reads them. The fields come from the row's record, or, when the
 * document shares fields between locales, from its document's `fill` (which fills every row of the
 * document at once, shared fields included). Everything else about the row is known at once; its
 * key is spelled out when asked for rather than held (a string per row, at 100k documents megabytes).
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
  #source: FileRecord | (() => void) | undefined;

  constructor(fields: RowFields, source: FileRecord | (() => void)) {
    this.uid = fields.uid;
    this.id = fields.id;
    this.documentId = fields.documentId;
    this.locale = fields.locale;
    this.status = fields.status;
    this.createdAt = fields.createdAt;
    this.updatedAt = fields.updatedAt;
    this.publishedAt = fields.publishedAt;
    this.file = fields.file;
    this.#source = source;
  }

  get key(): string {
    return rowKey(this.uid, this.documentId, this.locale, this.status);
  }

  get data(): Data {
    if (this.#data === undefined) {
      const source = this.#source!;
      this.#source = undefined;
      if (typeof source === 'function') source();
      else this.#data = source.data;
    }
    return this.#data!;
  }

  set data(value: Data) {
    this.#data = value;
    this.#source = undefined;
  }
}
