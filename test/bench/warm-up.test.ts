import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { afterWarmUp, interleavedRounds, runOrder } from '../../bench/strapi-write-rows.mjs';
import { writeScenarios } from '../../bench/write-rows.mjs';

// The Strapi table's write rows measure each server after a warm-up of the same load (bench/strapi-write-rows.mjs): the
// warm-up must come first, never count, and stay outside what the measured run's wrapper (CPU time, a profile) sees.
// Strapi's measured runs and ours alternate, so a slow minute of the machine weighs on both.
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

/** A server's load for `interleavedRounds`: its measured runs answer the given rates in turn; `events` is shared. */
function ratedLoad(name: string, rates: number[], events: string[]) {
  let measured = 0;
  return async (seconds?: number) => {
    events.push(seconds === undefined ? `${name} ${measured + 1}` : `${name} warm-up ${seconds} s`);
    await sleep(2);
    return seconds === undefined ? { rps: rates[measured++], total: 1, errors: 0 } : { rps: -1, total: 0, errors: 0 };
  };
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

describe('a write row\'s rounds, Strapi\'s and ours interleaved', () => {
  it('warms each server up first, then alternates Strapi\'s run and ours, each after the machine settled, measures ours alone, and takes each one\'s median round', async () => {
    const events: string[] = [];
    const result = await interleavedRounds({
      theirs: ratedLoad('strapi', [90, 70, 80], events), ours: ratedLoad('ours', [5000, 3000, 4000], events), rounds: 3, warmUp: 5,
      measure: async (go: () => Promise<unknown>, round: number) => { events.push(`measure ${round}`); return go(); },
      settle: async () => { events.push('settle'); },
    });
    expect(events).toEqual(['settle', 'strapi warm-up 5 s', 'settle', 'ours warm-up 5 s',
      'settle', 'strapi 1', 'settle', 'measure 0', 'ours 1', 'settle', 'strapi 2', 'settle', 'measure 1', 'ours 2',
      'settle', 'strapi 3', 'settle', 'measure 2', 'ours 3']);
    expect(result.theirs.rps).toBe(80);
    expect(result.ours.rps).toBe(4000);
    expect(result.runs.ours.map((run: { rps: number }) => run.rps)).toEqual([5000, 3000, 4000]);
  });

  it('runs ours alone without Strapi, each round measured, and takes the lower middle of an even count', async () => {
    const events: string[] = [];
    const wrapped: number[] = [];
    const result = await interleavedRounds({
      theirs: undefined, ours: ratedLoad('ours', [10, 40, 20, 30], events), rounds: 4, warmUp: 0,
      measure: async (go: () => Promise<unknown>, round: number) => { wrapped.push(round); return go(); }, settle: async () => {},
    });
    expect(events).toEqual(['ours 1', 'ours 2', 'ours 3', 'ours 4']);
    expect(wrapped).toEqual([0, 1, 2, 3]);
    expect(result.theirs).toBeUndefined();
    expect(result.ours.rps).toBe(20);
  });

  it('refuses a count of rounds that would measure nothing (--write-rounds 0, or not a number) before loading anything', async () => {
    const events: string[] = [];
    for (const rounds of [0, Number.NaN, 1.5]) {
      await expect(interleavedRounds({ theirs: undefined, ours: ratedLoad('ours', [1], events), rounds, warmUp: 5, settle: async () => {} }))
        .rejects.toThrow(/--write-rounds must be a whole number of at least 1/);
    }
    expect(events).toEqual([]);
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
