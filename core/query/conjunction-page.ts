import type { Filter } from './ast.js';
import { NUMERIC_COMPARISONS } from './compare-filter.js';
import { filterKey, indexedRun, sortedRange, type FilteredList } from './kept-positions.js';

/** A part of an AND that binary searches answer: how many it selects, whether a position is one, and a count over its run. */
interface RangedPart {
  count: number;
  holds(position: number): boolean;
  /** How many of the positions it selects `test` passes (a pass over its run of the list, or of its field's index). */
  countWhere(test: (position: number) => boolean): number;
  /** Where a walk in list order starts and stops (a run of the list bounds it; an index's run does not). */
  from: number;
  to: number;
}

/** A comparison on the list's sort field (a run of the list) or on an indexed field (a run of its index), as a `RangedPart`. */
function rangedPart(list: FilteredList, filter: Filter): RangedPart | undefined {
  const sorted = sortedRange(list, filter);
  if (sorted) {
    const [start, end] = sorted;
    return {
      count: Math.max(0, end - start), from: start, to: Math.max(start, end), holds: (at) => at >= start && at < end,
      countWhere: (test) => {
        let count = 0;
        for (let at = start; at < end; at++) if (test(at)) count++;
        return count;
      },
    };
  }
  const indexed = indexedRun(list, filter);
  if (!indexed || filter.kind !== 'compare') return undefined;
  const test = indexed.index.holds(filter.operator, filter.value)!;
  const { values } = list.columns(false).cells(filter.field);
  // A number against a number bound, compared at once (the count judges up to the whole list at this place).
  const bound = filter.value;
  const numeric = typeof bound === 'number' ? NUMERIC_COMPARISONS[filter.operator] : undefined;
  const holds = numeric
    ? (at: number) => { const value = values[at]; return typeof value === 'number' ? numeric(value, bound as number) : test(value); }
    : (at: number) => test(values[at]);
  return {
    count: indexed.run[1] - indexed.run[0], from: 0, to: values.length, holds,
    countWhere: (test) => {
      const positions = indexed.index.runPositions(indexed.run);
      let count = 0;
      for (let k = 0; k < positions.length; k++) if (test(positions[k])) count++;
      return count;
    },
  };
}

/**
 * One page of an AND whose every part binary searches answer (`readingTime ≥ x` and `views < n` on
 * a list sorted by views), and how many it selects, when the page lies within the first sixteenth
 * of them: the count is one pass over the narrowest part's run, judging the others at its positions
 * (no array made), and the page a walk of the list from the start of the tightest run of the list.
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
  parts.sort((a, b) => a.count - b.count);
  const [driver, ...others] = parts;
  // At most the narrowest part's count match: a page past a sixteenth of that is never shallow.
  if (!((start + limit) * 16 <= driver.count)) return undefined;
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
  const total = driver.countWhere(others.length === 1 ? others[0].holds : (position) => others.every((part) => part.holds(position)));
  return { positions: page, total };
}
