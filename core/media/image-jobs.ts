import { fork, type ChildProcess } from 'node:child_process';
import { FROM_SOURCE, ownModule } from '../package-root.js';
import { ImageTimeoutError } from './errors.js';
import type { ImageOperation } from './image-worker.js';
import { pixelAdmission } from './pixel-admission.js';

/** The longest one image operation (a check, a re-encode, one format) may take before its worker is killed. */
export const IMAGE_JOB_SECONDS = 60;
/** Image operations running at once, each in its own worker process. */
export const IMAGE_WORKERS = 2;
/** Pixels (declared width × height) of the images being worked on at once: decoding takes memory in proportion. */
export const IMAGE_PIXEL_BUDGET = 64_000_000;

// Built: tsc's dist/core/media/image-worker.js (wherever the bundle put this module). Run from the TypeScript sources
// (the tests), the .ts, loaded through jiti.
const WORKER = ownModule('core/media/image-worker');
const EXEC_ARGV = FROM_SOURCE ? ['--import', 'jiti/register'] : [];

interface Answer { id: number; result?: unknown; error?: string }

/** Whose image a job works on and how large it is, for admission (pixel-admission.ts). */
export interface ImageJobCost {
  /** The caller's key (imageCaller in prepare-file.ts); jobs without one share the key ''. */
  caller?: string;
  /** Width × height the image declares. */
  pixels?: number;
}

export interface ImageJobs {
  /** Run one operation of image.ts in a worker process once admitted; rejects with ImageTimeoutError past the limit. */
  run<T>(op: ImageOperation, args: unknown[], cost?: ImageJobCost): Promise<T>;
  /** Kill the workers (a job under way rejects); later jobs start new ones. */
  close(): void;
}

/**
 * Image operations in worker processes, admitted by pixel cost and fairly between callers
 * (pixel-admission.ts: `workers` at once while their pixels fit in `pixels`). A worker is killed when an
 * operation outlives `seconds` (libvips checks sharp's own timeout only between the regions it computes,
 * and not at all in work done in one piece: an SVG rendered whole, PNG palette quantisation). The next
 * job starts a fresh worker, so one bad file costs at most `seconds` and never blocks the files after it.
 *
 * @example
 * const jobs = createImageJobs();
 * await jobs.run<boolean>('isFaultyImage', [path, maxPixels], { caller: 'user:1', pixels: 640 * 480 }) // false
 */
export function createImageJobs(options: { seconds?: number; workers?: number; pixels?: number } = {}): ImageJobs {
  const seconds = options.seconds ?? IMAGE_JOB_SECONDS;
  const admit = pixelAdmission({ slots: options.workers ?? IMAGE_WORKERS, pixels: options.pixels ?? IMAGE_PIXEL_BUDGET });
  type Worker = { child: ChildProcess; ready: Promise<void> };
  // Started workers with no job; a job takes one or starts one (admission bounds how many run).
  const idle: Worker[] = [];
  const workers = new Set<Worker>();
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
    // Not awaited by anyone when it dies idle: the rejection is seen by the job that takes it, if any.
    ready.catch(() => {});
    const started = { child, ready };
    workers.add(started);
    child.once('exit', () => {
      workers.delete(started);
      if (idle.includes(started)) idle.splice(idle.indexOf(started), 1);
    });
    return started;
  };

  const runOne = async <T>(op: ImageOperation, args: unknown[]): Promise<T> => {
    let reused = idle.pop();
    // A worker killed (close) or dying a moment ago may not have said so yet.
    while (reused && !reused.child.connected) reused = idle.pop();
    const started = reused ?? start();
    started.child.channel?.ref();
    try {
      await started.ready;
    } finally {
      started.child.channel?.unref();
    }
    try {
      return await send<T>(started, op, args);
    } finally {
      if (workers.has(started) && started.child.exitCode === null && !started.child.killed) idle.push(started);
    }
  };

  const send = <T>(started: Worker, op: ImageOperation, args: unknown[]): Promise<T> => new Promise<T>((resolve, reject) => {
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
      workers.delete(started);
      child.kill('SIGKILL');
      reject(new ImageTimeoutError(seconds));
    }, seconds * 1000);
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.channel?.ref();
    child.send({ id, op, args }, (error) => {
      if (!error) return;
      finish();
      reject(error);
    });
  });

  return {
    run: (op, args, cost = {}) => admit(cost.caller ?? '', cost.pixels ?? 0, () => runOne(op, args)),
    close() {
      for (const { child } of workers) child.kill('SIGKILL');
      workers.clear();
      idle.length = 0;
    },
  };
}
