import { describe, expect, it } from 'vitest';
import {
  movePositions, splicePositions, splicePositionsKept, spliceVerdicts, spliceVerdictsKept, withRoom,
} from '../../core/query/list-splice.js';
import type { Node } from '../../core/query/nodes.js';

describe('movePositions: a filter\'s kept positions after a move, in place, equal the two splices', () => {
  it('for random lists, moves and verdicts (kept, left, joined, never in)', () => {
    let seed = 5;
    const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let round = 0; round < 500; round++) {
      const length = 1 + Math.floor(rand() * 40);
      const kept = Int32Array.from(Array.from({ length }, (_, i) => i).filter(() => rand() < 0.5));
      const from = Math.floor(rand() * length);
      const to = Math.floor(rand() * length);
      const verdict = rand() < 0.5;
      const judged = (value: Int32Array) => ({ value, judge: () => verdict });
      const spliced = splicePositions(judged(kept), to, {} as Node, splicePositions(judged(kept), from, undefined));
      const moved = judged(Int32Array.from(kept));
      movePositions(moved, from, to, {} as Node);
      expect([...moved.value], `${[...kept]} ${from}→${to} ${verdict}`).toEqual([...spliced]);
    }
  });
});

describe('splicePositionsKept: positions spliced in place (into the room of their buffer) equal a fresh copy', () => {
  it('over random inserts and removals, matching or not, from an array without room and one with', () => {
    let seed = 11;
    const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (const start of [(kept: number[]) => Int32Array.from(kept), (kept: number[]) => withRoom(Int32Array.from(kept))]) {
      let length = 30;
      const initial = Array.from({ length }, (_, i) => i).filter(() => rand() < 0.5);
      let copied = Int32Array.from(initial);
      const kept = { value: start(initial), judge: () => false };
      for (let step = 0; step < 400; step++) {
        const insert = length === 0 || rand() < 0.55;
        const at = Math.floor(rand() * (insert ? length + 1 : length));
        const verdict = rand() < 0.5;
        const node = insert ? ({} as Node) : undefined;
        copied = splicePositions({ value: copied, judge: () => verdict }, at, node);
        kept.judge = () => verdict;
        splicePositionsKept(kept, at, node);
        length += insert ? 1 : -1;
        expect([...kept.value], `step ${step}`).toEqual([...copied]);
      }
    }
  });
});

describe('spliceVerdictsKept: verdicts spliced in place equal a fresh copy', () => {
  it('over random inserts and removals, from an array without room', () => {
    let seed = 3;
    const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    let copied = Uint8Array.from({ length: 20 }, () => Math.floor(rand() * 3));
    const kept = { value: Uint8Array.from(copied), judge: (): boolean | null => null };
    for (let step = 0; step < 300; step++) {
      const insert = copied.length === 0 || rand() < 0.5;
      const at = Math.floor(rand() * (insert ? copied.length + 1 : copied.length));
      const truth = [true, false, null][Math.floor(rand() * 3)];
      kept.judge = () => truth;
      const node = insert ? ({} as Node) : undefined;
      copied = spliceVerdicts({ value: copied, judge: () => truth }, at, node);
      spliceVerdictsKept(kept, at, node);
      expect([...kept.value], `step ${step}`).toEqual([...copied]);
    }
  });
});
