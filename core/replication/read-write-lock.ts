/**
 * Many shared holders (writes, each committing its own files) or one exclusive holder (a rebase
 * or pull rewriting the work tree), in arrival order: a waiting exclusive holder stops new
 * shared ones, so a stream of writes cannot starve a pull.
 */
export class ReadWriteLock {
  private tail: Promise<void> = Promise.resolve();
  private readonly readers = new Set<Promise<unknown>>();
  /** Exclusive holders let in so far: what one saw of the work tree or HEAD holds while this count stays the same. */
  exclusiveRuns = 0;

  shared<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work);
    const settled = result.then(() => undefined, () => undefined);
    this.readers.add(settled);
    void settled.then(() => this.readers.delete(settled));
    return result;
  }

  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const before = Promise.all([this.tail, ...this.readers]);
    const result = before.then(() => {
      this.exclusiveRuns++;
      return work();
    });
    this.tail = result.then(() => undefined, () => undefined);
    return result;
  }
}
