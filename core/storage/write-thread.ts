import { Worker } from 'node:worker_threads';
import { makeBatchWriter, type BatchResult, type BatchWriter, type WriteJob } from './write-batch.js';

/** A batch the thread has not answered yet. */
interface InFlight {
  resolve: (result: BatchResult) => void;
  reject: (error: Error) => void;
}

export interface WriteThreadOptions {
  /** A JavaScript expression for the file system the thread uses (default `load('node:fs')`, `load` being `process.getBuiltinModule`; tests make it fail). */
  files?: string;
}

/** The error of every batch in flight when the writer thread ends (a crash of it, or `close`). */
export class WriterThreadGone extends Error {
  constructor(reason: string) {
    super(`The writer thread ended (${reason}) before it answered`);
    this.name = 'WriterThreadGone';
  }
}

/**
 * One thread (node:worker_threads) that does the file calls of every batch of content writes with synchronous calls:
 * one message there and one back per batch, where each write cost the main thread four to six thread-pool round trips
 * (temp file open and write, the log's append, the rename), each a wake-up, a completion and a promise. Started on the
 * first batch; it keeps the process alive only while a batch is in flight (a CLI command ends without closing it). A
 * thread that ends (crash, `close`) fails the batches in flight with `WriterThreadGone`; the next batch starts another.
 *
 * @example
 * const thread = new WriteThread(); const { results } = await thread.run(logFd, jobs);
 */
export class WriteThread implements BatchWriter {
  private worker: Worker | undefined;
  private readonly inFlight = new Map<number, InFlight>();
  private serial = 0;

  constructor(private readonly options: WriteThreadOptions = {}) {}

  run(logFd: number, jobs: WriteJob[]): Promise<BatchResult> {
    const worker = (this.worker ??= this.start());
    const id = this.serial++;
    if (!this.inFlight.size) worker.ref();
    return new Promise((resolve, reject) => {
      this.inFlight.set(id, { resolve, reject });
      worker.postMessage({ id, logFd, jobs });
    });
  }

  /** End the thread (its batches in flight fail); the next batch starts a new one. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.gone(worker, 'closed');
    await worker.terminate();
  }

  private start(): Worker {
    // getBuiltinModule, not require: eval code is an ES module where the process runs with --input-type=module.
    const source = `const load = (name) => process.getBuiltinModule(name);
const { parentPort } = load('node:worker_threads');
const run = (${makeBatchWriter.toString()})(${this.options.files ?? "load('node:fs')"}, load('node:zlib').crc32, load('node:path').dirname);
parentPort.on('message', ({ id, logFd, jobs }) => parentPort.postMessage({ id, result: run(logFd, jobs) }));`;
    const worker = new Worker(source, { eval: true });
    worker.on('message', ({ id, result }: { id: number; result: BatchResult }) => {
      const waiting = this.inFlight.get(id);
      if (!waiting) return;
      this.inFlight.delete(id);
      if (!this.inFlight.size) worker.unref();
      waiting.resolve(result);
    });
    worker.on('error', (error) => this.gone(worker, error.message));
    worker.on('exit', (code) => this.gone(worker, `exit code ${code}`));
    worker.unref();
    return worker;
  }

  private gone(worker: Worker, reason: string): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    worker.unref();
    const waiting = [...this.inFlight.values()];
    this.inFlight.clear();
    for (const batch of waiting) batch.reject(new WriterThreadGone(reason));
  }
}

let shared: WriteThread | undefined;

/** The process's writer thread, shared by every site's write log. */
export const processWriteThread = (): WriteThread => (shared ??= new WriteThread());
