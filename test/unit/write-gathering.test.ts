import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GATHER_MAX_MS, WriteGathering } from '../../core/replication/write-gathering.js';

describe('group commit gathering before a push', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  /** Whether `promise` has settled once pending callbacks ran (fake time does not move). */
  const settled = async (promise: Promise<unknown>) => {
    let done = false;
    void promise.then(() => { done = true; });
    await vi.advanceTimersByTimeAsync(0);
    return done;
  };

  it('a lone editor (one write a push) never waits', async () => {
    const gathering = new WriteGathering();
    gathering.pushed(1, 0);
    expect(await settled(gathering.gather(() => 1, 100))).toBe(true);
  });

  it('after a push of several, waits until as many writes have arrived and finished running as were about then', async () => {
    const gathering = new WriteGathering();
    // A push carried 3 writes while 2 more arrived: 5 expected.
    gathering.pushed(3, 2);
    let waiting = 2;
    const gathered = gathering.gather(() => waiting, 1000);
    expect(await settled(gathered)).toBe(false);
    // Two writers come back: their writes run, then wait for the push.
    gathering.begin();
    gathering.begin();
    waiting = 3;
    gathering.end();
    expect(await settled(gathered)).toBe(false);
    gathering.begin();
    waiting = 4;
    gathering.end();
    expect(await settled(gathered)).toBe(false);
    // The fifth has arrived, but one write is still running: the push waits for it too.
    waiting = 5;
    expect(await settled(gathered)).toBe(false);
    gathering.end();
    expect(await settled(gathered)).toBe(true);
  });

  it('waits at most half a push round, and never more than GATHER_MAX_MS', async () => {
    const gathering = new WriteGathering();
    gathering.pushed(8, 0);
    const short = gathering.gather(() => 1, 20);
    await vi.advanceTimersByTimeAsync(19);
    expect(await settled(short)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(short)).toBe(true);

    const capped = gathering.gather(() => 1, 10_000);
    await vi.advanceTimersByTimeAsync(GATHER_MAX_MS - 1);
    expect(await settled(capped)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(capped)).toBe(true);
  });

  it('a wait that ended short lowers what the next one waits for', async () => {
    const gathering = new WriteGathering();
    gathering.pushed(8, 0);
    const first = gathering.gather(() => 2, 30);
    await vi.advanceTimersByTimeAsync(30);
    await first;
    // The push then carried the 2 that came: the next expects 2, and 2 are there.
    gathering.pushed(2, 0);
    expect(await settled(gathering.gather(() => 2, 30))).toBe(true);
  });
});
