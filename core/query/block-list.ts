/**
 * Entries per block when a list is laid out; a block that grows past twice this is split in two. A create moves up to
 * twice this many entries in each list and column it goes in, and steps over every later block's start: at 1M rows
 * (~1,000 blocks a list) 512 cost less than 2,048.
 */
export const BLOCK_SIZE = 512;

/**
 * A long list kept in blocks of about `BLOCK_SIZE` entries: an insert or a removal moves the
 * entries of one block and adds one to (or takes one from) the start of each later block, instead
 * of moving the whole tail of one array. At 1M rows a kept list's arrays hold ~500k pointers each,
 * and a splice of such an array moved every pointer of its tail through V8's write barrier (5 ms an
 * array at 1M, measured in a create): the creates' and deletes' cost grew with the site.
 * Reading one entry (`at`) finds its block by binary search over the blocks' starts, after trying
 * the block read last: a walk in order stays in one block for thousands of reads.
 * Every block holds tagged elements from the start (never unboxed doubles): an optimized read site
 * never sees two element kinds, and reading a number makes no box.
 */
export class BlockList<T> {
  /** The blocks, in order, none empty unless the list is. */
  private blocks: T[][];
  /** `starts[k]`: the position of `blocks[k][0]`; `starts[blocks.length]` is the length. */
  private starts: number[];
  /** The block read last. */
  private hint = 0;

  private constructor(blocks: T[][]) {
    this.blocks = blocks.length ? blocks : [tagged<T>(0)];
    this.starts = [];
    this.restart(0);
  }

  /**
   * A list of `length` entries, entry `i` being `entry(i)`.
   * @example
   * BlockList.from(3, (i) => i * 2).toArray() // [0, 2, 4]
   */
  static from<T>(length: number, entry: (i: number) => T): BlockList<T> {
    const blocks: T[][] = [];
    for (let start = 0; start < length; start += BLOCK_SIZE) {
      const block = spacious<T>(Math.min(BLOCK_SIZE, length - start));
      for (let j = 0; j < block.length; j++) block[j] = entry(start + j);
      blocks.push(block);
    }
    return new BlockList(blocks);
  }

  get length(): number {
    return this.starts[this.blocks.length];
  }

  /** The entry at `i` (undefined outside the list). */
  at(i: number): T | undefined {
    const { starts } = this;
    let k = this.hint;
    if (i < starts[k] || i >= starts[k + 1]) {
      if (i < 0 || i >= this.length) return undefined;
      this.hint = k = this.blockOf(i);
    }
    return this.blocks[k][i - starts[k]];
  }

  /** Put `value` at `i` (a place of the list). */
  set(i: number, value: T): void {
    const k = this.blockOf(this.checked(i, this.length - 1));
    this.blocks[k][i - this.starts[k]] = value;
  }

  /** Insert `value` at `i` (0 to the length): the later entries move up one place. */
  insert(i: number, value: T): void {
    this.checked(i, this.length);
    const k = i === this.length ? this.blocks.length - 1 : this.blockOf(i);
    const block = this.blocks[k];
    block.splice(i - this.starts[k], 0, value);
    for (let m = k + 1; m < this.starts.length; m++) this.starts[m]++;
    if (block.length > 2 * BLOCK_SIZE) {
      const [head, tail] = [spacious<T>(BLOCK_SIZE), spacious<T>(block.length - BLOCK_SIZE)];
      for (let j = 0; j < BLOCK_SIZE; j++) head[j] = block[j];
      for (let j = BLOCK_SIZE; j < block.length; j++) tail[j - BLOCK_SIZE] = block[j];
      this.blocks.splice(k, 1, head, tail);
      this.restart(k);
    }
  }

  /** Remove the entry at `i` and return it: the later entries move down one place. */
  remove(i: number): T {
    const k = this.blockOf(this.checked(i, this.length - 1));
    const block = this.blocks[k];
    // Moved down by hand: `splice` made an array of the one removed entry, and cost three times an insert's at 1M rows.
    const at = i - this.starts[k];
    const value = block[at];
    for (let j = at + 1; j < block.length; j++) block[j - 1] = block[j];
    block.length--;
    for (let m = k + 1; m < this.starts.length; m++) this.starts[m]--;
    if (block.length === 0 && this.blocks.length > 1) {
      this.blocks.splice(k, 1);
      this.restart(k);
    }
    return value;
  }

