/**
 * A gate that runs at most `size` tasks at once; the others wait in arrival order. A finished
 * task hands its slot straight to the next one waiting.
 *
 * @example
 * const images = concurrencyLimit(1);
 * await Promise.all(files.map((file) => images(() => resize(file)))); // one at a time
 */
export function concurrencyLimit(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (active < size) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
