import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { afterWarmUp, runOrder } from '../../bench/strapi-write-rows.mjs';
import { writeScenarios } from '../../bench/write-rows.mjs';

// The Strapi table's write rows measure each server after a warm-up of the same load (bench/strapi-write-rows.mjs): the
// warm-up must come first, never count, and stay outside what the measured run's wrapper (CPU time, a profile) sees.
// Creates run last, so the updates and the mix load the seeded site on both servers, not a site as large as each
// server's own create rate made it.

/**
 * A stand-in for one server's load: records each run's seconds (undefined: the row's duration) as it starts, and its
 * start and end among `events` (a run takes a few milliseconds); answers its turn.
 */
function fakeLoad() {
  const runs: Array<number | undefined> = [];
  const events: string[] = [];
  const run = async (seconds?: number) => {
    runs.push(seconds);
    const turn = runs.length;
    events.push(`start ${turn}`);
    await sleep(5);
    events.push(`end ${turn}`);
    return { turn, seconds };
  };
  return { runs, events, run };
}

describe('a write row run after its warm-up', () => {
  it('loads the server for the warm-up first and answers the measured run, not the warm-up', async () => {
    const { runs, events, run } = fakeLoad();
    const result = await afterWarmUp(run, 5);
    expect(runs).toEqual([5, undefined]);
    expect(events).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
    expect(result).toEqual({ turn: 2, seconds: undefined });
  });

  it('runs no warm-up at 0 seconds (--warmup 0)', async () => {
    const { runs, run } = fakeLoad();
    expect(await afterWarmUp(run, 0)).toEqual({ turn: 1, seconds: undefined });
    expect(runs).toEqual([undefined]);
  });

  it('wraps the measured run alone in the measure (the warm-up is over before it starts)', async () => {
    const { runs, run } = fakeLoad();
    const seenAtStart: number[] = [];
    const result = await afterWarmUp(run, 3, async (go: () => Promise<unknown>) => {
      seenAtStart.push(runs.length);
      const measured = await go();
      return { measured, inside: runs.length - seenAtStart[0] };
    });
    expect(seenAtStart).toEqual([1]);
    expect(result).toEqual({ measured: { turn: 2, seconds: undefined }, inside: 1 });
  });
});

describe('the write rows\' order', () => {
  it('runs every write row once, creates last', () => {
    const names = writeScenarios({ ids: [] }).map(([name]: [string]) => name);
    const order = runOrder();
    expect([...order].sort()).toEqual([...names].sort());
    expect(order.at(-1)).toBe('creates');
    expect(order.indexOf('read/write mix 9:1 (many documents)')).toBeLessThan(order.indexOf('creates'));
  });
});
