import { describe, expect, it } from 'vitest';
import type { Comparable } from '../../core/query/cast.js';
import { FieldIndex } from '../../core/query/field-index.js';
import { OPERATORS } from '../../core/query/operators.js';

let seed = 11;
const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)];

/** The positions a comparison selects, judged cell by cell as a scan does. */
const scan = (column: (Comparable | null)[], operator: string, bound: unknown) => column.flatMap((value, i) => (
  OPERATORS[operator as keyof typeof OPERATORS].test({ value, text: value === null ? null : String(value) }, bound) === true ? [i] : []));

const ask = (index: FieldIndex, column: (Comparable | null)[], operator: string, bound: unknown) => {
  const positions = Array.from(index.positionsOf(index.run(operator, bound)!, column.length));
  // the cell test a walk of the column uses selects the same positions
  const holds = index.holds(operator, bound)!;
  expect(column.flatMap((value, i) => (holds(value) ? [i] : []))).toEqual(positions);
  return positions;
};

describe('FieldIndex: a comparison read off a field\'s sorted index selects what a scan selects', () => {
  it.each([
    ['numbers with ties and NULLs', () => (rand() < 0.15 ? null : Math.floor(rand() * 20)), () => Math.floor(rand() * 24) - 2],
    ['floats', () => (rand() < 0.1 ? null : Math.round(rand() * 1000) / 10), () => Math.round(rand() * 1000) / 10],
    ['strings', () => (rand() < 0.1 ? null : pick(['a', 'b', 'bb', 'B', 'c', 'é', '2025-01-15'])), () => pick(['a', 'b', 'ba', 'B', 'd', ''])],
  ])('%s, every operator, narrow and wide runs', (_, cell, bound) => {
    for (const length of [0, 1, 7, 300]) {
      const column = Array.from({ length }, cell);
      const index = FieldIndex.build(column)!;
      for (let round = 0; round < 40; round++) {
        for (const operator of ['$eq', '$gt', '$gte', '$lt', '$lte']) {
          const value = bound();
          expect(ask(index, column, operator, value), `${operator} ${value}`).toEqual(scan(column, operator, value));
        }
        const pair = [bound(), bound()];
        expect(ask(index, column, '$between', pair)).toEqual(scan(column, '$between', pair));
      }
    }
  });

  it('answers no operator or bound it cannot order ($ne, $in, a NULL bound, another kind, NaN)', () => {
    const index = FieldIndex.build([1, 2, null, 3])!;
    expect(index.run('$ne', 2)).toBeUndefined();
    expect(index.run('$in', [1, 2])).toBeUndefined();
    expect(index.run('$eq', null)).toBeUndefined();
    expect(index.run('$gt', 'a')).toBeUndefined();
    expect(index.run('$lt', Number.NaN)).toBeUndefined();
    expect(index.run('$between', [1])).toBeUndefined();
  });

  it('indexes no column that mixes kinds, holds NaN or bigints', () => {
    expect(FieldIndex.build([1, 'a'])).toBeUndefined();
    expect(FieldIndex.build([1, Number.NaN])).toBeUndefined();
    expect(FieldIndex.build([1n, 2n])).toBeUndefined();
    expect(FieldIndex.build([null, null])?.length).toBe(0);
  });
});

/**
 * One random write to `column` and `index` in step, as a kept list makes them: an update (its row moved or not), a create
 * (at the end with odds `last`, as in creation order) or a delete.
 */
function randomWrite(index: FieldIndex, column: (Comparable | null)[], value: () => Comparable | null, odds: { update: number; create: number; last: number }) {
  const roll = rand();
  if (roll < odds.update && column.length) {
    // an update: the row's new value, and its new place in the list
    const from = Math.floor(rand() * column.length);
    const to = rand() < 0.3 ? from : Math.floor(rand() * column.length);
    const after = rand() < 0.4 ? column[from] : value();
    // the entry leaves while the column holds the row at `from`, and arrives once it holds it at `to`
    expect(index.leave(from, column[from])).toBe(true);
    column.splice(from, 1);
    column.splice(to, 0, after);
    expect(index.arrive(from, to, after)).toBe(true);
  } else if (roll < odds.create || !column.length) {
    const at = rand() < odds.last ? column.length : Math.floor(rand() * (column.length + 1));
    const inserted = value();
    column.splice(at, 0, inserted);
    expect(index.insert(at, inserted)).toBe(true);
  } else {
    // removed from the index while the column still holds the row, as a list does
    const at = Math.floor(rand() * column.length);
    expect(index.remove(at, column[at])).toBe(true);
    column.splice(at, 1);
  }
}

