import { afterEach, describe, expect, it, vi } from 'vitest';
import { throttle } from '../../core/replication/throttle.js';

describe('peer notices are throttled: one pull per window, the last notice always served', () => {
  afterEach(() => { vi.useRealTimers(); });

  it('runs at once when idle, then folds a burst into one run at the end of the window', async () => {
    vi.useFakeTimers();
    const starts: number[] = [];
    const pull = throttle(async () => { starts.push(Date.now()); return starts.length; }, 500);
    const t0 = Date.now();
    expect(await pull()).toBe(1);
    // Ten notices over the next 400 ms: one shared run, at t0 + 500, after every one of them.
    const answers: Array<Promise<number>> = [];
    for (let at = 0; at < 10; at++) { answers.push(pull()); await vi.advanceTimersByTimeAsync(40); }
    await vi.advanceTimersByTimeAsync(200);
    expect(await Promise.all(answers)).toEqual(Array(10).fill(2));
    expect(starts.map((start) => start - t0)).toEqual([0, 500]);
  });

  it('a notice long after the last run is served at once again', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const pull = throttle(async () => ++runs, 500);
    await pull();
    await vi.advanceTimersByTimeAsync(2_000);
    const started = Date.now();
    await pull();
    expect(runs).toBe(2);
    expect(Date.now() - started).toBe(0);
  });

  it('a failed run fails the callers that shared it, and the next notice still runs', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const pull = throttle(async () => { runs++; if (runs === 1) throw new Error('origin unreachable'); return runs; }, 500);
    await expect(pull()).rejects.toThrow('origin unreachable');
    const next = pull();
    await vi.advanceTimersByTimeAsync(500);
    expect(await next).toBe(2);
  });
});
