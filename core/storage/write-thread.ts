import { Worker } from 'node:worker_threads';
import { makeFileCalls, type CallResult, type FileCall } from './thread-calls.js';
import { failure, makeBatchWriter, type BatchResult, type BatchWriter, type WriteJob } from './write-batch.js';

/** A batch the thread has not answered yet. */
interface InFlight {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

/** A file call asked of the thread, sent with the others of its turn of the event loop. */
interface Asked {
  call: FileCall;
  resolve: (result: Exclude<CallResult, { error: unknown }>) => void;
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
  private readonly asked: Asked[] = [];

  constructor(private readonly options: WriteThreadOptions = {}) {}

  run(logFd: number, jobs: WriteJob[], drop: string[] = [], tag?: string, spares?: string): Promise<BatchResult> {
    return this.post({ logFd, jobs, drop, tag, spares }) as Promise<BatchResult>;
  }

  /** Remove the empty files made ahead under `spares`: after the answer, the thread makes none there (until a batch asks). */
  async release(spares: string): Promise<void> {
    if (this.worker) await this.post({ release: spares });
  }

  /**
   * One file call (a lock file's link or removal, the disk view's look at a document's file), each a thread-pool round
   * trip of the main thread otherwise: the calls asked in one turn of the event loop go in one message. Rejects with the
   * call's error, its code kept.
   */
  call(call: { link: string; to: string; then: FileCall[] }): Promise<CallResult[]>;
  call(call: { link: string; to: string } | { unlink: string }): Promise<null>;
  call(call: { lstat: string }): Promise<{ file: boolean; mtimeMs: number }>;
  call(call: { read: string; size: number }): Promise<string>;
  call(call: FileCall): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (!this.asked.length) setImmediate(() => this.sendCalls());
      this.asked.push({ call, resolve, reject });
    });
  }

  /** Remove a file (a missing one is no error): `call({ unlink })`. */
  remove(path: string): Promise<void> {
    return this.call({ unlink: path }).then(() => undefined);
  }

  private sendCalls(): void {
    const batch = this.asked.splice(0);
    const failed = (error: Error) => { for (const asked of batch) asked.reject(error); };
    (this.post({ calls: batch.map((asked) => asked.call) }) as Promise<CallResult[]>).then((results) => {
      batch.forEach((asked, at) => {
        const result = results[at];
        if (result !== null && typeof result === 'object' && 'error' in result) asked.reject(failure(result.error));
        else asked.resolve(result);
      });
    }, failed);
  }

  private post(message: object): Promise<unknown> {
    const worker = (this.worker ??= this.start());
    const id = this.serial++;
    if (!this.inFlight.size) worker.ref();
    return new Promise((resolve, reject) => {
      this.inFlight.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
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
    // getBuiltinModule, not require: eval code is an ES module where the process runs with --input-type=module. The digest
    // is `hashText`'s formula (write-log-format.ts) spelled again: a function's source cannot bring its imports into the
    // thread; test/storage/write-thread.test.ts holds the two equal.
    const source = `const load = (name) => process.getBuiltinModule(name);
const { parentPort } = load('node:worker_threads');
const run = (${makeBatchWriter.toString()})(${this.options.files ?? "load('node:fs')"}, load('node:zlib').crc32, load('node:path').dirname,
  (text) => load('node:crypto').hash('sha1', text, 'base64'));
const calls = (${makeFileCalls.toString()})(${this.options.files ?? "load('node:fs')"});
// Empty files for the next creates are made one per turn once a batch of several writes is answered (writes one at a
// time, a CLI's or a script's, make none): a batch arriving waits for one at most.
let refilling = false;
const refill = () => { refilling = run.refill(); if (refilling) setImmediate(refill); };
parentPort.on('message', ({ id, logFd, jobs, drop, tag, spares, release, calls: asked }) => {
  parentPort.postMessage({ id, result: asked ? calls(asked) : release !== undefined ? run.release(release) : run(logFd, jobs, drop, tag, spares) });
  if (jobs?.length > 1 && !refilling) { refilling = true; setImmediate(refill); }
});`;
    const worker = new Worker(source, { eval: true });
    worker.on('message', ({ id, result }: { id: number; result: unknown }) => {
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
let looking: WriteThread | undefined;

/** The process's writer thread, shared by every site's write log (and the lock files' removals). */
export const processWriteThread = (): WriteThread => (shared ??= new WriteThread());

/**
 * The process's thread for taking lock files and the disk view's look under them: a second thread, so that a take never
 * waits behind a batch's synced log append on the writer thread.
 */
export const processLookThread = (): WriteThread => (looking ??= new WriteThread());
