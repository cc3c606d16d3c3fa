import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { CommitIntent } from './commit-intents.js';
import { currentAttempt, type WriteAttempt } from './write-context.js';

type Write = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * Media writes for a replica (binaries and entries): the work runs once, inside the write gate; when the push queue
 * runs the write again on a newer tip (a reset took its files), its files are put back as its first run left them
 * (what its commits hold), with the same commits and the same webhooks, instead of running the upload again.
 *
 * @example
 * const writeMedia = mediaWrites(root, reindex, replicaWrite); await writeMedia(() => upload.create(file));
 */
export function mediaWrites(root: string, reindex: (files: string[]) => Promise<void>, write: Write): Write {
  /** Put a write's files back as its commits hold them (null: removed), in order, atomically each, then reindex them. */
  const restore = async (intents: CommitIntent[]) => {
    const files = new Map(intents.flatMap((intent) => intent.files.map((file) => [file.path, file.content] as const)));
    for (const [file, content] of files) {
      const path = join(root, file);
      if (content === null) { await rm(path, { force: true }); continue; }
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${process.pid}.${randomUUID()}.tmp`;
      await writeFile(temp, content);
      await rename(temp, path);
    }
    if (files.size) await reindex([...files.keys()]);
  };

  return <T>(work: () => Promise<T>): Promise<T> => {
    let first: { result: T; intents: CommitIntent[]; deferred: WriteAttempt['deferred'] } | undefined;
    return write(async () => {
      const attempt = currentAttempt();
      if (!attempt) return work();
      if (!first) {
        const result = await work();
        first = { result, intents: [...attempt.intents], deferred: [...attempt.deferred] };
        return result;
      }
      await restore(first.intents);
      attempt.intents.push(...first.intents);
      attempt.deferred.push(...first.deferred);
      return first.result;
    });
  };
}
