import type { Filter } from './ast.js';
import type { Columns } from './columns.js';
import { numberComparisonPositions } from './compare-filter.js';
import { settledPositions, withRoom, type KeptPositions } from './list-splice.js';
import type { Node } from './nodes.js';
import type { FieldIndex } from './field-index.js';
import type { Comparable } from './cast.js';
import type { BlockList } from './block-list.js';
import { compareValues } from './operators.js';
import type { Predicate } from './predicate.js';

/** Filters whose positions a list keeps (each up to 4 bytes per node; the least recently used goes beyond this). */
const MATCHES_KEPT = 16;

/** A kept sorted list as the search for a filter's positions sees it. */
export interface FilteredList {
  nodes: BlockList<Node>;
  /** Positions in `nodes` a whole filter selects, by filter key: kept with the list, patched on writes. */
  matches: Map<string, KeptPositions>;
  /** A filter's predicate over the list; `pointwise`: asked at a few positions only (no comparison judges every node). */
  predicate(filter: Filter, pointwise: boolean): Predicate;
  /** The list's columns (see `Columns`). */
  columns(pointwise: boolean): Columns;
  /** The field's sorted index over the list (see `FieldIndex`), built on first use; undefined when it has none. */
  index(field: Extract<Filter, { kind: 'compare' }>['field']): FieldIndex | undefined;
  /** The field the list is sorted by first (a field of its own nodes), if any: its column is in order. */
  sortedBy: { name: string; direction: 'asc' | 'desc' } | undefined;
}

const RANGE_OPERATORS: ReadonlySet<string> = new Set(['$eq', '$gt', '$gte', '$lt', '$lte']);

/**
 * Where a comparison on the field a list is sorted by holds: one run of the list, found by binary
 * search (the sort orders values as the comparison does, NULLs first ascending and last descending,
 * and a NULL never matches). Undefined for any other filter.
 */
export function sortedRange(list: FilteredList, filter: Filter): [start: number, end: number] | undefined {
  if (filter.kind !== 'compare' || list.sortedBy?.name !== filter.field.name || !RANGE_OPERATORS.has(filter.operator)) return undefined;
  const bound = filter.value;
  if (typeof bound !== 'number' && typeof bound !== 'string' && typeof bound !== 'bigint') return undefined;
  const { values } = list.columns(false).cells(filter.field);
  const ascending = list.sortedBy.direction === 'asc';
  // Each slot against the bound, in the list's direction: never decreasing along the list.
  const order = (i: number) => {
    const value = values.at(i)!;
    const versus = value === null ? -1 : compareValues(value, bound);
    return ascending ? versus : -versus;
  };
  const first = (holds: (i: number) => boolean) => {
    let low = 0;
    let high = values.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (holds(middle)) high = middle;
      else low = middle + 1;
    }
    return low;
  };
  const lower = first((i) => order(i) >= 0);
  const upper = first((i) => order(i) > 0);
  const operator = filter.operator;
  if (operator === '$eq') return [lower, upper];
  if (ascending) {
    const known = first((i) => values.at(i) !== null);
    return operator === '$gt' ? [upper, values.length] : operator === '$gte' ? [lower, values.length]
      : operator === '$lt' ? [known, Math.max(known, lower)] : [known, Math.max(known, upper)];
  }
  const nulls = first((i) => values.at(i) === null);
  return operator === '$gt' ? [0, lower] : operator === '$gte' ? [0, upper]
    : operator === '$lt' ? [upper, Math.max(upper, nulls)] : [lower, Math.max(lower, nulls)];
}

/** A comparison a field's index answers: the index and the run of its entries that match. */
export interface IndexedRun { index: FieldIndex; run: [number, number] }

const INDEXED_OPERATORS: ReadonlySet<string> = new Set([...RANGE_OPERATORS, '$between']);

/** Where a comparison holds, found in its field's index (a comparison `sortedRange` answers needs none: ask it first). */
export function indexedRun(list: FilteredList, filter: Filter): IndexedRun | undefined {
  if (filter.kind !== 'compare' || !INDEXED_OPERATORS.has(filter.operator)) return undefined;
  const index = list.index(filter.field);
  const found = index?.run(filter.operator, filter.value);
  return found && { index: index!, run: found };
}

/**
 * One page of a comparison its field's index answers, and how many it selects, when the page lies
 * within the first sixteenth of what it selects: the count is the run's length, and the page is
 * found by walking the list's column from the start (a sixteenth of the list at most, in
 * expectation). No positions are made and nothing is kept, so a stream of new values evicts no kept
 * filter. Undefined for any other filter or page (or a filter already kept: its positions are read).
 */
export function widePage(
  list: FilteredList, filter: Filter, start: number, limit: number,
): { positions: number[]; total: number } | undefined {
  const indexed = indexedRun(list, filter);
  if (!indexed || filter.kind !== 'compare') return undefined;
  const total = indexed.run[1] - indexed.run[0];
  if (!((start + limit) * 16 <= total) || list.matches.has(filterKey(filter))) return undefined;
  const holds = indexed.index.holds(filter.operator, filter.value)!;
  const { values } = list.columns(false).cells(filter.field);
  return { positions: firstHolding(values, holds, start, limit), total };
}

/*
 * Each long loop here is a function of its own, with nothing after it but a return: V8 compiles a
 * long loop while it runs (on-stack replacement), together with the code around it, and code after
 * the loop that had never run left that compiled code without feedback, thrown away at the end of
 * every call; array methods and closures beside the loop made it slow to compile.
 */

