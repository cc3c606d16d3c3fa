import type { DurableFs } from './durable-fs.js';

interface Batch<T> {
  items: T[];
  done: Promise<void>;
  settle: (error?: unknown) => void;
}

function newBatch<T>(): Batch<T> {
  let settle!: Batch<T>['settle'];
  const done = new Promise<void>((resolve, reject) => { settle = (error) => (error === undefined ? resolve() : reject(error)); });
  // A batch nobody awaits any more must not become an unhandled rejection.
  done.catch(() => {});
  return { items: [], done, settle };
}

/**
 * Batches of work that one flush answers: everyone adding while a flush runs joins the next batch, which is flushed
 * whole once the running one ends, and all its adders are released together (or all rejected with its error).
 *
 * @example
 * const log = new Batches<string>((lines) => appendSynced(lines.join(''))); await log.add('one record\n');
 */
export class Batches<T> {
  private next: Batch<T> | undefined;
  private running = false;

  constructor(private readonly flush: (items: T[]) => Promise<void>) {}

  /** Resolves once a flush that began after this call has taken `item` in and succeeded. */
  add(...items: T[]): Promise<void> {
    const batch = (this.next ??= newBatch());
    batch.items.push(...items);
    if (!this.running) void this.run();
    return batch.done;
  }

  private async run(): Promise<void> {
    this.running = true;
    // One turn of the event loop lets work that completed together share the first flush.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.next) {
      const batch = this.next;
      this.next = undefined;
      try {
        await this.flush(batch.items);
        batch.settle();
      } catch (error) {
        batch.settle(error);
      }
    }
    this.running = false;
  }
}

/**
 * Group commit: writers that renamed (or removed) a file ask for their folder to be made durable;
 * everyone asking while one flush runs joins the next batch, which fsyncs each of its folders once
 * and then releases all of them. A write is acknowledged only after its batch's fsync, and N
 * concurrent writes in one folder cost far fewer than N directory fsyncs.
 *
 * @example
 * await fs.rename(temp, path); await commits.durable(dirname(path)); // now answer the client
 */
export class GroupCommit {
  private readonly batches: Batches<string>;

  constructor(fs: Pick<DurableFs, 'syncDirectory'>) {
    this.batches = new Batches(async (folders) => {
      await Promise.all([...new Set(folders)].map((folder) => fs.syncDirectory(folder)));
    });
  }

  /** Resolves once every folder named here has been fsynced after this call. */
  durable(...folders: string[]): Promise<void> {
    return this.batches.add(...folders);
  }
}
