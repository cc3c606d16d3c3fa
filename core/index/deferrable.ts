import type { Model } from '../schema/types.js';
import type { Status } from '../types.js';
import { documentSources, singleFileStatuses } from './build-rows.js';
import { hasTwoFilesForOneVersion } from './duplicate-files.js';

/**
 * One type's files, sorted by file, as the check below reads them: made records (pending-types.ts), or a run of the
 * snapshot's columns (no record made, see snapshot/column-run.ts).
 */
export interface VersionsView {
  length: number;
  locale(i: number): string | null;
  /** Is file `i` a `.draft` file? */
  draft(i: number): boolean;
  /** Does file `i` belong to the same document as file `i - 1`? */
  sameDocumentAsPrevious(i: number): boolean;
  /** Has nobody read file `i`'s fields yet? */
  unparsed(i: number): boolean;
  /** The id of file `i`'s row of `status` (`rowId`). */
  rowId(i: number, status: Status): number;
}

/**
 * May a type's files wait for the type's first use? Only when building its rows now could report
 * nothing and read nothing: every file's fields still unread, one file per document version, and
 * no id shared by two rows (a collision, or a document whose files are not neighbours in the listing,
 * such as a flat file beside a fan-out one: both are then built at load and reported as always).
 * The ids are those the rows will have (`documentSources`, as `buildDocumentRows` builds them), sorted in one typed array.
 */
export function deferrable(model: Model, files: VersionsView): boolean {
  // Ids are 53-bit numbers: a typed array holds them unboxed (two rows per file at most).
  const ids = new Float64Array(files.length * 2);
  const single = [singleFileStatuses(model, false), singleFileStatuses(model, true)];
  let count = 0;
  for (let start = 0; start < files.length;) {
    if (!files.unparsed(start)) return false;
    let end = start + 1;
    while (end < files.length && files.sameDocumentAsPrevious(end)) {
      if (!files.unparsed(end)) return false;
      end++;
    }
    // Most documents are one file: its statuses are the model's, no grouping by locale.
    if (end - start === 1) {
      for (const status of single[files.draft(start) ? 1 : 0]) ids[count++] = files.rowId(start, status);
    } else {
      const group: { at: number; locale: string | null; draft: boolean }[] = [];
      for (let at = start; at < end; at++) group.push({ at, locale: files.locale(at), draft: files.draft(at) });
      if (hasTwoFilesForOneVersion(group)) return false;
      for (const { record, status } of documentSources(model, group)) ids[count++] = files.rowId(record.at, status);
    }
    start = end;
  }
  const sorted = ids.subarray(0, count).sort();
  for (let i = 1; i < sorted.length; i++) if (sorted[i] === sorted[i - 1]) return false;
  return true;
}
