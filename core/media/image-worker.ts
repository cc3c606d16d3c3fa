import { isFaultyImage, optimizeImage, resizeInside } from './image.js';

/**
 * The image worker process (started by image-jobs.ts): runs one sharp operation per message and
 * answers `{ id, result }` or `{ id, error }`. It exists so that an operation can be stopped for
 * real: libvips work cannot be interrupted from JavaScript, but a process can be killed.
 */
const OPERATIONS = { isFaultyImage, optimizeImage, resizeInside } as const;
export type ImageOperation = keyof typeof OPERATIONS;

interface Job { id: number; op: ImageOperation; args: unknown[] }

process.on('message', (job: Job) => {
  const operation = OPERATIONS[job.op] as (...args: unknown[]) => Promise<unknown>;
  operation(...job.args).then(
    (result) => process.send?.({ id: job.id, result }),
    (error: unknown) => process.send?.({ id: job.id, error: (error as Error)?.message ?? String(error) }),
  );
});
// The server went away: so does its worker.
process.on('disconnect', () => process.exit(0));
// Loaded, sharp too: the time limit of a job starts now, not with the process.
await import('sharp');
process.send?.({ ready: true });
