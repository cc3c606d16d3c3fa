import { describe, expect, it } from 'vitest';
import { BLOCK_SIZE, BlockList } from '../../core/query/block-list.js';
import type { Comparable } from '../../core/query/cast.js';
import { FieldIndex } from '../../core/query/field-index.js';

let seed = 7;
const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
const below = (n: number) => Math.floor(rand() * n);

/** The list reads as the array: every entry by `at`, the whole by `toArray`, nothing past either end. */
function expectSame(list: BlockList<number>, array: number[]): void {
  expect(list.length).toBe(array.length);
  expect(list.toArray()).toEqual(array);
  for (let i = 0; i < array.length; i++) if (list.at(i) !== array[i]) expect(list.at(i), `at(${i})`).toBe(array[i]);
  expect(list.at(-1)).toBeUndefined();
  expect(list.at(array.length)).toBeUndefined();
}

/** Positions around every block boundary of a list laid out fresh, and its two ends. */
const edges = (length: number) => [0, 1, length - 1, length].concat(
  Array.from({ length: Math.floor(length / BLOCK_SIZE) }, (_, k) => (k + 1) * BLOCK_SIZE).flatMap((b) => [b - 1, b, b + 1]),
).filter((at) => at >= 0 && at <= length);

describe('BlockList: a list kept in blocks reads, after every insert, removal and move, as the array spliced the same way', () => {
  it('laid out fresh: empty, one entry, a block exactly, a block and one, several blocks', () => {
    for (const length of [0, 1, BLOCK_SIZE - 1, BLOCK_SIZE, BLOCK_SIZE + 1, 3 * BLOCK_SIZE + 5]) {
      const array = Array.from({ length }, (_, i) => i * 3);
      const list = BlockList.from(length, (i) => i * 3);
      expectSame(list, array);
      expect(list.blockCount).toBe(Math.max(1, Math.ceil(length / BLOCK_SIZE)));
    }
  });

  it('inserts and removes at the front, the end and either side of each block boundary', () => {
    const length = 2 * BLOCK_SIZE + 10;
    for (const at of edges(length)) {
      const array = Array.from({ length }, (_, i) => i);
      const list = BlockList.from(length, (i) => i);
      list.insert(at, -1);
      array.splice(at, 0, -1);
      expectSame(list, array);
      if (at < length) {
        expect(list.remove(at + 1)).toBe(array[at + 1]);
        array.splice(at + 1, 1);
        expectSame(list, array);
      }
    }
  });

  it('an empty list takes an insert at 0, and is empty again after its removal', () => {
    const list = BlockList.from<number>(0, () => 0);
    list.insert(0, 5);
    expectSame(list, [5]);
    expect(list.remove(0)).toBe(5);
    expectSame(list, []);
    list.insert(0, 6);
    expectSame(list, [6]);
  });

  it('splits a block grown past twice the block size, and drops one emptied (removal from the front)', () => {
    const array: number[] = [];
    const list = BlockList.from<number>(0, () => 0);
    for (let i = 0; i < 5 * BLOCK_SIZE; i++) {
      const at = i % 3 === 0 ? 0 : i % 3 === 1 ? array.length : below(array.length + 1);
      list.insert(at, i);
      array.splice(at, 0, i);
    }
    expectSame(list, array);
    expect(list.blockCount).toBeGreaterThan(2);
    while (array.length > 3) {
      const at = array.length % 2 ? 0 : array.length - 1;
      expect(list.remove(at)).toBe(array.splice(at, 1)[0]);
    }
    expectSame(list, array);
    expect(list.blockCount).toBe(1);
  });

  it('for random inserts, removals, moves (within a block and across) and sets over a list of several blocks', () => {
    const array = Array.from({ length: 3 * BLOCK_SIZE }, (_, i) => i);
    const list = BlockList.from(array.length, (i) => i);
    for (let round = 0; round < 400; round++) {
      const roll = rand();
      if (roll < 0.3) {
        const at = below(array.length + 1);
        list.insert(at, -round);
        array.splice(at, 0, -round);
      } else if (roll < 0.55) {
        const at = below(array.length);
        expect(list.remove(at)).toBe(array.splice(at, 1)[0]);
      } else if (roll < 0.9) {
        const from = below(array.length);
        const to = rand() < 0.5 ? Math.min(array.length - 1, Math.max(0, from + below(9) - 4)) : below(array.length);
        list.move(from, to, 1e6 + round);
        array.splice(from, 1);
        array.splice(to, 0, 1e6 + round);
      } else {
        const at = below(array.length);
        list.set(at, 2e6 + round);
        array[at] = 2e6 + round;
      }
      if (round % 40 === 0) expectSame(list, array);
      // a page read across a boundary: consecutive reads from one block into the next
      const start = Math.max(0, BLOCK_SIZE - 3 - below(4));
      expect(Array.from({ length: 8 }, (_, k) => list.at(start + k))).toEqual(array.slice(start, start + 8));
    }
    expectSame(list, array);
  });

  it('refuses a position outside the list with a clear error', () => {
    const list = BlockList.from(3, (i) => i);
    expect(() => list.insert(4, 0)).toThrow(/position 4 is outside the list \(0 to 3\)/);
    expect(() => list.remove(3)).toThrow(/position 3 is outside the list \(0 to 2\)/);
    expect(() => list.move(0, 3, 9)).toThrow(/outside the list/);
    expect(() => list.set(-1, 0)).toThrow(/outside the list/);
  });
});

describe('FieldIndex over a column kept in blocks: it follows the column through writes across block boundaries', () => {
  it('equals an index built afresh after each create, delete and update', () => {
    const value = () => (rand() < 0.1 ? null : below(50));
    const column = BlockList.from<Comparable | null>(2 * BLOCK_SIZE + 3, value);
    const index = FieldIndex.build(column)!;
    for (let round = 0; round < 60; round++) {
      const roll = rand();
      const near = Math.min(column.length, Math.max(0, BLOCK_SIZE + below(7) - 3));
      if (roll < 0.4) {
        const at = rand() < 0.5 ? near : below(column.length + 1);
        const created = value();
        column.insert(at, created);
        expect(index.insert(at, created)).toBe(true);
      } else if (roll < 0.7) {
        const at = Math.min(near, column.length - 1);
        expect(index.remove(at, column.at(at)!)).toBe(true);
        column.remove(at);
      } else {
        const from = below(column.length);
        const to = below(column.length);
        const after = value();
        expect(index.leave(from, column.at(from)!)).toBe(true);
        column.move(from, to, after);
        expect(index.arrive(from, to, after)).toBe(true);
      }
      expect(index.entries()).toEqual(FieldIndex.build(column)!.entries());
    }
  });
});
