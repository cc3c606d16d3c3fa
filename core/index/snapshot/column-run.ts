import type { Model } from '../../schema/types.js';
import { deferrable } from '../deferrable.js';
import { rowIdsInParts } from '../kept-ids.js';
import type { WaitingRun } from '../pending-types.js';
import type { FileRecord } from '../read-file.js';
import type { SnapshotColumns } from './read-columns.js';
import type { SnapshotEntries } from './read-snapshot.js';
import type { SnapshotEntry } from './snapshot-format.js';

/** Whether a run may wait, as `ColumnRun.deferrable(model)` answered for these entries. */
export interface WaitingVerdict {
  model: Model;
  mayWait: boolean;
}

/**
 * A whole type's files taken from the snapshot on Git's word, as the run of the snapshot's entries they are
 * (`start` to `end`, excluded): no record, no documentId or timestamp string is made at load. Whether the type may
 * wait is read from the columns (its documentIds compared as bytes, locales and kinds as numbers); the records are
 * made when the type is built (or when a rewritten snapshot needs them), the same ones each time.
 *
 * @example
 * const run = new ColumnRun(entries, columns, 'api::article.article', 'content/articles/', 0, 1000); run.records()
 */
export class ColumnRun implements WaitingRun {
  constructor(
    private readonly entries: SnapshotEntries, private readonly columns: SnapshotColumns,
    readonly uid: string, readonly folder: string, private readonly start: number, private readonly end: number,
    private readonly verdict?: WaitingVerdict,
  ) {}

  get length(): number {
    return this.end - this.start;
  }

  /** The run's entries, in order (made on first ask). */
  made(): SnapshotEntry[] {
    const made = new Array<SnapshotEntry>(this.length);
    for (let i = this.start; i < this.end; i++) made[i - this.start] = this.entries.at(i);
    return made;
  }

  records(): FileRecord[] {
    return this.made().map((entry) => entry.record);
  }

  deferrable(model: Model): boolean {
    // Checked already, for this model, while Git looked at the checkout (SnapshotLoader.prepare).
    if (this.verdict?.model === model) return this.verdict.mayWait;
    const { columns, start } = this;
    const locale = (i: number) => columns.locale(start + i);
    // Each file's documentId fed from its bytes where they lie (see `rowIdsInParts`).
    const rowIdOf = rowIdsInParts(model, (i) => columns.text(start + i, 1), locale, (i, hash) => columns.feedDocumentId(start + i, hash));
    return deferrable(model, {
      length: this.length,
      locale,
      draft: (i) => columns.draft(start + i),
      sameDocumentAsPrevious: (i) => columns.sameDocumentId(start + i - 1, start + i),
      // Checked at load, before anything could read one of these files' fields.
      unparsed: () => true,
      rowId: rowIdOf,
    });
  }
}
