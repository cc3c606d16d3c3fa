import type { Row } from '../types.js';
import { compareCreation } from './row-order.js';

/**
 * A base list in creation order with a few rows taken out and a few put in, in one pass: the
 * base's rows the overlay does not touch, merged with the overlay's (sorted here), in creation order.
 *
 * @example
 * mergeInCreationOrder(base.scopedRows(uid, scope), (row) => !overlay.isTouched(row.uid, row.documentId), overlayRows)
 */
export function mergeInCreationOrder(base: readonly Row[], keep: (row: Row) => boolean, added: Row[]): Row[] {
  const coming = added.length > 1 ? [...added].sort(compareCreation) : added;
  const merged: Row[] = [];
  let next = 0;
  for (const row of base) {
    if (!keep(row)) continue;
    while (next < coming.length && compareCreation(coming[next], row) < 0) merged.push(coming[next++]);
    merged.push(row);
  }
  while (next < coming.length) merged.push(coming[next++]);
  return merged;
}

/** The first row of a creation-ordered base list the overlay keeps, or of the overlay's own rows, whichever comes first. */
export function firstInCreationOrder(base: readonly Row[], keep: (row: Row) => boolean, added: readonly Row[]): Row | undefined {
  let first = base.find(keep);
  for (const row of added) if (!first || compareCreation(row, first) < 0) first = row;
  return first;
}

/** Map keys' equality (SameValueZero), as the index's lookups compare values. */
export const sameValue = (a: unknown, b: unknown): boolean => a === b || (a !== a && b !== b);

/** The targets a relation or media value links (each once). */
export const linkedIds = (value: unknown): Set<unknown> =>
  new Set(value === null || value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * Derived values per type, each kept with the stamp it was computed at and served while the stamp
 * holds (a branch's stamp is the sum of the versions its answer reads, base and overlay: any change
 * of either moves it). Bounded as the base's derived cache is.
 */
export class StampedCache {
  private readonly entries = new Map<string, Map<string, { stamp: number; value: unknown }>>();
  private size = 0;

  constructor(private readonly limit = 500) {}

  get<T>(uid: string, key: string, stamp: number, compute: () => T): T {
    let entries = this.entries.get(uid);
    const entry = entries?.get(key);
    if (entry && entry.stamp === stamp) return entry.value as T;
    const value = compute();
    if (!entry && this.size >= this.limit) { this.entries.clear(); this.size = 0; entries = undefined; }
    if (!entries) this.entries.set(uid, (entries = new Map()));
    if (!entries.has(key)) this.size++;
    entries.set(key, { stamp, value });
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.size = 0;
  }
}
