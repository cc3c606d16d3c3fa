import { insertionPoint } from '../index/patchable.js';
import type { Node } from './nodes.js';
import type { Truth } from './operators.js';
import { EAGER, LIMIT, PendingShifts } from './pending-shifts.js';

/** Something kept per position of a list, with how to judge one node (for a node spliced in later). */
export interface Judged<T> {
  value: T;
  judge: (node: Node) => Truth;
}

/** A list's verdicts after the entry at `from` moved to `to` (the places between shift by one), `node`'s own verdict put at `to`. */
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

/**
 * A filter's kept positions, whose creates' and deletes' shifts may be pending (`PendingShifts`, as a
 * field index keeps its own): `value` then holds stored forms, and a reader takes it through `settledPositions`.
 */
export interface KeptPositions extends Judged<Int32Array> {
  pending?: PendingShifts;
  /** Bounds the positions held when the pending shifts began (one past the last of them). */
  extent?: number;
}

/** A filter's kept positions as they are now: what is pending applied to all of them, in one pass. */
export function settledPositions(kept: KeptPositions): Int32Array {
  if (kept.pending) {
    kept.pending.applyTo(kept.value, kept.value.length, kept.extent!);
    kept.pending = undefined;
  }
  return kept.value;
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
 * A filter's matching positions once the node at `from` moved to `to` (`BlockList.move`), in place when
 * its verdict did not change (most writes): only the positions between the two places move, so an
 * update costs no copy of every match. Otherwise a position leaves or joins: spliced. With shifts
 * pending, the move is kept pending too (a settling pass per update cost more than the move).
 */
export function movePositions(positions: KeptPositions, from: number, to: number, node: Node): void {
  if (positions.pending) {
    // A node that stays where it was with the same verdict (an update of a field the list neither sorts nor filters
    // by, most updates) changes no position: nothing is added to what is pending.
    if (from === to) {
      const at = firstResolved(positions.value, positions.pending, from);
      const was = at < positions.value.length && positions.pending.resolve(positions.value[at]) === from;
      if (was === (positions.judge(node) === true)) return;
    }
    // with shifts pending, a move is a delete at `from` and a create at `to`, pending too (no pass)
    splicePending(positions, from, undefined);
    splicePending(positions, to, node);
    return;
  }
  const { value } = positions;
  const firstFrom = (at: number) => insertionPoint(value, at - 1, (a, b) => a - b); // the first position ≥ at
  const at = firstFrom(from);
  const was = at < value.length && value[at] === from;
  if (was !== (positions.judge(node) === true)) {
    splicePositionsKept(positions, from, undefined);
    splicePositionsKept(positions, to, node);
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

type Kept = Int32Array | Uint8Array;

/** Room for this many more entries after the last (a view's own buffer may run on past its end). */
const roomAfter = (value: Kept) => (value.buffer.byteLength - value.byteOffset) / value.BYTES_PER_ELEMENT - value.length;

/**
 * Positions or verdicts kept with room to grow: a view of a longer buffer (an eighth more, at
 * least 64), so an entry spliced in later needs no new array.
 *
 * @example
 * withRoom(Int32Array.of(1, 4)).length // 2, over a buffer of 66
 */
export function withRoom<T extends Kept>(value: T): T {
  const out = new (value.constructor as new (length: number) => T)(value.length + Math.max(64, value.length >> 3));
  out.set(value);
  return out.subarray(0, value.length) as T;
}

/** `spliceVerdicts` in place: the later verdicts move by one (natively) within the buffer's room. */
export function spliceVerdictsKept(verdicts: Judged<Uint8Array>, at: number, node: Node | undefined): void {
  const { value } = verdicts;
  if (!node) {
    value.copyWithin(at, at + 1);
    verdicts.value = value.subarray(0, value.length - 1);
    return;
  }
  if (roomAfter(value) < 1) {
    verdicts.value = withRoom(spliceVerdicts(verdicts, at, node));
    return;
  }
  const out = new Uint8Array(value.buffer, value.byteOffset, value.length + 1);
  out.copyWithin(at + 1, at, value.length);
  const truth = verdicts.judge(node);
  out[at] = truth === null ? 2 : truth ? 1 : 0;
  verdicts.value = out;
}

/**
 * `splicePositions` in place: the positions after `at` shift by one where they are, and the list
 * grows into its buffer's room (a create) or shrinks (a delete); a new array only when out of
 * room. Past `EAGER` positions the shift is kept pending (see `KeptPositions`): a create or
 * delete then costs a binary search and a native move of the later entries, no pass over them.
 */
export function splicePositionsKept(positions: KeptPositions, at: number, node: Node | undefined): void {
  if (positions.pending || positions.value.length >= EAGER) {
    splicePending(positions, at, node);
    return;
  }
  const { value } = positions;
  const first = insertionPoint(value, at - 1, (a, b) => a - b); // the first position ≥ at
  const removes = !node && first < value.length && value[first] === at;
  const adds = !!node && positions.judge(node) === true;
  if (adds && roomAfter(value) < 1) {
    positions.value = withRoom(splicePositions(positions, at, node));
    return;
  }
  if (adds) {
    const out = new Int32Array(value.buffer, value.byteOffset, value.length + 1);
    for (let k = value.length - 1; k >= first; k--) out[k + 1] = value[k] + 1;
    out[first] = at;
    positions.value = out;
  } else if (removes) {
    for (let k = first; k < value.length - 1; k++) value[k] = value[k + 1] - 1;
    positions.value = value.subarray(0, value.length - 1);
  } else {
    const shift = node ? 1 : -1;
    for (let k = first; k < value.length; k++) value[k] += shift;
  }
}

/** `splicePositionsKept` with the later positions' shift kept pending: the entries move natively, unchanged. */
function splicePending(positions: KeptPositions, at: number, node: Node | undefined): void {
  let { value } = positions;
  if (!positions.pending) {
    positions.pending = new PendingShifts();
    positions.extent = value.length ? value[value.length - 1] + 1 : 0;
  }
  const pending = positions.pending;
  const first = firstResolved(value, pending, at);
  if (node) {
    pending.shift(at, Infinity, 1);
    if (positions.judge(node) === true) {
      if (roomAfter(value) < 1) value = withRoom(value);
      const out = new Int32Array(value.buffer, value.byteOffset, value.length + 1);
      out.copyWithin(first + 1, first, value.length);
      out[first] = pending.place(at);
      positions.value = out;
    }
  } else {
    if (first < value.length && pending.resolve(value[first]) === at) {
      value.copyWithin(first, first + 1);
      positions.value = value.subarray(0, value.length - 1);
    }
    pending.shift(at + 1, Infinity, -1);
  }
  if (pending.count >= LIMIT) settledPositions(positions);
}

/** The first of the stored positions whose position now is `at` or later (they stay in order through the shifts). */
function firstResolved(value: Int32Array, pending: PendingShifts, at: number): number {
  let low = 0;
  let high = value.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (pending.resolve(value[middle]) < at) low = middle + 1;
    else high = middle;
  }
  return low;
}
