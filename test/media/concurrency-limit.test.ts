import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from '../../core/media/concurrency-limit.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('concurrencyLimit (image jobs across requests)', () => {
  it.each([1, 2])('runs at most %i tasks at once, in arrival order', async (size) => {
    const gate = concurrencyLimit(size);
    let active = 0;
    let most = 0;
    const started: number[] = [];
    await Promise.all(Array.from({ length: 6 }, (_, job) => gate(async () => {
      started.push(job);
      most = Math.max(most, ++active);
      await tick();
      active--;
    })));
    expect(most).toBe(size);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('frees the slot of a task that fails', async () => {
    const gate = concurrencyLimit(1);
    await expect(gate(async () => { throw new Error('decode failed'); })).rejects.toThrow('decode failed');
    await expect(gate(async () => 'next')).resolves.toBe('next');
  });
});
