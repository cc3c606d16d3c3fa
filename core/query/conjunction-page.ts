import type { Filter } from './ast.js';
import { NUMERIC_COMPARISONS } from './compare-filter.js';
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
  // A number against a number bound, compared at once.
  const bound = filter.value;
  const numeric = typeof bound === 'number' ? NUMERIC_COMPARISONS[filter.operator] : undefined;
  const holds = numeric
    ? (at: number) => { const value = values[at]; return typeof value === 'number' ? numeric(value, bound as number) : test(value); }
    : (at: number) => test(values[at]);
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
  const runs = parts.filter((part) => !part.positions);
  const low = Math.max(0, ...runs.map((part) => part.from));
  const high = Math.min(Infinity, ...runs.map((part) => part.to));
  const indexed = parts.filter((part) => part.positions).sort((a, b) => a.count - b.count);
  if (indexed.length === 0) return Math.max(0, high - low);
  const [driver, ...others] = indexed;
  const rest = others.length === 0 ? undefined : (at: number) => others.every((part) => part.holds(at));
  let count = 0;
  if ((high - low) * 8 < driver.count) {
    for (let at = low; at < high; at++) if (indexed.every((part) => part.holds(at))) count++;
    return count;
  }
  const positions = driver.positions!;
  for (let k = 0; k < positions.length; k++) {
    const at = positions[k];
    if (at >= low && at < high && (!rest || rest(at))) count++;
  }
  return count;
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
  let seen = 0;
  let at = from;
  for (; at < to && at < budget && seen < start + limit; at++) {
    if (!parts.every((part) => part.holds(at))) continue;
    if (seen++ >= start) page.push(at);
  }
  if (seen < start + limit && at < to) return undefined;
  return { positions: page, total: countAll(parts) };
}
