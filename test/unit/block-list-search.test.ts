import { describe, expect, it } from 'vitest';
import { insertionPoint, placeOf } from '../../core/index/patchable.js';
import { BLOCK_SIZE, BlockList, insertionPointIn, placeIn } from '../../core/query/block-list.js';

/** A seeded generator (the runs are the same every time). */
const random = (seed: number) => () => ((seed = (seed * 16807) % 2147483647) / 2147483647);

interface Item { key: number }
const byKey = (a: Item, b: Item) => a.key - b.key;

describe('a sorted list of nodes in blocks: its binary searches and pages read as over one array', () => {
  it('after interleaved inserts at their place (fractional keys), removals and moves across block boundaries', () => {
    const rand = random(7);
    // Eighths: equal keys, and neighbours less than 1 apart (a decimal sort key's comparison answers a - b).
    const key = () => Math.floor(rand() * 500) / 8;
    const initial = Array.from({ length: 3 * BLOCK_SIZE + 7 }, () => ({ key: key() })).sort(byKey);
    const list = BlockList.from(initial.length, (i) => initial[i]);
    const array = [...initial];
    for (let step = 0; step < 600; step++) {
      const kind = rand();
      if (kind < 0.4) {
        const item = { key: key() };
        const at = insertionPointIn(list, item, byKey);
        expect(at, `step ${step}: where it goes`).toBe(insertionPoint(array, item, byKey));
        list.insert(at, item);
        array.splice(at, 0, item);
      } else if (kind < 0.7) {
        const item = array[Math.floor(rand() * array.length)];
        const at = placeIn(list, item, byKey);
        expect(at, `step ${step}: where it is`).toBe(placeOf(array, item, byKey));
        list.remove(at);
        array.splice(at, 1);
      } else {
        const item = array[Math.floor(rand() * array.length)];
        const from = placeIn(list, item, byKey);
        const moved = { key: key() };
        const point = insertionPointIn(list, moved, byKey);
        const to = point > from ? point - 1 : point;
        list.move(from, to, moved);
        array.splice(from, 1);
        array.splice(to, 0, moved);
      }
      const start = Math.floor(rand() * (array.length + 20)) - 10;
      expect(list.slice(start, start + 25), `step ${step}: a page from ${start}`).toEqual(array.slice(Math.max(0, start), start + 25));
    }
    expect(list.toArray()).toEqual(array);
    expect(placeIn(list, { key: 1 }, byKey), 'an item not in the list').toBe(-1);
  });

  it('an empty list: every search answers its start, and a page is empty', () => {
    const list = BlockList.from<Item>(0, () => ({ key: 0 }));
    expect(insertionPointIn(list, { key: 3 }, byKey)).toBe(0);
    expect(placeIn(list, { key: 3 }, byKey)).toBe(-1);
    expect(list.slice(0, 10)).toEqual([]);
  });
});