  /**
   * Take the entry at `from` out and put `value` at `to` (a place of the list as it is after): a
   * row's new version moves only as far as its sort keys did, within its block when it stays there.
   */
  move(from: number, to: number, value: T): void {
    const k = this.blockOf(this.checked(from, this.length - 1));
    const start = this.starts[k];
    if (to >= start && to < this.starts[k + 1]) {
      const block = this.blocks[k];
      if (from < to) for (let at = from - start; at < to - start; at++) block[at] = block[at + 1];
      else for (let at = from - start; at > to - start; at--) block[at] = block[at - 1];
      block[to - start] = value;
      return;
    }
    this.remove(from);
    this.insert(this.checked(to, this.length), value);
  }

  /** The entries from `start` up to `end` (clamped to the list), as an array. */
  slice(start: number, end: number): T[] {
    const out: T[] = [];
    for (let i = Math.max(0, start); i < Math.min(end, this.length); i++) out.push(this.at(i)!);
    return out;
  }

  /** The entries, in order, as one array (a copy). */
  toArray(): T[] {
    const out = tagged<T>(this.length);
    let at = 0;
    for (const block of this.blocks) for (let j = 0; j < block.length; j++) out[at++] = block[j];
    return out;
  }

  /** How many blocks hold the list (for tests and checks). */
  get blockCount(): number {
    return this.blocks.length;
  }

  /** The block that holds position `i` (0 ≤ i < length): the last whose start is at most `i`. */
  private blockOf(i: number): number {
    return lastAtMost(this.starts, this.blocks.length, i);
  }

  /** Recount the starts from block `from` on (after blocks were split or dropped). */
  private restart(from: number): void {
    const { blocks, starts } = this;
    starts.length = blocks.length + 1;
    if (from === 0) starts[0] = 0;
    for (let k = from; k < blocks.length; k++) starts[k + 1] = starts[k] + blocks[k].length;
    this.hint = 0;
  }

  private checked(i: number, last: number): number {
    if (!Number.isInteger(i) || i < 0 || i > last) throw new RangeError(`position ${i} is outside the list (0 to ${last})`);
    return i;
  }
}

/** An array of `length` tagged elements (see `BlockList`): filled with NULL first, so a number put in later is not unboxed. */
function tagged<T>(length: number): T[] {
  return new Array<T>(length).fill(null as T);
}

/**
 * A block of `length` entries with room for an eighth more behind them: an insert into a block
 * laid out exactly full made V8 copy it into a store half again as large (25 KB per array at 2,048
 * entries, measured), which at 1M rows was nearly every create's block of every column.
 */
function spacious<T>(length: number): T[] {
  const block = tagged<T>(length + (length >> 3) + 16);
  block.length = length; // shorter by less than half: V8 keeps the store (and its room)
  return block;
}

/** `insertionPoint` (core/index/patchable) over a list in blocks: where `item` goes, after its equals. */
export function insertionPointIn<T>(list: BlockList<T>, item: T, compare: (a: T, b: T) => number): number {
  return insertionPointAt(list.length, (at) => compare(list.at(at)!, item));
}

/** `placeOf` (core/index/patchable) over a list in blocks: where `item` itself is, or -1. */
export function placeIn<T>(list: BlockList<T>, item: T, compare: (a: T, b: T) => number): number {
  return placeAt(list, item, (at) => compare(list.at(at)!, item));
}

/**
 * `insertionPointIn` where the list's entry at a position is compared with the item by `against(position)` (its sign,
 * as `compare(entry, item)`): a caller that keeps each position's key compares without reading the entry.
 */
export function insertionPointAt(length: number, against: (at: number) => number): number {
  return firstPast(length, against, true);
}

/** `placeIn`, the entry at a position compared with `item` by `against(position)` (see `insertionPointAt`). */
export function placeAt<T>(list: BlockList<T>, item: T, against: (at: number) => number): number {
  for (let at = firstPast(list.length, against, false); at < list.length && against(at) === 0; at++) if (list.at(at) === item) return at;
  return -1;
}

/**
 * The first position past the item's equals (`pastEquals`) or the first of them, `against(position)` comparing the entry
 * there with the item. Only its sign counts: a sort key's comparison answers `a - b`, which for decimals lies between -1 and 1.
 */
function firstPast(length: number, against: (at: number) => number, pastEquals: boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const order = against(middle);
    if (pastEquals ? order <= 0 : order < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Which of the first `count` ascending `starts` is the last at most `i` (0 when none is): by binary search. */

export function lastAtMost(starts: ArrayLike<number>, count: number, i: number): number {
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (starts[middle] <= i) low = middle;
    else high = middle - 1;
  }
  return low;
}