describe('FieldIndex under writes: after each move, insert and remove it equals an index built afresh', () => {
  it('for 1,000 random writes over a list with ties and NULLs', () => {
    const value = () => (rand() < 0.2 ? null : Math.floor(rand() * 30));
    const column: (Comparable | null)[] = Array.from({ length: 120 }, value);
    const index = FieldIndex.build(column)!;
    for (let round = 0; round < 1000; round++) {
      randomWrite(index, column, value, { update: 0.4, create: 0.7, last: 0 });
      expect(index.entries()).toEqual(FieldIndex.build(column)!.entries());
      const bound = Math.floor(rand() * 32) - 1;
      expect(ask(index, column, '$gte', bound)).toEqual(scan(column, '$gte', bound));
    }
  });

  it('for 3,000 random writes over a list too long to shift at once, read only now and then (shifts pending, entries held apart)', () => {
    const value = () => (rand() < 0.1 ? null : Math.floor(rand() * 500));
    const column: (Comparable | null)[] = Array.from({ length: 5000 }, value);
    const index = FieldIndex.build(column)!;
    for (let round = 1; round <= 3000; round++) {
      // most creates go last (creation order), the others anywhere (another sort)
      randomWrite(index, column, value, { update: 0.3, create: 0.8, last: 0.5 });
      expect(index.length).toBe(column.filter((cell) => cell !== null).length);
      if (round % 397 === 0) {
        const bound = Math.floor(rand() * 502) - 1;
        expect(ask(index, column, '$lt', bound)).toEqual(scan(column, '$lt', bound));
        expect(index.entries()).toEqual(FieldIndex.build(column)!.entries());
      }
    }
    expect(index.entries()).toEqual(FieldIndex.build(column)!.entries());
  });

  it('a removal that brings on the pass over pending shifts leaves the entries held apart as they were (the column still holds the removed row)', () => {
    const column: number[] = Array.from({ length: 5000 }, (_, i) => i % 97);
    const index = FieldIndex.build(column)!;
    column.push(42);
    expect(index.insert(5000, 42)).toBe(true); // held apart; shifts start to wait
    for (let d = 0; d < 1100; d++) {
      expect(index.remove(0, column[0])).toBe(true);
      column.shift();
    }
    expect(index.entries()).toEqual(FieldIndex.build(column)!.entries());
  });

  it('refuses to remove an entry a large index does not hold where it is asked, held apart or not, and changes nothing', () => {
    const column: number[] = Array.from({ length: 5000 }, (_, i) => i % 97);
    const index = FieldIndex.build(column)!;
    column.splice(10, 0, 42);
    expect(index.insert(10, 42)).toBe(true); // held apart (reading `entries()` here would merge it in)
    expect(index.remove(10, 43)).toBe(false); // the held entry's row, a greater value
    expect(index.remove(10, 41)).toBe(false); // the held entry's row, a smaller value
    expect(index.remove(11, 42)).toBe(false); // the value held apart, a later row
    expect(index.remove(9, 42)).toBe(false); // the value held apart, an earlier row
    expect(index.remove(12, 12)).toBe(false); // a row of the sorted entries, another value
    expect(index.length).toBe(5001);
    expect(index.entries()).toEqual(FieldIndex.build(column)!.entries());
  });

  it('grows past its spare room as rows are created', () => {
    const column: number[] = [];
    const index = FieldIndex.build(column)!;
    for (let i = 0; i < 500; i++) {
      column.unshift(i % 7);
      expect(index.insert(0, i % 7)).toBe(true);
    }
    expect(index.entries()).toEqual(FieldIndex.build(column)!.entries());
    expect(ask(index, column, '$eq', 3)).toEqual(scan(column, '$eq', 3));
  });

  it('refuses a write it cannot place (a value not where the index has it, another kind), so the list drops it', () => {
    const index = FieldIndex.build([5, 6, 7])!;
    expect(index.remove(1, 7)).toBe(false);
    expect(index.leave(0, 4)).toBe(false);
    expect(FieldIndex.build([5, 6, 7])!.insert(1, 'text')).toBe(false);
  });
});
