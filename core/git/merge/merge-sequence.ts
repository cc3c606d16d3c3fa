import { sameData } from '../../storage/serialize.js';
import { Conflict } from './conflict.js';

/** One side's change to a list: base items `[start, end)` replaced by `items`. */
interface Edit {
  start: number; end: number; items: unknown[]; side: 'ours' | 'theirs';
  /** A middle too long to align: items it kept may stand anywhere in it, so nothing in it pairs by place. */
  unaligned?: true;
}

/**
 * Past this many base × side items the changed middle of a list is not aligned (a table that size
 * costs 16 MB and some 100 ms): it is one run. The budget is shared by all the lists of one merge
 * (blocks, zones, lists nested in zone entries), so a request of many lists cannot multiply it.
 */
export const MAX_ALIGNED_CELLS = 4_000_000;

/** What is left of one merge's alignment budget, in base × side items. */
export interface AlignBudget { cells: number }
export const alignBudget = (): AlignBudget => ({ cells: MAX_ALIGNED_CELLS });

/**
 * `JSON.stringify`'s replacer making an item's text the same exactly where `sameData` holds: record
 * keys sorted and undefined fields left out, strings tagged `s` and every value JSON cannot hold
 * (undefined in a list, NaN, a Date's own value) tagged `x`, so no two items `sameData` tells apart
 * share a text. Each item is read once, and the alignment compares numbers, not trees.
 */
function canonical(this: Record<string, unknown>, key: string): unknown {
  const value = this[key]; // as stored: the replacer's second argument is after a Date's toJSON
  switch (typeof value) {
    case 'string': return `s${value}`;
    case 'number': return Number.isFinite(value) ? value : `x${value}`;
    case 'boolean': return value;
    case 'undefined': return Array.isArray(this) ? 'xundefined' : undefined;
    case 'object': break;
    default: return `x${typeof value}:${String(value)}`;
  }
  if (value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const sorted: Record<string, unknown> = Object.create(null); // a `__proto__` field stays a field
  for (const name of Object.keys(record).sort()) sorted[name] = record[name];
  return sorted;
}
const keyOf = (item: unknown) => JSON.stringify([item], canonical as (key: string, value: unknown) => unknown);

/** Each list's items as numbers, equal numbers for equal items (across the three lists). */
function itemIds(...lists: unknown[][]): Int32Array[] {
  const ids = new Map<string, number>();
  return lists.map((list) => Int32Array.from(list, (item) => {
    const key = keyOf(item);
    const id = ids.get(key) ?? ids.size;
    ids.set(key, id);
    return id;
  }));
}

/** Append `items` one by one: `push(...items)` throws past some 100 k arguments. */
function append<T>(out: T[], items: ArrayLike<T>): T[] {
  for (let at = 0; at < items.length; at += 1) out.push(items[at]);
  return out;
}

/** Pairs of equal items (base index, side index) in order: a longest common subsequence (undefined past MAX_ALIGNED_CELLS). */
function commonItems(base: Int32Array, side: Int32Array, budget: AlignBudget): [number, number][] | undefined {
  if ((base.length + 1) * (side.length + 1) > budget.cells) return undefined;
  budget.cells -= (base.length + 1) * (side.length + 1);
  const rows = base.length + 1;
  const cols = side.length + 1;
  const length = new Uint32Array(rows * cols);
  for (let i = base.length - 1; i >= 0; i -= 1) {
    const row = i * cols;
    const below = row + cols;
    const item = base[i];
    for (let j = side.length - 1; j >= 0; j -= 1) {
      const down = length[below + j];
      const right = length[row + j + 1];
      length[row + j] = item === side[j] ? length[below + j + 1] + 1 : (down >= right ? down : right);
    }
  }
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < base.length && j < side.length;) {
    if (base[i] === side[j]) {
      pairs.push([i, j]);
      i += 1;
      j += 1;
    } else if (length[(i + 1) * cols + j] >= length[i * cols + j + 1]) i += 1;
    else j += 1;
  }
  return pairs;
}

/** What one side did to the base, as replacements between the items it kept (common ends first, so equal items pair in place). */
function editsOf(base: unknown[], side: unknown[], [baseIds, sideIds]: Int32Array[], name: Edit['side'], budget: AlignBudget): Edit[] {
  let head = 0;
  while (head < base.length && head < side.length && baseIds[head] === sideIds[head]) head += 1;
  let tail = 0;
  const sameAtEnd = () => baseIds[base.length - 1 - tail] === sideIds[side.length - 1 - tail];
  while (tail < base.length - head && tail < side.length - head && sameAtEnd()) tail += 1;
  const common = commonItems(baseIds.subarray(head, base.length - tail), sideIds.subarray(head, side.length - tail), budget);
  if (!common) return [{ start: head, end: base.length - tail, items: side.slice(head, side.length - tail), side: name, unaligned: true }];
  const middle = common.map(([i, j]): [number, number] => [i + head, j + head]);
  const kept: [number, number][] = [[head - 1, head - 1], ...middle, [base.length - tail, side.length - tail]];
  const edits: Edit[] = [];
  for (let at = 1; at < kept.length; at += 1) {
    const [start, end] = [kept[at - 1][0] + 1, kept[at][0]];
    const items = side.slice(kept[at - 1][1] + 1, kept[at][1]);
    append(edits, inPlace({ start, end, items, side: name }, base));
  }
  return edits;
}

