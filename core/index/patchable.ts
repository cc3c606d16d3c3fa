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
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(list[middle], item) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
