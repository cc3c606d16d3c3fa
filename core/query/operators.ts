import type { Comparable } from './cast.js';
import { textOf } from './text.js';

/** Three-valued logic as SQL: a comparison with NULL is unknown (null), and unknown never matches. */
export type Truth = boolean | null;

/** What a predicate sees of one cell: its comparable value and its text (for LIKE-style operators). */
export interface Cell {
  value: Comparable | null;
  text: string | null;
}

/** SQLite order: numbers before text; text by code point. */
export function compareValues(a: Comparable, b: Comparable): number {
  const aIsText = typeof a === 'string';
  const bIsText = typeof b === 'string';
  if (aIsText !== bIsText) return aIsText ? 1 : -1;
  if (aIsText) return a < (b as string) ? -1 : a > (b as string) ? 1 : 0;
  if (typeof a === 'bigint' || typeof b === 'bigint') {
    const left = BigInt(a as bigint), right = BigInt(b as bigint);
    return left < right ? -1 : left > right ? 1 : 0;
  }
  return (a as number) - (b as number);
}

const lower = (text: string) => text.toLowerCase();
const known = (cell: Cell) => cell.value !== null;
const compare = (cell: Cell, arg: unknown, test: (order: number) => boolean): Truth =>
  !known(cell) || arg === null ? null : test(compareValues(cell.value!, arg as Comparable));
const text = (cell: Cell, test: (value: string) => boolean): Truth => (cell.text === null ? null : test(cell.text));
/** SQLite's LIKE folds case (ASCII); Strapi's non-`i` string operators use LIKE. */
const like = (cell: Cell, arg: unknown, test: (value: string, pattern: string) => boolean): Truth =>
  text(cell, (value) => test(lower(value), lower(String(arg))));
const not = (truth: Truth): Truth => (truth === null ? null : !truth);

interface OperatorSpec {
  /** `cast`: the value is cast to the attribute type; `text`: compared as a string; `flag`: a boolean. */
  argument: 'cast' | 'text' | 'flag';
  /** Takes a list ($in, $notIn, $between); other operators given a list OR over its items. */
  list?: boolean;
  test: (cell: Cell, arg: any) => Truth;
}

/** Every filter operator Strapi exposes, as one small predicate each. */
export const OPERATORS = {
  $eq: { argument: 'cast', test: (cell, arg) => (arg === null ? !known(cell) : compare(cell, arg, (order) => order === 0)) },
  $ne: { argument: 'cast', test: (cell, arg) => (arg === null ? known(cell) : compare(cell, arg, (order) => order !== 0)) },
  $eqi: { argument: 'text', test: (cell, arg) => (arg === null ? !known(cell) : text(cell, (value) => lower(value) === lower(String(arg)))) },
  $nei: { argument: 'text', test: (cell, arg) => (arg === null ? known(cell) : text(cell, (value) => lower(value) !== lower(String(arg)))) },
  $lt: { argument: 'cast', test: (cell, arg) => compare(cell, arg, (order) => order < 0) },
  $lte: { argument: 'cast', test: (cell, arg) => compare(cell, arg, (order) => order <= 0) },
  $gt: { argument: 'cast', test: (cell, arg) => compare(cell, arg, (order) => order > 0) },
  $gte: { argument: 'cast', test: (cell, arg) => compare(cell, arg, (order) => order >= 0) },
  $in: { argument: 'cast', list: true, test: (cell, args: unknown[]) => (!known(cell) ? null : args.some((arg) => arg !== null && compareValues(cell.value!, arg as Comparable) === 0)) },
  $notIn: { argument: 'cast', list: true, test: (cell, args: unknown[]) => (!known(cell) ? null : !args.some((arg) => arg !== null && compareValues(cell.value!, arg as Comparable) === 0)) },
  $between: {
    argument: 'cast', list: true,
    test: (cell, args: unknown[]) => (!known(cell) || args[0] == null || args[1] == null ? null
      : compareValues(cell.value!, args[0] as Comparable) >= 0 && compareValues(cell.value!, args[1] as Comparable) <= 0),
  },
  $contains: { argument: 'text', test: (cell, arg) => like(cell, arg, (value, pattern) => value.includes(pattern)) },
  $notContains: { argument: 'text', test: (cell, arg) => not(like(cell, arg, (value, pattern) => value.includes(pattern))) },
  $containsi: { argument: 'text', test: (cell, arg) => like(cell, arg, (value, pattern) => value.includes(pattern)) },
  $notContainsi: { argument: 'text', test: (cell, arg) => not(like(cell, arg, (value, pattern) => value.includes(pattern))) },
  $startsWith: { argument: 'text', test: (cell, arg) => like(cell, arg, (value, pattern) => value.startsWith(pattern)) },
  $startsWithi: { argument: 'text', test: (cell, arg) => like(cell, arg, (value, pattern) => value.startsWith(pattern)) },
  $endsWith: { argument: 'text', test: (cell, arg) => like(cell, arg, (value, pattern) => value.endsWith(pattern)) },
  $endsWithi: { argument: 'text', test: (cell, arg) => like(cell, arg, (value, pattern) => value.endsWith(pattern)) },
  $null: { argument: 'flag', test: (cell, arg: boolean) => (arg ? !known(cell) : known(cell)) },
  $notNull: { argument: 'flag', test: (cell, arg: boolean) => (arg ? known(cell) : !known(cell)) },
} satisfies Record<string, OperatorSpec>;

export type Operator = keyof typeof OPERATORS;

export const isOperator = (key: string): key is Operator => Object.hasOwn(OPERATORS, key);
export const LOGICAL_OPERATORS = ['$and', '$or', '$not'] as const;

/** `$null`/`$notNull` values: Strapi force-casts `true,t,1` → true, `false,f,0` → false, other text → true. */
export function parseFlag(raw: unknown): boolean {
  if (typeof raw === 'boolean') return raw;
  if (raw === null || raw === undefined || raw === '') return false;
  const value = textOf(raw).toLowerCase();
  if (['false', 'f', '0'].includes(value)) return false;
  return true;
}
