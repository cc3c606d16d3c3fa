import type { Comparable } from './cast.js';
import { cellTest, compare, EXTRA, sortedPositions, withRoom, type ColumnValues } from './field-order.js';
import { EAGER, LIMIT, PendingShifts } from './pending-shifts.js';

/**
 * One field of a kept list, sorted: the list's positions whose cell is not NULL, ordered by
 * (value, position); each entry's value is read through the list's own column (no copy of the
 * values: one array fewer for a create to move, and no boxes of its own). A comparison never asked
 * before on the field (`$eq`, `$gt`, `$gte`, `$lt`, `$lte`, `$between`) is then two binary searches
 * and the run between them, whatever the value, instead of a pass over the whole column. Built on
 * the first such comparison on the field and kept with the list; a write moves the positions it
 * shifts and re-places the one row it changed, in step with the column: `remove` and `leave`
 * while the column still holds the row where it was, `insert` and `arrive` once the column holds
 * it where it is. The shift of every later position a create, a delete or a move makes is kept
 * pending (`PendingShifts`), and a placed entry is held apart (`extra`), until a reader needs them
 * or many wait: a write costs no pass over the entries. Only columns of one kind (every value a
 * number and none NaN, or every value a string) are indexed: one order, the comparisons' own.
 */
export class FieldIndex {
  private constructor(
    /** `number` or `string`: the kind of every value (undefined while there is none). */
    private kind: 'number' | 'string' | undefined,
    /** The list's column: `column.at(positions[k])` is the k-th value in order. */
    private column: ColumnValues,
    /** Positions in the list, in the values' order (ties by position), as stored while shifts are pending; spare room past `size`. */
    private positions: Int32Array,
    private size: number,
  ) {}

  /** Entries placed since the last merge in a large index, sorted and stored as `positions` (a create moves a few, not 2 MB at 1M rows). */
  private extra: Int32Array = new Int32Array(0);
  private extraSize = 0;
  /** Shifts not yet applied to `positions` (undefined when there are none). */
  private pending: PendingShifts | undefined;
  /** Bounds the positions held when the pending shifts began (the list's length then). */
  private extent = 0;

  /**
   * The index of a column, or undefined when it mixes kinds (or holds NaN, or bigints).
   * @example
   * FieldIndex.build([3, null, 1]).run('$gt', 2); // → [1, 2]: one entry, at position 0
   */
  static build(column: ColumnValues): FieldIndex | undefined {
    const sorted = sortedPositions(column);
    return sorted && new FieldIndex(sorted.kind, column, withRoom(sorted.positions), sorted.positions.length);
  }

  /** Does a value go in this index (NULL goes nowhere; another kind cannot)? */
  accepts(value: Comparable | null): boolean {
    if (value === null) return true;
    const type = typeof value;
    return (type === this.kind || (!this.kind && (type === 'number' || type === 'string'))) && value === value;
  }

  /** How many positions hold a value. */
  get length(): number {
    return this.size + this.extraSize;
  }

  /**
   * Where a comparison holds, as a run `[start, end)` of the sorted entries; undefined for an
   * operator or bound this index does not answer. NULL cells never match, as in SQL.
   */
  run(operator: string, bound: unknown): [number, number] | undefined {
    this.merge();
    if (operator === '$between') {
      if (!Array.isArray(bound) || bound.length !== 2 || !this.accepts(bound[0]) || !this.accepts(bound[1])) return undefined;
      if (bound[0] === null || bound[1] === null) return [0, 0];
      return [this.first(bound[0], 0), Math.max(this.first(bound[0], 0), this.first(bound[1], 1))];
    }
    if (bound === null || !this.accepts(bound as Comparable)) return undefined;
    const value = bound as Comparable;
    switch (operator) {
      case '$eq': return [this.first(value, 0), this.first(value, 1)];
      case '$gt': return [this.first(value, 1), this.size];
      case '$gte': return [this.first(value, 0), this.size];
      case '$lt': return [0, this.first(value, 0)];
      case '$lte': return [0, this.first(value, 1)];
      default: return undefined;
    }
  }

