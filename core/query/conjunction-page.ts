import type { Filter } from './ast.js';
import { filterKey, indexedRun, sortedRange, type FilteredList } from './kept-positions.js';

/** A part of an AND that binary searches answer: how many it selects, whether a position is one, and where. */
interface RangedPart {
  count: number;
  holds(position: number): boolean;
  /** Where a walk in list order starts and stops (a run of the list bounds it; an index's run does not). */
  from: number;
  to: number;
  /** An index's run: the list positions it selects, in its values' order (a view: read, never kept). Undefined for a run of the list. */
  positions?: Int32Array;
}

/** A comparison on the list's sort field (a run of the list) or on an indexed field (a run of its index), as a `RangedPart`. */
function rangedPart(list: FilteredList, filter: Filter): RangedPart | undefined {
  const sorted = sortedRange(list, filter);
  if (sorted) {
    const [start, end] = sorted;
    return { count: Math.max(0, end - start), from: start, to: Math.max(start, end), holds: (at) => at >= start && at < end };
  }
  const indexed = indexedRun(list, filter);
  if (!indexed || filter.kind !== 'compare') return undefined;
  const test = indexed.index.holds(filter.operator, filter.value)!;
  const { values } = list.columns(false).cells(filter.field);
  const holds = (at: number) => test(values.at(at)!);
  return {
    count: indexed.run[1] - indexed.run[0], from: 0, to: values.length, holds, positions: indexed.index.runPositions(indexed.run),
  };
}

/**
 * How many positions every part selects. The runs of the list meet in one run `[low, high)`; with no
 * index part that is the count. Otherwise the narrowest index run is read as the typed array it is,
 * each position tested against `[low, high)` (and the other index parts, if any): no call and no
 * boxed value per position, so the whole list's worth costs a millisecond at 1M documents, where
 * judging the other field's column at each position of a run of the list (a call and a load of a
 * number the heap holds somewhere else, per position) cost tens. A run of the list much narrower
 * than every index run is walked instead, judging the index parts there.
 */
function countAll(parts: RangedPart[]): number {
  let low = 0;
  let high = Infinity;
  const indexed: RangedPart[] = [];
  for (const part of parts) {
    if (part.positions) indexed.push(part);
    else { low = Math.max(low, part.from); high = Math.min(high, part.to); }
  }
  if (indexed.length === 0) return Math.max(0, high - low);
  indexed.sort((a, b) => a.count - b.count);
  const [driver] = indexed;
  if ((high - low) * 8 < driver.count) return countWalk(indexed, low, high, 0);
  return countAmong(driver.positions!, low, high, indexed);
}

/*
 * The loops below are small functions of their own, with no array method or closure built in them: V8
 * compiles a hot loop on its own (on-stack replacement) and the code after it too, so a loop beside
 * callbacks and array methods cost tens of milliseconds of compiling, landing on whichever query came
 * next (the tail of the new-filter figure), and a loop followed by code that had never run left it
 * compiled without feedback for that code, to be thrown away at the end of every call.
 */

/** How many positions of `[low, high)` every part holds at, from part `first` on. */
function countWalk(parts: RangedPart[], low: number, high: number, first: number): number {
  let count = 0;
  for (let at = low; at < high; at++) if (allHold(parts, at, first)) count++;
  return count;
}

/** How many of a run's positions lie in `[low, high)` where every part but the first (the run's own) holds. */
function countAmong(positions: Int32Array, low: number, high: number, parts: RangedPart[]): number {
  let count = 0;
  if (parts.length === 1) {
    for (let k = 0; k < positions.length; k++) {
      const at = positions[k];
      if (at >= low && at < high) count++;
    }
    return count;
  }
  for (let k = 0; k < positions.length; k++) {
    const at = positions[k];
    if (at >= low && at < high && allHold(parts, at, 1)) count++;
  }
  return count;
}

/** Does every part from `first` on hold at a position? */
function allHold(parts: RangedPart[], at: number, first: number): boolean {
  for (let p = first; p < parts.length; p++) if (!parts[p].holds(at)) return false;
  return true;
}

/** The positions from `from` (before `to` and `budget`) every part holds at, `start` of them skipped, up to `limit`; where the walk stopped. */
function walkPage(parts: RangedPart[], from: number, to: number, budget: number, start: number, limit: number, page: number[]): number {
  let seen = 0;
  let at = from;
  for (; at < to && at < budget && seen < start + limit; at++) {
    if (!allHold(parts, at, 0)) continue;
    if (seen++ >= start) page.push(at);
  }
  return seen < start + limit ? at : -1;
}

/**
 * One page of an AND whose every part binary searches answer (`readingTime ≥ x` and `views < n` on
 * a list sorted by views), and how many it selects, when the page lies within the first sixteenth
 * of them: the count is one pass over the narrowest index run (`countAll`; no array made), and the page a walk of the list from the start of the tightest run of the list.
 * Nothing is kept, so a stream of new values allocates nothing per node and evicts no kept filter
 * (each such AND used to build, sort and keep its matches: megabytes per query at 1M documents, the
 * collector's work). Undefined for any other filter or a deeper page (`matchingPositions` answers).
 */
export function conjunctionPage(
  list: FilteredList, filter: Filter, start: number, limit: number,
): { positions: number[]; total: number } | undefined {
  if (filter.kind !== 'and' || filter.filters.length < 2 || list.matches.has(filterKey(filter))) return undefined;
  const parts: RangedPart[] = [];
  for (const part of filter.filters) {
    const ranged = rangedPart(list, part);
    if (!ranged) return undefined;
    parts.push(ranged);
  }
  // At most the narrowest part's count match: a page past a sixteenth of that is never shallow.
  if (!((start + limit) * 16 <= Math.min(...parts.map((part) => part.count)))) return undefined;
  const from = Math.max(...parts.map((part) => part.from));
  const to = Math.min(...parts.map((part) => part.to));
  // The page: a walk in list order, given up past a sixteenth of the list (the parts then overlap too little).
  const budget = Math.max(from + (list.nodes.length >> 4), from + start + limit);
  const page: number[] = [];
  const stopped = walkPage(parts, from, to, budget, start, limit, page);
  if (stopped >= 0 && stopped < to) return undefined;
  return { positions: page, total: countAll(parts) };
}
