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

interface Stamped { cache: StampedCache; uid: string; key: string; stamp: number; value: unknown }

/**
 * Every branch view's derived values, least recently used first: what views derive beyond the
 * base's (a list sorted through a relation of a type the overlay touches) is bounded across all the
 * views at once, so 100 open branches keep at most this many, not 100 times the lists of one.
 */
const recent = new Set<Stamped>();
const KEPT_ACROSS_VIEWS = 256;

/**
 * Derived values per type, each kept with the stamp it was computed at and served while the stamp
 * holds (a branch's stamp is the sum of the versions its answer reads, base and overlay: any change
 * of either moves it). Bounded with every other view's (see `recent`).
 */
export class StampedCache {
  private readonly entries = new Map<string, Map<string, Stamped>>();

  get<T>(uid: string, key: string, stamp: number, compute: () => T): T {
    const entry = this.entries.get(uid)?.get(key);
    if (entry && entry.stamp === stamp) {
      recent.delete(entry);
      recent.add(entry);
      return entry.value as T;
    }
    const value = compute();
    if (entry) this.forget(entry);
    const kept: Stamped = { cache: this, uid, key, stamp, value };
    let entries = this.entries.get(uid);
    if (!entries) this.entries.set(uid, (entries = new Map()));
    entries.set(key, kept);
    recent.add(kept);
    if (recent.size > KEPT_ACROSS_VIEWS) for (const oldest of recent) { oldest.cache.forget(oldest); break; }
    return value;
  }

  clear(): void {
    for (const entries of this.entries.values()) for (const entry of entries.values()) recent.delete(entry);
    this.entries.clear();
  }

  private forget(entry: Stamped): void {
    recent.delete(entry);
    const entries = this.entries.get(entry.uid);
    if (entries?.get(entry.key) === entry) entries.delete(entry.key);
  }
}