/** The positions of a column whose value holds, `start` of them skipped, up to `limit`. */
function firstHolding(values: BlockList<Comparable | null>, holds: (value: Comparable | null) => boolean, start: number, limit: number): number[] {
  const positions: number[] = [];
  let seen = 0;
  const length = values.length;
  for (let i = 0; i < length && seen < start + limit; i++) {
    if (!holds(values.at(i)!)) continue;
    if (seen++ >= start) positions.push(i);
  }
  return positions;
}

/** Into `found`, the positions of `among` (or every position, to `length`) a predicate selects; how many. */
function collectWhere(predicate: Predicate, nodes: BlockList<Node>, among: Int32Array | undefined, length: number, found: Int32Array): number {
  let count = 0;
  for (let k = 0; k < length; k++) {
    const i = among ? among[k] : k;
    if (predicate(nodes.at(i)!, i) === true) found[count++] = i;
  }
  return count;
}

/** A kept filter's positions, made the most recently used (the oldest is the one dropped). */
function keptPositions(list: FilteredList, key: string): Int32Array | undefined {
  const kept = list.matches.get(key);
  if (!kept) return undefined;
  list.matches.delete(key);
  list.matches.set(key, kept);
  return settledPositions(kept);
}

/** The positions of a run of a list. */
function run([start, end]: [number, number]): Int32Array {
  const positions = new Int32Array(end - start);
  for (let k = 0; k < positions.length; k++) positions[k] = start + k;
  return positions;
}

export const filterKey = (filter: Filter): string => JSON.stringify(filter, (_key, item) => (typeof item === 'bigint' ? `${item}n` : item));

/**
 * Where a filter's matches lie in a list, kept with the list (until a type it reads changes): the
 * same filter again — another page, the next request — costs no scan, only the page's slice.
 * The kept filters are the list's indexes, chosen by the queries seen: each part of an AND is kept
 * on its own too, so the same AND with one value never asked before (`views > 201` after
 * `views > 200`, beside the same `title` filter) walks only the positions its narrowest kept
 * part selects and judges the new part there, instead of scanning the whole list.
 */
export function matchingPositions(list: FilteredList, filters: Filter): Int32Array {
  const key = filterKey(filters);
  const kept = keptPositions(list, key);
  if (kept) return kept;
  const parts = filters.kind === 'and' && filters.filters.length > 1 ? filters.filters : undefined;
  // A run of the sorted list costs a binary search: not kept (nor patched on every write).
  const range = sortedRange(list, filters);
  if (range) return run(range);
  // A run of a field's index: a narrow one costs its own size, so it is not kept either; a wide
  // one is read off the whole list once, then kept as any filter is.
  const indexed = indexedRun(list, filters);
  const fromIndex = indexed?.index.positionsOf(indexed.run, list.nodes.length);
  if (indexed && (indexed.run[1] - indexed.run[0]) * 16 < list.nodes.length) return fromIndex!;
  const found = fromIndex
    || (parts && conjunctionPositions(list, parts))
    || (filters.kind === 'compare' && numberComparisonPositions(filters, list.columns(false)))
    || scanPositions(list.predicate(filters, false), list);
  const judge = list.predicate(filters, true);
  if (list.matches.size >= MATCHES_KEPT) list.matches.delete(list.matches.keys().next().value!);
  // With room to grow: a create adds its position in place (see splicePositionsKept).
  const stored = { value: withRoom(found), judge: (node: Node) => judge(node, -1) };
  list.matches.set(key, stored);
  return stored.value;
}

/** Every position of a list a predicate selects: one pass over the whole list. */
function scanPositions(predicate: Predicate, list: FilteredList): Int32Array {
  const found = new Int32Array(list.nodes.length);
  return found.slice(0, collectWhere(predicate, list.nodes, undefined, found.length, found));
}

/**
 * The positions every part of an AND selects (SQL's AND is true only where each part is). The
 * narrowest part drives: the others are judged at its positions only. A part's positions are kept
 * (found the first time it is asked), so the next AND sharing a part, with another value for the
 * rest, has its driver; a comparison on the field the list is sorted by needs none (a run).
 */
function conjunctionPositions(list: FilteredList, parts: Filter[]): Int32Array {
  let driver = parts[0];
  let narrowest = Infinity;
  let from: Int32Array | [number, number] = [0, 0];
  let fromIndex: FieldIndex | undefined;
  // A comparison on the sorted field is a run of the list, one on an indexed field a run of its
  // index: each counted by binary search. Other parts drive once kept; with none kept yet, each is
  // found now (and kept, for the next AND).
  const anyKept = parts.some((part) => list.matches.has(filterKey(part)));
  for (const part of parts) {
    const sorted = sortedRange(list, part);
    const indexed = sorted ? undefined : indexedRun(list, part);
    const range = sorted ?? indexed?.run;
    const positions = range ?? (anyKept ? keptPositions(list, filterKey(part)) : matchingPositions(list, part));
    if (!positions) continue;
    const count = range ? range[1] - range[0] : (positions as Int32Array).length;
    if (count < narrowest) { driver = part; narrowest = count; from = positions; fromIndex = indexed?.index; }
  }
  if (!(from instanceof Int32Array)) from = fromIndex ? fromIndex.positionsOf(from, list.nodes.length) : run(from);
  const others = parts.filter((part) => part !== driver);
  const [only] = others;
  const tight = others.length === 1 && only.kind === 'compare' && numberComparisonPositions(only, list.columns(true), from);
  if (tight) return tight;
  const rest = list.predicate(others.length === 1 ? others[0] : { kind: 'and', filters: others }, true);
  const found = new Int32Array(from.length);
  return found.slice(0, collectWhere(rest, list.nodes, from, from.length, found));
}
