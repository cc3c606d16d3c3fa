/**
 * At most one run per `windowMs`, and never two at once: a call when the last run started longer
 * ago starts one at once; a call inside the window shares one run at the window's end, so calls
 * arriving through a burst cost one run per window and the last of them is still served by a run
 * that starts after it (within `windowMs` of the run before).
 *
 * @example
 * const pullSoon = throttle(pull, 300); pullSoon(); pullSoon(); // one pull now, one ≤ 300 ms later
 */
export function throttle<T>(run: () => Promise<T>, windowMs: number, now: () => number = Date.now): () => Promise<T> {
  let lastStart = -Infinity;
  let scheduled: Promise<T> | undefined;
  return () => {
    if (scheduled) return scheduled;
    const wait = Math.max(0, lastStart + windowMs - now());
    scheduled = new Promise<void>((resolve) => (wait ? setTimeout(resolve, wait) : resolve())).then(() => {
      scheduled = undefined;
      lastStart = now();
      return run();
    });
    return scheduled;
  };
}
