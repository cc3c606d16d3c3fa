import type { Data, Row } from '../types.js';
import type { FileRecord } from './read-file.js';
import { RowIdentity, type RowFields } from './indexed-row.js';

/**
 * A row whose fields are filled on first read: rows restored from the index snapshot cost no
 * parsing until a request reads them. The fields come from the row's record, or, when the
 * document shares fields between locales, from its document's `fill` (which fills every row of the
 * document at once, shared fields included). Everything else about the row is known at once
 * (its `RowIdentity`).
 */
export class DeferredRow extends RowIdentity implements Row {
  #data: Data | undefined;
  #source: FileRecord | (() => void) | undefined;

  constructor(fields: RowFields, source: FileRecord | (() => void)) {
    super(fields);
    this.#source = source;
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
