import type { Model } from '../schema/types.js';
import type { Row, Status } from '../types.js';

/** Which rows a read sees: Strapi's status and locale lookups. */
export interface RowScope {
  status: Status;
  /** A locale code, `'*'` for all, or null for non-localized types. */
  locale: string | null;
}

/** Default order: creation order (createdAt, then documentId), as the project decided. */
export const compareCreation = (a: Row, b: Row): number =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.documentId < b.documentId ? -1 : a.documentId > b.documentId ? 1 : 0;

/** Does a row belong to a read scope? Non-D&P types ignore status; non-localized types ignore locale. */
export function matchesScope(model: Model, row: Row, scope: RowScope): boolean {
  if (model.draftAndPublish && row.status !== scope.status) return false;
  if (model.localized && scope.locale !== '*' && row.locale !== scope.locale) return false;
  return true;
}

/**
 * Keep creation-ordered `rows` in step with one document's change by binary search, so a single
 * file change at 100k documents costs a splice, not a re-sort. False when a removed row is not
 * where its order puts it: the list cannot follow the change and must be rebuilt.
 *
 * @example
 * if (!followInCreationOrder(rows, before, after)) sortedRows.delete(uid);
 */
export function followInCreationOrder(rows: Row[], removed: readonly Row[], added: readonly Row[]): boolean {
  const positionOf = (row: Row) => {
    let high = rows.length;
    if (high === 0 || compareCreation(rows[high - 1], row) < 0) return high; // a create goes last: no search
    let low = 0;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareCreation(rows[middle], row) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  // A new version of each row (an update keeps createdAt) takes its old place: no tail shifted.
  const samePlaces = removed.length === added.length && removed.every((row, i) => compareCreation(row, added[i]) === 0);
  for (const [i, row] of removed.entries()) {
    let at = positionOf(row);
    while (at < rows.length && rows[at] !== row && compareCreation(rows[at], row) === 0) at++;
    if (rows[at] !== row) return false;
    if (samePlaces) rows[at] = added[i];
    else rows.splice(at, 1);
  }
  if (!samePlaces) for (const row of added) rows.splice(positionOf(row), 0, row);
  return true;
}
