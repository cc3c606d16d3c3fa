import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * An AsyncLocalStorage that is switched off whenever none of its runs is under way. On Node 20 a storage's first `run`
 * turns on the promise hooks for the whole process, and they stay on until every storage is disabled: a million `await`s
 * cost 63–86 ms of CPU before one branch write and 224–294 ms after it, for every request the process answers from then
 * on (issue 43: the updates row after the bench's branch rows). Disabled, a storage answers `getStore()` with undefined,
 * which is what every caller outside a run sees anyway; the next `run` switches it on again.
 *
 * What a run starts and leaves behind (a timer, an unawaited promise) sees the store until the last run of this storage
 * ends, not after: every use here finishes its work within the run (a request's answer, a write under its lock).
 *
 * @example
 * const current = new AsyncScope<{ site: string }>();
 * await current.run({ site: 'a' }, async () => current.getStore()); // { site: 'a' }
 * current.getStore(); // undefined, and the promise hooks are off again
 */
export class AsyncScope<T> {
  private readonly storage = new AsyncLocalStorage<T>();
  private running = 0;
  private readonly end = (): void => {
    if (--this.running === 0) this.storage.disable();
  };

  getStore(): T | undefined {
    return this.storage.getStore();
  }

  /** `work` with `store` as the store of everything it runs; a promise it returns ends the run when it settles. */
  run<R>(store: T, work: () => R): R {
    this.running++;
    let result: R;
    try {
      result = this.storage.run(store, work);
    } catch (error) {
      this.end();
      throw error;
    }
    // Any thenable, not only a native promise: ending a run whose work is still under way would switch the store off
    // beneath it (a branch write's nested write would then take its lock again).
    const then = (result as { then?: unknown } | null | undefined)?.then;
    if (typeof then === 'function') Promise.resolve(result).then(this.end, this.end);
    else this.end();
    return result;
  }
}
