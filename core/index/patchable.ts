import type { Row } from '../types.js';

/**
 * Data derived for a type that can follow one document's change of that type's rows in place
 * (a splice at a binary-searched place, no rebuild): a write then costs no work proportional to the
 * site for the next read. `patch` answers false when it cannot, and the data is then dropped.
 */
export interface Patchable {
  patch(removed: readonly Row[], added: readonly Row[]): boolean;
}

export const isPatchable = (value: unknown): value is Patchable =>
  typeof value === 'object' && value !== null && typeof (value as Partial<Patchable>).patch === 'function';

/**
 * Where `item` goes in `list`, kept sorted by `compare` (after its equals): a binary search.
 *
 * @example
 * insertionPoint([1, 3, 5], 4, (a, b) => a - b) // 2
 */
export function insertionPoint<T>(list: ArrayLike<T>, item: T, compare: (a: T, b: T) => number): number {
  let high = list.length;
  // A create in creation order goes last: one comparison, not a search (whose reads of a row's fields cost at 1M).
  if (high === 0 || compare(list[high - 1], item) <= 0) return high;
  let low = 0;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(list[middle], item) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Where `item` itself sits in `list`, kept sorted by `compare`: a binary search to the first of its
 * equals, then a step over them (so a write finds its old row without a scan of the list); -1 when
 * it is not there.
 *
 * @example
 * placeOf([1, 3, 5], 3, (a, b) => a - b) // 1
 */
export function placeOf<T>(list: ArrayLike<T>, item: T, compare: (a: T, b: T) => number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(list[middle], item) < 0) low = middle + 1;
    else high = middle;
  }
  for (let at = low; at < list.length && compare(list[at], item) === 0; at++) if (list[at] === item) return at;
  return -1;
}
