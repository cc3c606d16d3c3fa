import type { Filter, FieldRef } from './ast.js';
import type { Comparable } from './cast.js';
import { cellOf, columnLower, type Columns } from './columns.js';
import type { BlockList } from './block-list.js';
import { foldArgument, OPERATORS, type Cell, type Operator, type Truth } from './operators.js';
import type { Node } from './nodes.js';
import { or, type Predicate } from './predicate.js';

/** Number-to-number comparisons of the cast operators, for the columnar fast path. */
export const NUMERIC_COMPARISONS: Partial<Record<string, (slot: number, bound: number) => boolean>> = {
  $eq: (slot, bound) => slot === bound,
  $ne: (slot, bound) => slot !== bound,
  $gt: (slot, bound) => slot > bound,
  $gte: (slot, bound) => slot >= bound,
  $lt: (slot, bound) => slot < bound,
  $lte: (slot, bound) => slot <= bound,
};

/** Compile one comparison; over a list's columns, judge the whole list once and keep the verdicts. */
export function compileCompare(filter: Extract<Filter, { kind: 'compare' }>, columns: Columns | undefined): Predicate {
  const spec = OPERATORS[filter.operator];
  const { field } = filter;
  const value = foldArgument(filter.operator, filter.value);
  const test = Array.isArray(value) && !('list' in spec && spec.list)
    ? (cell: Cell) => {
      let truth: Truth = false;
      for (const item of value) truth = or(truth, spec.test(cell, item));
      return truth;
    }
    : (cell: Cell) => spec.test(cell, value);
  if (!columns) return (node) => test(cellOf(node, field));
  // Over a list: judge every node once for this comparison and keep the verdicts with the list,
  // so the same condition in the next query (another page, another sort) costs one array read.
  const key = `${field.name}|${filter.operator}|${JSON.stringify(
    filter.value, (_key, item) => (typeof item === 'bigint' ? `${item}n` : item),
  )}`;
  const judge = (node: Node) => test(cellOf(node, field));
  const verdicts = columns.verdicts(key, () => judgeColumn(columns, field, filter.operator, value, test), judge);
  if (!verdicts) return judgeAt(columns, field, filter.operator, value, test);
  return (node, position) => {
    if (position < 0) return test(cellOf(node, field));
    const verdict = verdicts[position];
    return verdict === 2 ? null : verdict === 1;
  };
}

/**
 * The positions of a list where one number comparison holds (`views > 200`), read straight off the
 * field's column in one tight pass: no verdicts kept, no predicate called per node. `among`: only
 * these positions (ascending) are judged, as an AND's narrowest part selects them. Undefined when
 * the comparison is not one of numbers (the general path judges it).
 */
export function numberComparisonPositions(
  filter: Extract<Filter, { kind: 'compare' }>, columns: Columns, among?: Int32Array,
): Int32Array | undefined {
  const { value, operator, field } = filter;
  const numeric = typeof value === 'number' ? NUMERIC_COMPARISONS[operator] : undefined;
  if (!numeric) return undefined;
  const { values } = columns.cells(field);
  const bound = value as number;
  const found = new Int32Array(among ? among.length : values.length);
  // A NULL cell never holds against a number; another kind (text, bigint) is judged as any cell is.
  const other = (i: number) => OPERATORS[operator].test(cellOf(columns.nodes.at(i)!, field), bound) === true;
  return found.slice(0, collectNumbers(values, numeric, bound, among, found, other));
}

/**
 * The loop of `numberComparisonPositions`, a function of its own: V8 compiles a long loop while it
 * runs (on-stack replacement), and code after the loop in the same function, never run before, left
 * that compiled code without feedback, thrown away at the end of every call.
 */
function collectNumbers(
  values: BlockList<Comparable | null>, numeric: (slot: number, bound: number) => boolean, bound: number,
  among: Int32Array | undefined, found: Int32Array, other: (i: number) => boolean,
): number {
  const length = among ? among.length : values.length;
  let count = 0;
  for (let k = 0; k < length; k++) {
    const i = among ? among[k] : k;
    const slot = values.at(i);
    if (typeof slot === 'number') {
      if (numeric(slot, bound)) found[count++] = i;
    } else if (slot !== null && other(i)) {
      found[count++] = i;
    }
  }
  return count;
}

/** One comparison judged position by position from the list's column (a few positions, not the whole list). */
function judgeAt(columns: Columns, field: FieldRef, operator: Operator, value: unknown, test: (cell: Cell) => Truth): Predicate {
  const column = columns.cells(field);
  const numeric = typeof value === 'number' ? NUMERIC_COMPARISONS[operator] : undefined;
  return (node, position) => {
    if (position < 0) return test(cellOf(node, field));
    const slot = column.values.at(position);
    if (numeric && typeof slot === 'number') return numeric(slot, value as number);
    // the cell itself carries its lower-cased text once a case-folding operator asked for it
    return test(cellOf(node, field));
  };
}

/** One comparison over a whole list's column: a numeric fast path, else a reused scratch cell. */
function judgeColumn(columns: Columns, field: FieldRef, operator: Operator, value: unknown, test: (cell: Cell) => Truth): Uint8Array {
  const column = columns.cells(field);
  const verdicts = new Uint8Array(column.values.length);
  const numeric = typeof value === 'number' ? NUMERIC_COMPARISONS[operator] : undefined;
  if (OPERATORS[operator].argument === 'text') columnLower(column, columns.nodes, field);
  const scratch: Cell = { value: null, text: null, lower: undefined };
  for (let i = 0; i < verdicts.length; i++) {
    const slot = column.values.at(i)!;
    if (numeric && typeof slot === 'number') { verdicts[i] = numeric(slot, value as number) ? 1 : 0; continue; }
    scratch.value = slot;
    // without laid-out texts (no text comparison yet), the node's own cell has the text
    scratch.text = column.texts ? column.texts.at(i)! : cellOf(columns.nodes.at(i)!, field).text;
    scratch.lower = column.lower?.at(i) ?? undefined;
    const truth = test(scratch);
    verdicts[i] = truth === null ? 2 : truth ? 1 : 0;
  }
  return verdicts;
}
