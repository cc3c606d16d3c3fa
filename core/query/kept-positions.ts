import type { Filter } from './ast.js';
import type { Columns } from './columns.js';
import { numberComparisonPositions } from './compare-filter.js';
import type { Judged } from './list-splice.js';
import type { Node } from './nodes.js';
import type { Predicate } from './predicate.js';

/** Filters whose positions a list keeps (each up to 4 bytes per node; the least recently used goes beyond this). */
const MATCHES_KEPT = 16;

/** A kept sorted list as the search for a filter's positions sees it. */
export interface FilteredList {
  nodes: Node[];
  /** Positions in `nodes` a whole filter selects, by filter key: kept with the list, patched on writes. */
  matches: Map<string, Judged<Int32Array>>;
  /** A filter's predicate over the list; `pointwise`: asked at a few positions only (no comparison judges every node). */
  predicate(filter: Filter, pointwise: boolean): Predicate;
  /** The list's columns (see `Columns`). */
  columns(pointwise: boolean): Columns;
}

const filterKey = (filter: Filter): string => JSON.stringify(filter, (_key, item) => (typeof item === 'bigint' ? `${item}n` : item));

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
  const kept = list.matches.get(key);
  if (kept) {
    // most recently used last: the oldest filter is the one dropped when the list keeps too many
    list.matches.delete(key);
    list.matches.set(key, kept);
    return kept.value;
  }
  const parts = filters.kind === 'and' && filters.filters.length > 1 ? filters.filters : undefined;
  const found = (parts && conjunctionPositions(list, parts))
    || (filters.kind === 'compare' && numberComparisonPositions(filters, list.columns(false)))
    || scanPositions(list.predicate(filters, false), list);
  const judge = list.predicate(filters, true);
  if (list.matches.size >= MATCHES_KEPT) list.matches.delete(list.matches.keys().next().value!);
  list.matches.set(key, { value: found, judge: (node) => judge(node, -1) });
  return found;
}

/** Every position of a list a predicate selects: one pass over the whole list. */
function scanPositions(predicate: Predicate, list: FilteredList): Int32Array {
  const found = new Int32Array(list.nodes.length);
  let count = 0;
  for (let i = 0; i < list.nodes.length; i++) if (predicate(list.nodes[i], i) === true) found[count++] = i;
  return found.slice(0, count);
}

/**
 * The positions every part of an AND selects (SQL's AND is true only where each part is). The
 * narrowest part whose positions are kept drives: the others are judged at its positions only. With
 * no part kept yet, each part's positions are found (and kept) first, so the next AND sharing a
 * part has its driver.
 */
function conjunctionPositions(list: FilteredList, parts: Filter[]): Int32Array {
  let driver: Filter | undefined;
  let narrowest = Infinity;
  for (const part of parts) {
    const positions = list.matches.get(filterKey(part));
    if (positions && positions.value.length < narrowest) { driver = part; narrowest = positions.value.length; }
  }
  driver ??= parts.reduce((best, part) => {
    const positions = matchingPositions(list, part);
    return positions.length < narrowest ? ((narrowest = positions.length), part) : best;
  }, parts[0]);
  const from = matchingPositions(list, driver);
  const others = parts.filter((part) => part !== driver);
  const [only] = others;
  const tight = others.length === 1 && only.kind === 'compare' && numberComparisonPositions(only, list.columns(true), from);
  if (tight) return tight;
  const rest = list.predicate(others.length === 1 ? others[0] : { kind: 'and', filters: others }, true);
  const found = new Int32Array(from.length);
  let count = 0;
  for (let k = 0; k < from.length; k++) if (rest(list.nodes[from[k]], from[k]) === true) found[count++] = from[k];
  return found.slice(0, count);
}
