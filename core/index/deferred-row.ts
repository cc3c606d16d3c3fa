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
      // The source is let go only once it gave the fields: a read that failed (a damaged snapshot
      // line whose file could not be read either) is retried on the next access, not left a TypeError.
      const source = this.#source!;
      if (typeof source === 'function') source();
      else this.#data = source.data;
      this.#source = undefined;
    }
    return this.#data!;
  }

  set data(value: Data) {
    this.#data = value;
    this.#source = undefined;
  }
}