  /**
   * The test of one cell a run stands for (`value` in the run iff it holds), for a walk of the list's
   * column; undefined where `run` is.
   */
  holds(operator: string, bound: unknown): ((value: Comparable | null) => boolean) | undefined {
    if (!this.run(operator, bound)) return undefined;
    if (operator === '$between') {
      const [low, high] = bound as [Comparable | null, Comparable | null];
      if (low === null || high === null) return () => false;
      const [from, to] = [this.holds('$gte', low)!, this.holds('$lte', high)!];
      return (value) => from(value) && to(value);
    }
    return cellTest(operator, bound as Comparable);
  }

  /** The positions of a run, ascending (the list's order), as a kept filter's positions are. */
  positionsOf([start, end]: [number, number], listLength: number): Int32Array {
    const count = end - start;
    if (count <= 0) return new Int32Array(0);
    this.settle();
    // A narrow run: sort its positions (k log k). A wide one: mark them and read the marks in order (n).
    if (count * 16 < listLength) return this.positions.slice(start, end).sort();
    const marks = new Uint8Array(listLength);
    for (let k = start; k < end; k++) marks[this.positions[k]] = 1;
    const out = new Int32Array(count);
    let at = 0;
    for (let i = 0; i < listLength; i++) if (marks[i] === 1) out[at++] = i;
    return out;
  }

  /** The positions of a run, in the values' order (a view of the index: no copy; read it, never keep it). */
  runPositions([start, end]: [number, number]): Int32Array {
    this.settle();
    return this.positions.subarray(start, Math.max(start, end));
  }

  /** A row leaves `from` (the column still holds it there, `before`): its entry goes; `arrive` puts it back. */
  leave(from: number, before: Comparable | null): boolean {
    return this.remove(from, before, false);
  }

  /** The row `leave` took from `from` is at `to` with `after` (the column holds it there): those between shift, it is placed. */
  arrive(from: number, to: number, after: Comparable | null): boolean {
    if (from < to) this.shiftPositions(from + 1, to, -1);
    else if (to < from) this.shiftPositions(to, from - 1, 1);
    return this.place(to, after);
  }

  /** A row inserted at `at` (the column holds it there already; the later positions shift up). */
  insert(at: number, value: Comparable | null): boolean {
    this.shiftPositions(at, Infinity, 1);
    return this.place(at, value);
  }

  /** The row at `at`, holding `value`, removed (before the column drops it; the later positions shift down). */
  remove(at: number, value: Comparable | null, shift = true): boolean {
    if (value !== null) {
      if (!this.accepts(value)) return false;
      const k = this.entry(value, at);
      if (k < this.size && this.positionAt(k) === at && this.valueAt(k) === value) {
        this.positions.copyWithin(k, k + 1, this.size);
        this.size--;
      } else {
        const j = this.extraEntry(value, at);
        // not where its value puts it: the caller drops the index (rebuilt on the next comparison)
        if (j >= this.extraSize || this.resolved(this.extra[j]) !== at || this.column.at(at) !== value) return false;
        this.extra.copyWithin(j, j + 1, this.extraSize);
        this.extraSize--;
      }
    }
    if (shift) this.shiftPositions(at + 1, Infinity, -1);
    return true;
  }

  /** How many shifts and placed entries wait to be applied or merged (for tests and checks). */
  get pendingCount(): number {
    return this.pending ? this.pending.shifts + this.pending.fresh : this.extraSize;
  }

  /** Every entry's (value, position), in order: for tests and checks. */
  entries(): [Comparable, number][] {
    this.settle();
    return Array.from(this.positions.subarray(0, this.size), (position, k) => [this.valueAt(k), position]);
  }

  /** The value of the k-th entry, read through the column. */
  private valueAt(k: number): Comparable {
    return this.column.at(this.positionAt(k))!;
  }

  /** The list position of the k-th entry, as it is now (through the pending shifts, if any). */
  private positionAt(k: number): number {
    return this.resolved(this.positions[k]);
  }

  /** The list position a stored one stands for now. */
  private resolved(stored: number): number {
    return this.pending === undefined ? stored : this.pending.resolve(stored);
  }

