import { describe, expect, it } from 'vitest';
import type { Comparable } from '../../core/query/cast.js';
import { FieldIndex } from '../../core/query/field-index.js';
import { EAGER } from '../../core/query/pending-shifts.js';
import { LIMIT, PendingShifts } from '../../core/query/pending-shifts.js';

let seed = 29;
const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
const below = (n: number) => Math.floor(rand() * n);

describe('PendingShifts: a stored position resolves to where its row is after interleaved inserts, removals and moves', () => {
  it('for base and fresh positions, one by one and in one pass', () => {
    for (let trial = 0; trial < 40; trial++) {
      // the list as row ids; each tracked row keeps the stored form of its position
      let next = 0;
      const list = Array.from({ length: below(40) }, () => next++);
      const stored = new Map(list.map((id, at) => [id, at]));
      const shifts = new PendingShifts();
      const extent = list.length;
      for (let step = 0; step < 1 + below(60); step++) {
        const roll = rand();
        if (roll < 0.4 || list.length < 2) {
          // a create at `at`: the later rows shift up, the new row is placed fresh
          const at = below(list.length + 1);
          shifts.shift(at, Infinity, 1);
          list.splice(at, 0, next);
          stored.set(next++, shifts.place(at));
        } else if (roll < 0.7) {
          // a delete at `at`: the row goes, the later rows shift down
          const at = below(list.length);
          stored.delete(list[at]);
          list.splice(at, 1);
          shifts.shift(at + 1, Infinity, -1);
        } else {
          // a move from `from` to `to`: the row leaves, the rows between shift by one, it is placed again
          const from = below(list.length);
          const to = below(list.length);
          const [id] = list.splice(from, 1);
          list.splice(to, 0, id);
          if (from < to) shifts.shift(from + 1, to, -1);
          else if (to < from) shifts.shift(to, from - 1, 1);
          stored.set(id, shifts.place(to));
        }
        for (const [at, id] of list.entries()) expect(shifts.resolve(stored.get(id)!), `trial ${trial} step ${step}`).toBe(at);
      }
      const ids = [...stored.keys()];
      const positions = Int32Array.from(ids, (id) => stored.get(id)!);
      shifts.applyTo(positions, positions.length, extent);
      expect(Array.from(positions)).toEqual(ids.map((id) => list.indexOf(id)));
    }
  });
});

describe('FieldIndex with shifts pending: comparisons between writes answer as an index built afresh', () => {
  it('for runs of up to twice the pending limit of writes, read by binary search only, then by positions', () => {
    const value = () => (rand() < 0.2 ? null : below(25));
    // past the size below which an index shifts at once, so its shifts are kept pending
    const column: (Comparable | null)[] = Array.from({ length: EAGER + 1000 }, value);
    const index = FieldIndex.build(column)!;
    for (let round = 0; round < 30; round++) {
      const writes = 1 + below(2 * LIMIT);
      for (let w = 0; w < writes; w++) {
        const roll = rand();
        if (roll < 0.35) {
          const at = below(column.length + 1);
          const created = value();
          column.splice(at, 0, created);
          expect(index.insert(at, created)).toBe(true);
        } else if (roll < 0.65 && column.length) {
          const at = below(column.length);
          expect(index.remove(at, column[at])).toBe(true);
          column.splice(at, 1);
        } else if (column.length) {
          const from = below(column.length);
          const to = below(column.length);
          const after = rand() < 0.5 ? column[from] : value();
          expect(index.leave(from, column[from])).toBe(true);
          column.splice(from, 1);
          column.splice(to, 0, after);
          expect(index.arrive(from, to, after)).toBe(true);
        }
        // a run found by binary search through the pending shifts counts what a scan counts
        const bound = below(27) - 1;
        const run = index.run('$gte', bound)!;
        expect(run[1] - run[0]).toBe(column.filter((cell) => cell !== null && (cell as number) >= bound).length);
      }
      const fresh = FieldIndex.build(column)!;
      const bound = below(27) - 1;
      expect(Array.from(index.positionsOf(index.run('$lt', bound)!, column.length)))
        .toEqual(Array.from(fresh.positionsOf(fresh.run('$lt', bound)!, column.length)));
      expect(index.entries()).toEqual(fresh.entries());
    }
  });

  it('updates that change a value in place, shifting nothing, still bring on the one pass: what waits stays bounded', () => {
    const column: (Comparable | null)[] = Array.from({ length: EAGER + 1000 }, () => below(25));
    const index = FieldIndex.build(column)!;
    // a create starts the pending shifts
    column.splice(10, 0, 7);
    expect(index.insert(10, 7)).toBe(true);
    for (let update = 0; update < 4 * LIMIT; update++) {
      const at = below(column.length);
      expect(index.leave(at, column[at])).toBe(true);
      column[at] = below(25);
      expect(index.arrive(at, at, column[at])).toBe(true);
      expect(index.pendingCount).toBeLessThan(LIMIT);
    }
    expect(index.entries()).toEqual(FieldIndex.build(column)!.entries());
  });
});
