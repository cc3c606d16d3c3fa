import type { DurableFs } from './durable-fs.js';

interface Batch {
  folders: Set<string>;
  done: Promise<void>;
  settle: (error?: unknown) => void;
}

function newBatch(): Batch {
  let settle!: Batch['settle'];
  const done = new Promise<void>((resolve, reject) => { settle = (error) => (error === undefined ? resolve() : reject(error)); });
  // A batch nobody awaits any more must not become an unhandled rejection.
  done.catch(() => {});
  return { folders: new Set(), done, settle };
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
  private next: Batch | undefined;
  private running = false;

  constructor(private readonly fs: Pick<DurableFs, 'syncDirectory'>) {}

  /** Resolves once every folder named here has been fsynced after this call. */
  durable(...folders: string[]): Promise<void> {
    const batch = (this.next ??= newBatch());
    for (const folder of folders) batch.folders.add(folder);
    if (!this.running) void this.run();
    return batch.done;
  }

  private async run(): Promise<void> {
    this.running = true;
    // One turn of the event loop lets writes whose renames completed together share the first fsync.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.next) {
      const batch = this.next;
      this.next = undefined;
      try {
        await Promise.all([...batch.folders].map((folder) => this.fs.syncDirectory(folder)));
        batch.settle();
      } catch (error) {
        batch.settle(error);
      }
    }
    this.running = false;
  }
}
