import { describe, expect, it } from 'vitest';
import {
  movePositions, settledPositions, splicePositions, splicePositionsKept, withRoom, type KeptPositions,
} from '../../core/query/list-splice.js';
import type { Node } from '../../core/query/nodes.js';
import { EAGER, LIMIT } from '../../core/query/pending-shifts.js';

/** A seeded generator (the runs are the same every time). */
const random = (seed: number) => () => ((seed = (seed * 16807) % 2147483647) / 2147483647);

/** A filter's positions over a list of `length`, about half of them, past the size that shifts at once. */
function keptOver(rand: () => number, length: number): { kept: KeptPositions; copied: Int32Array } {
  const initial = Array.from({ length }, (_, i) => i).filter(() => rand() < 0.5);
  expect(initial.length).toBeGreaterThan(EAGER);
  return { kept: { value: withRoom(Int32Array.from(initial)), judge: () => false }, copied: Int32Array.from(initial) };
}

/** One create (`insert`) or delete at `at` made on the kept positions, and the copy spliced afresh the same way (returned). */
function spliceBoth(kept: KeptPositions, copied: Int32Array, at: number, insert: boolean, verdict: boolean): Int32Array {
  const node = insert ? ({} as Node) : undefined;
  kept.judge = () => verdict;
  splicePositionsKept(kept, at, node);
  return splicePositions({ value: copied, judge: () => verdict }, at, node);
}

describe('a kept filter\'s positions with their shifts pending read as the positions spliced afresh', () => {
  it('after runs of interleaved creates and deletes, matching or not, at the ends and anywhere, read between runs', () => {
    const rand = random(17);
    let length = 2 * EAGER + 1000;
    let { kept, copied } = keptOver(rand, length);
    for (let run = 0; run < 12; run++) {
      const writes = 1 + Math.floor(rand() * (LIMIT + 10));
      for (let step = 0; step < writes; step++) {
        const insert = rand() < 0.5;
        const edge = rand();
        const at = edge < 0.1 ? 0 : edge < 0.2 ? (insert ? length : length - 1) : Math.floor(rand() * (insert ? length + 1 : length));
        copied = spliceBoth(kept, copied, at, insert, rand() < 0.5);
        length += insert ? 1 : -1;
        if (step === 0) expect(kept.pending, `run ${run}: the first write's shift is pending`).toBeDefined();
      }
      expect([...settledPositions(kept)], `run ${run}`).toEqual([...copied]);
      expect(kept.pending).toBeUndefined();
      if (run === 5) ({ kept, copied } = keptOver(rand, length));
    }
  });

  it('with moves (an update) between the creates and deletes: each move reads the positions as they are', () => {
    const rand = random(29);
    let length = EAGER * 2 + 500;
    let { kept, copied } = keptOver(rand, length);
    for (let step = 0; step < 300; step++) {
      const kind = rand();
      const verdict = rand() < 0.5;
      kept.judge = () => verdict;
      const judged = (value: Int32Array) => ({ value, judge: () => verdict });
      if (kind < 0.2) {
        const from = Math.floor(rand() * length);
        const to = Math.floor(rand() * length);
        copied = splicePositions(judged(copied), to, {} as Node, splicePositions(judged(copied), from, undefined));
        movePositions(kept, from, to, {} as Node);
      } else {
        const insert = kind < 0.6;
        copied = spliceBoth(kept, copied, Math.floor(rand() * (insert ? length + 1 : length)), insert, verdict);
        length += insert ? 1 : -1;
      }
      if (rand() < 0.1) expect([...settledPositions(kept)], `step ${step}`).toEqual([...copied]);
    }
    expect([...settledPositions(kept)]).toEqual([...copied]);
  });

  it('an update that leaves a row in place with its verdict adds nothing pending; one that changes its verdict is spliced', () => {
    const rand = random(53);
    const length = EAGER * 2 + 300;
    let { kept, copied } = keptOver(rand, length + 1);
    copied = spliceBoth(kept, copied, 7, true, true);
    const shifts = kept.pending!.shifts;
    for (let step = 0; step < 4 * LIMIT; step++) {
      const at = Math.floor(rand() * length);
      const matches = copied.includes(at);
      kept.judge = () => matches;
      movePositions(kept, at, at, {} as Node);
    }
    expect(kept.pending?.shifts).toBe(shifts);
    expect([...settledPositions(kept)]).toEqual([...copied]);

    copied = spliceBoth(kept, copied, 9, true, false);
    const at = [...Array(length).keys()].find((position) => !copied.includes(position))!;
    kept.judge = () => true;
    movePositions(kept, at, at, {} as Node);
    const judged = (value: Int32Array) => ({ value, judge: () => true });
    copied = splicePositions(judged(copied), at, {} as Node, splicePositions(judged(copied), at, undefined));
    expect([...settledPositions(kept)]).toEqual([...copied]);
  });

  it('a create and a delete of the same row, pending, leave every position where it was', () => {
    const rand = random(41);
    const { kept, copied } = keptOver(rand, EAGER * 3);
    kept.judge = () => true;
    splicePositionsKept(kept, 100, {} as Node);
    splicePositionsKept(kept, 5, {} as Node);
    splicePositionsKept(kept, 101, undefined);
    splicePositionsKept(kept, 5, undefined);
    expect(kept.pending?.shifts).toBe(4);
    expect([...settledPositions(kept)]).toEqual([...copied]);
  });
});
