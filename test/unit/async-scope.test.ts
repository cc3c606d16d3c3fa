// AsyncScope: an AsyncLocalStorage switched off when none of its runs is under way, so one branch write does not leave
// Node 20's promise hooks on for every later request (issue 43).
import { describe, expect, it } from 'vitest';
import { AsyncScope } from '../../core/async-scope.js';

/** Whether Node still keeps the scope's storage on (and with it the process's promise hooks). */
const on = (scope: AsyncScope<unknown>) => (scope as unknown as { storage: { enabled: boolean } }).storage.enabled;

describe('AsyncScope', () => {
  it('gives its store to everything a run awaits, and is off once the run\'s promise settles', async () => {
    const scope = new AsyncScope<string>();
    const seen = await scope.run('a', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return scope.getStore();
    });
    expect(seen).toBe('a');
    expect(scope.getStore()).toBeUndefined();
    expect(on(scope)).toBe(false);
  });

  it('stays on while another run is under way: overlapping and nested runs each keep their own store', async () => {
    const scope = new AsyncScope<string>();
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const first = scope.run('first', async () => { await held; return scope.getStore(); });
    const second = await scope.run('second', async () => scope.run('inner', async () => scope.getStore()));
    expect(second).toBe('inner');
    expect(on(scope)).toBe(true);
    release();
    expect(await first).toBe('first');
    expect(on(scope)).toBe(false);
  });

  it('keeps a run whose work returns a thenable that is not a native promise until it settles', async () => {
    const scope = new AsyncScope<string>();
    let settle!: (value: string) => void;
    const native = new Promise<string>((resolve) => { settle = resolve; });
    const thenable = {
      then: (done: (value: string) => unknown, failed: (error: unknown) => unknown) => native.then(done, failed),
    };
    const result = scope.run('kept', () => thenable);
    expect(on(scope)).toBe(true);
    settle('done');
    expect(await result).toBe('done');
    await native;
    expect(on(scope)).toBe(false);
  });

  it('ends a run that throws or rejects, and switches on again for the next run', async () => {
    const scope = new AsyncScope<number>();
    expect(() => scope.run(1, () => { throw new Error('sync'); })).toThrow('sync');
    expect(on(scope)).toBe(false);
    await expect(scope.run(2, async () => { throw new Error('async'); })).rejects.toThrow('async');
    expect(on(scope)).toBe(false);
    expect(scope.run(3, () => scope.getStore())).toBe(3);
    expect(on(scope)).toBe(false);
  });
});
