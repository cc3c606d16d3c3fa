import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { concurrencyLimit } from './concurrency-limit.js';
import { ImageTimeoutError } from './errors.js';
import type { ImageOperation } from './image-worker.js';

/** The longest one image operation (a check, a re-encode, one format) may take before its worker is killed. */
export const IMAGE_JOB_SECONDS = 60;

const here = fileURLToPath(import.meta.url);
// Built: the worker's .js beside this file. Run from the TypeScript sources (the tests), it is loaded through jiti.
const WORKER = here.replace(/image-jobs\.(ts|js)$/, 'image-worker.$1');
const EXEC_ARGV = WORKER.endsWith('.ts') ? ['--import', 'jiti/register'] : [];

interface Answer { id: number; result?: unknown; error?: string }

export interface ImageJobs {
  /** Run one operation of image.ts in the worker process, after the jobs before it; rejects with ImageTimeoutError past the limit. */
  run<T>(op: ImageOperation, args: unknown[]): Promise<T>;
}

/**
 * Image operations one at a time, in a worker process that is killed when an operation outlives
 * `seconds` (libvips checks sharp's own timeout only between the regions it computes, and not at all
 * in work done in one piece: an SVG rendered whole, PNG palette quantisation). The next job starts a
 * fresh worker, so one bad file costs at most `seconds` and never blocks the files after it.
 *
 * @example
 * const jobs = createImageJobs();
 * await jobs.run<boolean>('isFaultyImage', [path, maxPixels]) // false
 */
export function createImageJobs(options: { seconds?: number } = {}): ImageJobs {
  const seconds = options.seconds ?? IMAGE_JOB_SECONDS;
  const gate = concurrencyLimit(1);
  let worker: { child: ChildProcess; ready: Promise<void> } | undefined;
  let sequence = 0;

  const start = () => {
    const child = fork(WORKER, [], { execArgv: EXEC_ARGV, stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'advanced' });
    // An idle worker never keeps the process alive; a running job does (see runOne).
    child.unref();
    child.channel?.unref();
    const ready = new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code, signal) => reject(new Error(`The image worker stopped (${code ?? signal})`)));
    });
    const started = { child, ready };
    child.once('exit', () => { if (worker === started) worker = undefined; });
    return started;
  };

  const runOne = async <T>(op: ImageOperation, args: unknown[]): Promise<T> => {
    const started = (worker ??= start());
    started.child.channel?.ref();
    try {
      await started.ready;
    } finally {
      started.child.channel?.unref();
    }
    return send<T>(started, op, args);
  };

  type Started = { child: ChildProcess };
  const send = <T>(started: Started, op: ImageOperation, args: unknown[]): Promise<T> => new Promise<T>((resolve, reject) => {
    const { child } = started;
    const id = ++sequence;
    const finish = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      child.channel?.unref();
    };
    const onMessage = (answer: Answer) => {
      if (answer.id !== id) return;
      finish();
      if (answer.error !== undefined) reject(new Error(answer.error));
      else resolve(answer.result as T);
    };
    const onExit = (code: number | null, signal: string | null) => {
      finish();
      reject(new Error(`The image worker stopped (${code ?? signal})`));
    };
    const timer = setTimeout(() => {
      finish();
      if (worker === started) worker = undefined;
      child.kill('SIGKILL');
      reject(new ImageTimeoutError(seconds));
    }, seconds * 1000);
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.channel?.ref();
    child.send({ id, op, args });
  });

  return { run: (op, args) => gate(() => runOne(op, args)) };
}
