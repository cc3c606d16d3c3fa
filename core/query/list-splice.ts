import { insertionPoint } from '../index/patchable.js';
import type { Node } from './nodes.js';
import type { Truth } from './operators.js';

/** Something kept per position of a list, with how to judge one node (for a node spliced in later). */
export interface Judged<T> {
  value: T;
  judge: (node: Node) => Truth;
}

/**
 * Move the entry at `from` to `to` (the places between shift by one) and put `value` there: a
 * row's new version moves only as far as its sort keys did.
 */
export function shift<T>(list: T[], from: number, to: number, value: T): void {
  // A far move: two splices (each a native move of a tail) cost less than this loop over the places
  // between, when the tails are not much longer (measured at 1M entries: ~1 ns per entry moved
  // natively, ~4.5 ns per place by the loop).
  const distance = Math.abs(to - from);
  if (distance > 256 && 2 * list.length - from - to < 4 * distance) {
    list.splice(from, 1);
    list.splice(to, 0, value);
    return;
  }
  if (from < to) for (let at = from; at < to; at++) list[at] = list[at + 1];
  else for (let at = from; at > to; at--) list[at] = list[at - 1];
  list[to] = value;
}

/** The same for a list's verdicts, `node`'s own verdict put at `to`. */
export function moveVerdict(verdicts: Judged<Uint8Array>, from: number, to: number, node: Node): void {
  const { value, judge } = verdicts;
  if (from < to) value.copyWithin(from, from + 1, to + 1);
  else value.copyWithin(to + 1, to, from);
  const truth = judge(node);
  value[to] = truth === null ? 2 : truth ? 1 : 0;
}

/** A list's verdicts with the one at `at` removed, or `node`'s inserted there. */
export function spliceVerdicts({ value, judge }: Judged<Uint8Array>, at: number, node: Node | undefined): Uint8Array {
  const out = new Uint8Array(value.length + (node ? 1 : -1));
  out.set(value.subarray(0, at));
  if (!node) {
    out.set(value.subarray(at + 1), at);
    return out;
  }
  const truth = judge(node);
  out[at] = truth === null ? 2 : truth ? 1 : 0;
  out.set(value.subarray(at), at + 1);
  return out;
}

/** A filter's matching positions once the node at `at` is removed, or `node` is inserted there (and kept if it matches). */
export function splicePositions(
  { value: kept, judge }: Judged<Int32Array>, at: number, node: Node | undefined, value: Int32Array = kept,
): Int32Array {
  const first = insertionPoint(value, at - 1, (a, b) => a - b); // the first position ≥ at
  const removes = !node && value[first] === at ? 1 : 0;
  const adds = node && judge(node) === true ? 1 : 0;
  const out = new Int32Array(value.length - removes + adds);
  out.set(value.subarray(0, first));
  if (adds) out[first] = at;
  const shift = node ? 1 : -1;
  for (let from = first + removes, to = first + adds; from < value.length; from++, to++) out[to] = value[from] + shift;
  return out;
}

/**
 * A filter's matching positions once the node at `from` moved to `to` (`shift`), in place when its
 * verdict did not change (most writes): only the positions between the two places move, so an
 * update costs no copy of every match. Otherwise a position leaves or joins: spliced (a copy).
 */
export function movePositions(positions: Judged<Int32Array>, from: number, to: number, node: Node): void {
  const { value } = positions;
  const firstFrom = (at: number) => insertionPoint(value, at - 1, (a, b) => a - b); // the first position ≥ at
  const at = firstFrom(from);
  const was = at < value.length && value[at] === from;
  if (was !== (positions.judge(node) === true)) {
    positions.value = splicePositions(positions, to, node, splicePositions(positions, from, undefined));
    return;
  }
  if (from < to) {
    // positions in (from, to] move down one place; `from`'s own, if kept, becomes `to`
    const end = firstFrom(to + 1);
    if (was) {
      for (let k = at; k < end - 1; k++) value[k] = value[k + 1] - 1;
      value[end - 1] = to;
    } else for (let k = at; k < end; k++) value[k] -= 1;
  } else if (from > to) {
    // positions in [to, from) move up one place
    const start = firstFrom(to);
    if (was) {
      for (let k = at; k > start; k--) value[k] = value[k - 1] + 1;
      value[start] = to;
    } else for (let k = start; k < at; k++) value[k] += 1;
  }
}
