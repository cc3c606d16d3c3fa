/**
 * One run at a time; callers arriving while one runs share the next run, which starts after they
 * asked (so it sees the push a webhook announced), never a run already under way.
 *
 * @example
 * const pull = coalesce(() => fetchAndReset()); await Promise.all([pull(), pull()]); // one run after both asked
 */
export function coalesce<T>(work: () => Promise<T>): () => Promise<T> {
  let current: Promise<unknown> = Promise.resolve();
  let next: Promise<T> | undefined;
  return () => {
    next ??= current.then(() => {
      next = undefined;
      const run = work();
      current = run.catch(() => undefined);
      return run;
    });
    return next;
  };
}
