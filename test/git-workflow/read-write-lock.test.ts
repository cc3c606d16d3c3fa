import { describe, expect, it } from 'vitest';
import { ReadWriteLock } from '../../core/replication/read-write-lock.js';

const tick = () => new Promise((resolveTick) => setTimeout(resolveTick, 5));

describe('ReadWriteLock: writes side by side, a rebase alone', () => {
  it('runs shared holders together and an exclusive one only once they are done, and holds later shared ones back', async () => {
    const lock = new ReadWriteLock();
    const events: string[] = [];
    const hold = (name: string) => async () => { events.push(`${name} start`); await tick(); events.push(`${name} end`); };
    await Promise.all([lock.shared(hold('w1')), lock.shared(hold('w2')), lock.exclusive(hold('rebase')), lock.shared(hold('w3'))]);
    expect(events).toEqual(['w1 start', 'w2 start', 'w1 end', 'w2 end', 'rebase start', 'rebase end', 'w3 start', 'w3 end']);
  });

  it('a failed holder releases the lock', async () => {
    const lock = new ReadWriteLock();
    await expect(lock.exclusive(async () => { throw new Error('rebase failed'); })).rejects.toThrow('rebase failed');
    await expect(lock.shared(async () => 'written')).resolves.toBe('written');
  });
});
