import type { Comparable } from './cast.js';
import { textOf } from './text.js';

/** Three-valued logic as SQL: a comparison with NULL is unknown (null), and unknown never matches. */
export type Truth = boolean | null;

/** What a predicate sees of one cell: its comparable value and its text (for LIKE-style operators). */
export interface Cell {
  value: Comparable | null;
  text: string | null;
  /** Lower-cased text, computed on first use by a case-folding operator. */
  lower?: string;
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

const known = (cell: Cell) => cell.value !== null;
const compare = (cell: Cell, arg: unknown, test: (order: number) => boolean): Truth =>
  !known(cell) || arg === null ? null : test(compareValues(cell.value!, arg as Comparable));
/**
 * Text operators compare case-folded: `$…i` by definition, and the others because SQLite's LIKE
 * folds case too (Strapi's non-`i` string operators use LIKE). Their argument arrives folded
 * already (see `foldArgument`), so each test folds only the cell, once per node.
 */
const like = (cell: Cell, arg: unknown, test: (value: string, pattern: string) => boolean): Truth =>
  cell.text === null ? null : test((cell.lower ??= cell.text.toLowerCase()), arg as string);
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
  $eqi: { argument: 'text', test: (cell, arg) => (arg === null ? !known(cell) : like(cell, arg, (value, pattern) => value === pattern)) },
  $nei: { argument: 'text', test: (cell, arg) => (arg === null ? known(cell) : like(cell, arg, (value, pattern) => value !== pattern)) },
  $lt: { argument: 'cast', test: (cell, arg) => compare(cell, arg, (order) => order < 0) },
  $lte: { argument: 'cast', test: (cell, arg) => compare(cell, arg, (order) => order <= 0) },
  $gt: { argument: 'cast', test: (cell, arg) => compare(cell, arg, (order) => order > 0) },
  $gte: { argument: 'cast', test: (cell, arg) => compare(cell, arg, (order) => order >= 0) },
  $in: {
    argument: 'cast', list: true,
    test: (cell, args: unknown[]) => (!known(cell)
      ? null
      : args.some((arg) => arg !== null && compareValues(cell.value!, arg as Comparable) === 0)),
  },
  $notIn: {
    argument: 'cast', list: true,
    test: (cell, args: unknown[]) => (!known(cell)
      ? null
      : !args.some((arg) => arg !== null && compareValues(cell.value!, arg as Comparable) === 0)),
  },
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

/** Text operators' argument, case-folded once per query (lists item by item). */
export function foldArgument(operator: Operator, value: unknown): unknown {
  if (OPERATORS[operator].argument !== 'text') return value;
  const fold = (item: unknown) => (typeof item === 'string' ? item.toLowerCase() : item);
  return Array.isArray(value) ? value.map(fold) : fold(value);
}

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