const kind = (item: unknown) => (item && typeof item === 'object'
  ? (item as { __component?: unknown }).__component ?? (item as { type?: unknown }).type
  : typeof item);

/**
 * A replacement split where its first items kept their kind (a paragraph still a paragraph, an
 * entry the same component): those are edits in place, the rest is added or removed after them.
 */
function inPlace(edit: Edit, base: unknown[]): Edit[] {
  let same = 0;
  const room = Math.min(edit.end - edit.start, edit.items.length);
  while (same < room && kind(edit.items[same]) === kind(base[edit.start + same])) same += 1;
  const single = edit.items.slice(0, same)
    .map((item, at) => ({ ...edit, start: edit.start + at, end: edit.start + at + 1, items: [item] }));
  const rest = { ...edit, start: edit.start + same, items: edit.items.slice(same) };
  return [...single, ...(rest.start < rest.end || rest.items.length ? [rest] : [])];
}

const isInsert = (edit: Edit) => edit.start === edit.end;
/** Whether two edits touch the same base items (two inserts at one place do; an insert at a range's edge does not). */
function overlaps(a: { start: number; end: number }, b: Edit): boolean {
  if (isInsert(b)) return a.start === a.end ? a.start === b.start : a.start < b.start && b.start < a.end;
  if (a.start === a.end) return b.start < a.start && a.start < b.end;
  return a.start < b.end && b.start < a.end;
}

/** The base items `[start, end)` as one side's edits in that range leave them. */
function applied(base: unknown[], start: number, end: number, edits: Edit[]): unknown[] {
  const out: unknown[] = [];
  let at = start;
  for (const edit of edits) {
    append(append(out, base.slice(at, edit.start)), edit.items);
    at = edit.end;
  }
  return append(out, base.slice(at, end));
}

/**
 * Items both sides changed in one run: item by item when every edit in it replaced items one for
 * one, else the run is one conflict. Equal lengths alone are not enough: a side that removed one
 * item and added another shifts the items between, and pairing by place would drop an item it kept
 * (or merge one entry's fields into another).
 */
function mergeRun(base: unknown[], group: Edit[], start: number, end: number, mergeItem: MergeItem): unknown[] {
  const ours = applied(base, start, end, group.filter((edit) => edit.side === 'ours'));
  const theirs = applied(base, start, end, group.filter((edit) => edit.side === 'theirs'));
  if (sameData(ours, theirs)) return ours;
  if (start === end) return [...ours, ...theirs]; // both added here: both stay, ours first
  if (group.every((edit) => !edit.unaligned && edit.items.length === edit.end - edit.start)) {
    return base.slice(start, end).map((item, at) => mergeItem(item, ours[at], theirs[at]));
  }
  return [new Conflict(ours, theirs, true)];
}

export type MergeItem = (base: unknown, ours: unknown, theirs: unknown) => unknown;

/**
 * The 3-way merge of a list whose items have no identity (blocks, a dynamic zone's entries): each
 * side's changes are found by aligning it with the base (as a line diff does), changes to
 * different items are all taken, items both sides replaced in place merge with `mergeItem`, and a
 * run both sides reshaped differently is one span `Conflict`.
 *
 * @example
 * mergeSequence(['a', 'b', 'c'], ['A', 'b', 'c'], ['a', 'b', 'C'], (b, o, t) => t) // → ['A', 'b', 'C']
 */
export function mergeSequence(
  base: unknown[], ours: unknown[], theirs: unknown[], mergeItem: MergeItem, budget = alignBudget(),
): unknown[] {
  const [baseIds, oursIds, theirsIds] = itemIds(base, ours, theirs);
  const edits = [
    ...editsOf(base, ours, [baseIds, oursIds], 'ours', budget), ...editsOf(base, theirs, [baseIds, theirsIds], 'theirs', budget),
  ]
    .sort((a, b) => a.start - b.start || Number(isInsert(b)) - Number(isInsert(a)));
  const out: unknown[] = [];
  let at = 0;
  for (let next = 0; next < edits.length;) {
    const group = [edits[next]];
    const range = { start: edits[next].start, end: edits[next].end };
    for (next += 1; next < edits.length && overlaps(range, edits[next]); next += 1) {
      group.push(edits[next]);
      range.end = Math.max(range.end, edits[next].end);
    }
    append(out, base.slice(at, range.start));
    const sides = new Set(group.map((edit) => edit.side));
    append(out, sides.size === 1
      ? applied(base, range.start, range.end, group)
      : mergeRun(base, group, range.start, range.end, mergeItem));
    at = range.end;
  }
  return append(out, base.slice(at));
}
