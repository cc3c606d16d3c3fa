import { lastAtMost } from './block-list.js';

/**
 * Shifts of list positions not yet applied to an index's entries: what a create, a delete or a
 * row's move does to every later position, kept as a map from the positions the entries hold to
 * the positions they stand for now, and applied to all of them in one pass when a reader needs
 * them as they are (or once many are pending). A write then costs a few steps over the pending
 * shifts instead of a pass over every entry (~500k at 1M).
 *
 * Two kinds of stored position: a **base** one (≥ 0), held since the last pass, maps through the
 * composed shifts — a non-decreasing step function kept as segments of base positions, each with
 * its offset, found by binary search; a **fresh** one (< 0: `~j`, entry `j` of this object), placed
 * after some shifts were pending, is kept as the position it stands for now: each later shift moves
 * the fresh ones it covers (few: the pass comes after `LIMIT` shifts and placements), so reading one
 * is a lookup, not a replay of the shifts since (a search among equal values reads many).
 */
export class PendingShifts {
  /** Base positions where a segment of the composed map starts (ascending; the first is 0). */
  private readonly starts: number[] = [0];
  /** Each segment's offset: a base position `p` in segment `i` stands for `p + offsets[i]`. */
  private readonly offsets: number[] = [0];
  /** Fresh entries: the position each stands for now. */
  private readonly placed: number[] = [];
  /** How many shifts are pending. */
  private shiftCount = 0;

  /**
   * How many shifts and fresh entries are pending; past `LIMIT` the owner applies them (`applyTo`). Fresh entries count
   * too: an update that changes an indexed value in place shifts nothing but places one, and each is replayed.
   */
  get count(): number {
    return this.shifts + this.fresh;
  }

  /** How many shifts are pending, and how many entries were placed fresh since the last pass. */
  get shifts(): number {
    return this.shiftCount;
  }

  get fresh(): number {
    return this.placed.length;
  }

  /** Positions in `[low, high]` (as they are now, `high` may be Infinity) move by `by`. */
  shift(low: number, high: number, by: number): void {
    this.shiftCount++;
    const { placed } = this;
    for (let j = 0; j < placed.length; j++) if (placed[j] >= low && placed[j] <= high) placed[j] += by;
    // The base positions that stand for [low, high] now are one run: the map does not decrease.
    const from = this.firstReaching(low);
    const to = high === Infinity ? Infinity : this.firstReaching(high + 1);
    if (from >= to) return;
    const first = this.split(from);
    const end = to === Infinity ? this.starts.length : this.split(to);
    for (let i = first; i < end; i++) this.offsets[i] += by;
  }

  /** The stored form of a position placed now (a fresh entry). */
  place(position: number): number {
    this.placed.push(position);
    return ~(this.placed.length - 1);
  }

  /** The position a stored one stands for now. */
  resolve(stored: number): number {
    return stored >= 0 ? stored + this.offsets[this.segmentOf(stored)] : this.placed[~stored];
  }

  /**
   * Every stored position in `positions[0, size)` replaced by the one it stands for now; `extent`
   * bounds the base positions (the list's length when they were last applied, or more).
   */
  applyTo(positions: Int32Array, size: number, extent: number): void {
    // The composed map as a table by base position (one sequential fill), then one gather pass.
    if (scratch.length < extent) scratch = new Int32Array(Math.max(extent, scratch.length * 2));
    const { starts, offsets } = this;
    for (let i = 0; i < starts.length; i++) {
      const end = Math.min(i + 1 < starts.length ? starts[i + 1] : extent, extent);
      if (starts[i] < end) scratch.fill(offsets[i], starts[i], end);
    }
    const table = scratch;
    for (let k = 0; k < size; k++) {
      const stored = positions[k];
      positions[k] = stored >= 0 ? stored + table[stored] : this.placed[~stored];
    }
  }

  /** The first base position that stands for `target` or later (the map does not decrease). */
  private firstReaching(target: number): number {
    const { starts, offsets } = this;
    for (let i = 0; i < starts.length; i++) {
      const candidate = Math.max(starts[i], target - offsets[i]);
      if (i + 1 === starts.length || candidate < starts[i + 1]) return candidate;
    }
    return Infinity;
  }

  /** The segment holding base position `p` (the last start ≤ p). */
  private segmentOf(p: number): number {
    return lastAtMost(this.starts, this.starts.length, p);
  }

  /** A segment starting at base position `p` (splitting the one holding it): its number. */
  private split(p: number): number {
    const i = this.segmentOf(p);
    if (this.starts[i] === p) return i;
    this.starts.splice(i + 1, 0, p);
    this.offsets.splice(i + 1, 0, this.offsets[i]);
    return i + 1;
  }
}

/**
 * Shifts and fresh entries kept pending before an index applies them in one pass. A pass costs ~1–2 ms at 1M rows;
 * a pending shift costs a step per fresh entry and per segment (a few µs at this bound). At 64, a create at 1M paid
 * ~0.5 ms of passes (each index's, every 32 creates: a create is a shift and a fresh entry).
 */
export const LIMIT = 1024;

/** Below this many entries an index (or a kept filter's positions) shifts its positions at once, with none pending. */
export const EAGER = 4096;

/** The offset table `applyTo` fills (shared: one pass at a time, on one thread). */
let scratch = new Int32Array(0);
