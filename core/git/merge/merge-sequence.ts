import { sameData } from '../../storage/serialize.js';
import { Conflict } from './conflict.js';

/** One side's change to a list: base items `[start, end)` replaced by `items`. */
interface Edit { start: number; end: number; items: unknown[]; side: 'ours' | 'theirs' }

/** Past this many base × side items the changed middle of a list is not aligned (a table that size costs 16 MB): it is one run. */
export const MAX_ALIGNED_CELLS = 4_000_000;

/** Pairs of equal items (base index, side index) in order: a longest common subsequence (none past MAX_ALIGNED_CELLS). */
function commonItems(base: unknown[], side: unknown[]): [number, number][] {
  if ((base.length + 1) * (side.length + 1) > MAX_ALIGNED_CELLS) return [];
  const rows = base.length + 1;
  const cols = side.length + 1;
  const length = new Uint32Array(rows * cols);
  for (let i = base.length - 1; i >= 0; i -= 1) {
    for (let j = side.length - 1; j >= 0; j -= 1) {
      length[i * cols + j] = sameData(base[i], side[j])
        ? length[(i + 1) * cols + j + 1] + 1
        : Math.max(length[(i + 1) * cols + j], length[i * cols + j + 1]);
    }
  }
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < base.length && j < side.length;) {
    if (sameData(base[i], side[j])) {
      pairs.push([i, j]);
      i += 1;
      j += 1;
    } else if (length[(i + 1) * cols + j] >= length[i * cols + j + 1]) i += 1;
    else j += 1;
  }
  return pairs;
}

/** What one side did to the base, as replacements between the items it kept (common ends first, so equal items pair in place). */
function editsOf(base: unknown[], side: unknown[], name: Edit['side']): Edit[] {
  let head = 0;
  while (head < base.length && head < side.length && sameData(base[head], side[head])) head += 1;
  let tail = 0;
  const sameAtEnd = () => sameData(base[base.length - 1 - tail], side[side.length - 1 - tail]);
  while (tail < base.length - head && tail < side.length - head && sameAtEnd()) tail += 1;
  const middle = commonItems(base.slice(head, base.length - tail), side.slice(head, side.length - tail))
    .map(([i, j]): [number, number] => [i + head, j + head]);
  const kept: [number, number][] = [[head - 1, head - 1], ...middle, [base.length - tail, side.length - tail]];
  const edits: Edit[] = [];
  for (let at = 1; at < kept.length; at += 1) {
    const [start, end] = [kept[at - 1][0] + 1, kept[at][0]];
    const items = side.slice(kept[at - 1][1] + 1, kept[at][1]);
    edits.push(...inPlace({ start, end, items, side: name }, base));
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
    out.push(...base.slice(at, edit.start), ...edit.items);
    at = edit.end;
  }
  return [...out, ...base.slice(at, end)];
}

/** Items both sides changed in one run: item by item when both only replaced items one for one, else the run is one conflict. */
function mergeRun(base: unknown[], group: Edit[], start: number, end: number, mergeItem: MergeItem): unknown[] {
  const ours = applied(base, start, end, group.filter((edit) => edit.side === 'ours'));
  const theirs = applied(base, start, end, group.filter((edit) => edit.side === 'theirs'));
  if (sameData(ours, theirs)) return ours;
  if (start === end) return [...ours, ...theirs]; // both added here: both stay, ours first
  if (ours.length === end - start && theirs.length === end - start) {
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
export function mergeSequence(base: unknown[], ours: unknown[], theirs: unknown[], mergeItem: MergeItem): unknown[] {
  const edits = [...editsOf(base, ours, 'ours'), ...editsOf(base, theirs, 'theirs')]
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
    out.push(...base.slice(at, range.start));
    const sides = new Set(group.map((edit) => edit.side));
    out.push(...(sides.size === 1
      ? applied(base, range.start, range.end, group)
      : mergeRun(base, group, range.start, range.end, mergeItem)));
    at = range.end;
  }
  return [...out, ...base.slice(at)];
}