  /** The extra entries merged in and the pending shifts applied to every entry, in one pass. */
  private settle(): void {
    this.merge();
    this.applyPending();
  }

  /** The pending shifts applied to every entry, held apart or not (no merge: it reads the column, which a removal is ahead of). */
  private applyPending(): void {
    const { pending, extra } = this;
    if (!pending) return;
    for (let j = 0; j < this.extraSize; j++) extra[j] = pending.resolve(extra[j]);
    pending.applyTo(this.positions, this.size, this.extent);
    this.pending = undefined;
  }

  /** The extra entries put in their places among `positions`: each found by binary search, the others moved once, from the back. */
  private merge(): void {
    const { extra, extraSize } = this;
    if (extraSize === 0) return;
    const points = new Int32Array(extraSize);
    for (let j = 0; j < extraSize; j++) {
      const position = this.resolved(extra[j]);
      points[j] = this.entry(this.column.at(position)!, position);
    }
    if (this.size + extraSize > this.positions.length) this.positions = withRoom(this.positions.subarray(0, this.size), extraSize);
    let end = this.size;
    for (let j = extraSize - 1; j >= 0; j--) {
      this.positions.copyWithin(points[j] + j + 1, points[j], end);
      this.positions[points[j] + j] = extra[j];
      end = points[j];
    }
    this.size += extraSize;
    this.extraSize = 0;
  }

  private place(at: number, value: Comparable | null): boolean {
    if (value === null) return true;
    if (!this.accepts(value)) return false;
    this.kind ??= typeof value as 'number' | 'string';
    const stored = this.pending ? this.pending.place(at) : at;
    if (this.size >= EAGER) {
      const j = this.extraEntry(value, at);
      if (this.extraSize === this.extra.length) this.extra = withRoom(this.extra.subarray(0, this.extraSize));
      this.extra.copyWithin(j + 1, j, this.extraSize);
      this.extra[j] = stored;
      this.extraSize++;
    } else {
      const k = this.entry(value, at);
      if (this.size === this.positions.length) this.positions = withRoom(this.positions.subarray(0, this.size));
      this.positions.copyWithin(k + 1, k, this.size);
      this.positions[k] = stored;
      this.size++;
    }
    if ((this.pending && this.pending.count >= LIMIT) || this.extraSize >= EXTRA) this.settle();
    return true;
  }

  /**
   * Positions in [low, high] (as they are now) move by `by`: kept pending, applied with many others;
   * in a small index with none pending, at once (a pass over a few thousand entries costs less than
   * reading them through the map).
   */
  private shiftPositions(low: number, high: number, by: number): void {
    if (!this.pending && this.size < EAGER && this.extraSize === 0) {
      const { positions, size } = this;
      const last = Math.min(high, 0x7fffffff);
      // 1 when low ≤ position ≤ last (each difference's sign bit), else 0: no branch (the positions lie in
      // the values' order, so a test per entry was a coin toss for the processor)
      for (let k = 0; k < size; k++) positions[k] += by * (((low - 1 - positions[k]) & (positions[k] - last - 1)) >>> 31);
      return;
    }
    if (!this.pending) {
      this.pending = new PendingShifts();
      this.extent = this.column.length;
    }
    this.pending.shift(low, high, by);
    if (this.pending.count >= LIMIT) this.applyPending();
  }

  /** The first entry not before `value` (`after` 0) or after it (`after` 1). */
  private first(value: Comparable, after: 0 | 1): number {
    let low = 0;
    let high = this.size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(this.valueAt(middle), value) < after) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Where (value, position) is, or goes, among the extra entries (by binary search: they are few). */
  private extraEntry(value: Comparable, position: number): number {
    const { extra } = this;
    let low = 0;
    let high = this.extraSize;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const at = this.resolved(extra[middle]);
      const order = compare(this.column.at(at)!, value) || at - position;
      if (order < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Where (value, position) is, or goes, among the entries. */
  private entry(value: Comparable, position: number): number {
    let low = this.first(value, 0);
    let high = this.first(value, 1);
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.positionAt(middle) < position) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
