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
