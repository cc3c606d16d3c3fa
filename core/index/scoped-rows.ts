import type { Model } from '../schema/types.js';
import type { Row } from '../types.js';
import { insertionPoint, placeOf, type Patchable } from './patchable.js';
import { compareCreation, matchesScope, type RowScope } from './row-order.js';

/**
 * The rows a read sees for a scope (a status and a locale), in creation order, as a list that
 * follows one document's change in place: the next read does not filter every row again.
 */
export function scopedRowList(model: Model, rows: readonly Row[], scope: RowScope): Row[] & Patchable {
  const scoped = rows.filter((row) => matchesScope(model, row, scope));
  return Object.assign(scoped, {
    patch: (removed: readonly Row[], added: readonly Row[]) => {
      const coming = added.filter((row) => matchesScope(model, row, scope));
      for (const row of removed) {
        if (!matchesScope(model, row, scope)) continue;
        // Found by binary search; a row not where its order puts it drops the list (rebuilt on the next read).
        const at = placeOf(scoped, row, compareCreation);
        if (at < 0) return false;
        // Its new version (same creation order) takes its place: no tail shifted.
        const next = coming.findIndex((candidate) => compareCreation(candidate, row) === 0 && candidate.locale === row.locale);
        if (next >= 0) scoped[at] = coming.splice(next, 1)[0];
        else scoped.splice(at, 1);
      }
      for (const row of coming) scoped.splice(insertionPoint(scoped, row, compareCreation), 0, row);
      return true;
    },
  });
}
