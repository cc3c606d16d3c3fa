// The order and the cell tests of a field index (core/query/field-index.ts): how its entries are first sorted, how a
// comparison of its kind tests one cell, and the room its arrays keep.
import type { Comparable } from './cast.js';

/** A column as the index reads it: the list's values by position, as they are now. */
export interface ColumnValues {
  readonly length: number;
  at(position: number): Comparable | null | undefined;
}

/**
 * The positions of a column's non-NULL cells in (value, position) order, and the one kind of their values; undefined
 * when the column mixes kinds, or holds NaN or bigints.
 * @example
 * sortedPositions([3, null, 1]) // { kind: 'number', positions: Int32Array [2, 0] }
 */
export function sortedPositions(column: ColumnValues): { kind: 'number' | 'string' | undefined; positions: Int32Array } | undefined {
  let kind: 'number' | 'string' | undefined;
  const found: number[] = [];
  // A flat copy for the sort's comparisons (read once each, not found block by block): dropped after.
  const values = new Array<Comparable | null>(column.length).fill(null);
  for (let i = 0; i < values.length; i++) {
    const value = (values[i] = column.at(i) ?? null);
    if (value === null) continue;
    const type = typeof value;
    if ((type !== 'number' && type !== 'string') || (kind && kind !== type) || value !== value) return undefined;
    kind = type;
    found.push(i);
  }
  const positions = Int32Array.from(found);
  if (kind === 'number') positions.sort((a, b) => (values[a] as number) - (values[b] as number) || a - b);
  else positions.sort((a, b) => (values[a]! < values[b]! ? -1 : values[a]! > values[b]! ? 1 : a - b));
  return { kind, positions };
}

/**
 * The test of one cell for `$eq`, `$gt`, `$gte`, `$lt` or `$lte` against a bound of the index's kind. One small closure
 * per kind and operator: a walk calling it stays cheap to optimise (a closure choosing among tests and comparisons at
 * each call made its caller's compiled code large and slow to build).
 */
export function cellTest(operator: string, bound: Comparable): (value: Comparable | null) => boolean {
  const kinds = typeof bound === 'number' ? NUMBER_TESTS : STRING_TESTS;
  return kinds[operator as keyof typeof NUMBER_TESTS](bound as never);
}

/** A cell against a number bound, per operator: NaN never holds (the index takes none), nor another kind. */
const NUMBER_TESTS = {
  $eq: (bound: number) => (value: Comparable | null) => typeof value === 'number' && value === bound,
  $gt: (bound: number) => (value: Comparable | null) => typeof value === 'number' && value > bound,
  $gte: (bound: number) => (value: Comparable | null) => typeof value === 'number' && value >= bound,
  $lt: (bound: number) => (value: Comparable | null) => typeof value === 'number' && value < bound,
  $lte: (bound: number) => (value: Comparable | null) => typeof value === 'number' && value <= bound,
};

/** A cell against a string bound, per operator (code-point order, as `compare`). */
const STRING_TESTS: Record<keyof typeof NUMBER_TESTS, (bound: string) => (value: Comparable | null) => boolean> = {
  $eq: (bound) => (value) => typeof value === 'string' && value === bound,
  $gt: (bound) => (value) => typeof value === 'string' && value > bound,
  $gte: (bound) => (value) => typeof value === 'string' && value >= bound,
  $lt: (bound) => (value) => typeof value === 'string' && value < bound,
  $lte: (bound) => (value) => typeof value === 'string' && value <= bound,
};

/** Code-point order for strings, numeric for numbers (the index holds one kind). */
export const compare = (a: Comparable, b: Comparable): number => (a < b ? -1 : a > b ? 1 : 0);

/** Entries an index holds apart before it merges them in (a merge moves each entry once: ~0.2 ms at 1M rows). */
export const EXTRA = 256;

/** A copy with an eighth more room (at least 64 entries, and `more`), so inserts rarely reallocate. */
export function withRoom(positions: Int32Array, more = 0): Int32Array {
  const out = new Int32Array(positions.length + Math.max(64, positions.length >> 3, more));
  out.set(positions);
  return out;
}
