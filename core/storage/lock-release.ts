import { unlink, unlinkSync } from 'node:fs';
import { promisify } from 'node:util';
import { processLookThread } from './write-thread.js';

const unlinkFile = promisify(unlink);

/** Remove a lock file now, through the thread pool: one unlink (`rm` would lstat it first), a missing one no error. */
export async function releaseLock(path: string): Promise<void> {
  try {
    await unlinkFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException)?.code !== 'ENOENT') throw error;
  }
}

/** The longest a removal waits for another message to the look thread to go with (a take's, among updates). */
const RELEASE_WITHIN_MS = 5;
/**
 * The longest this process keeps one lock through back-to-back takes of its own (each taking back the last one's removal)
 * before it lets the lock go once: another process waiting for it (the CLI, polling) then has a gap to take it in, as it
 * had between any two writes before removals waited.
 */
const KEEP_AT_MOST_MS = 10;

interface Releasing {
  /** Resolves once removed (or taken back); rejects with the removal's error, the pool's try included. */
  done: Promise<void>;
  /** Take the removal back while it is not sent (true): it is never made. */
  withdraw(): boolean;
  /** When the lock file was made (ms): what KEEP_AT_MOST_MS is counted from. */
  since: number;
}

/** This process's lock removals under way (`releaseLater`), by path. */
const releasing = new Map<string, Releasing>();

/**
 * Remove a lock this process made at `since` (ms) once its work is done: with the look thread's next message, or within
 * RELEASE_WITHIN_MS (one wake-up of the thread per update, not two: the wake-up of a sleeping thread cost its waker 58–88
 * µs of CPU on round 29's machine). Through the pool if the thread ended.
 */
export function releaseSoon(path: string, since: number): void {
  const soon = processLookThread().removeSoon(path, RELEASE_WITHIN_MS);
  const done = soon.done.catch(() => releaseLock(path));
  done.catch(() => {}); // an error is the next take's, not unhandled
  const entry: Releasing = { done, withdraw: soon.withdraw, since };
  releasing.set(path, entry);
  const forget = () => { if (releasing.get(path) === entry) releasing.delete(path); };
  done.then(forget, forget);
}

/**
 * Before this process takes `path`: when its own removal of that lock is not sent yet, no other take of it here waits
 * (`othersWaiting`) and it has been kept less than KEEP_AT_MOST_MS, the removal is taken back and the lock is still
 * this process's: answers when it was made. Otherwise waits for any removal under way (sent now), failing with its
 * error, and answers undefined: the lock is to be taken anew.
 *
 * @example
 * const since = await keptOrReleased(path, false) ?? await takeAnew(path);
 */
export async function keptOrReleased(path: string, othersWaiting: boolean): Promise<number | undefined> {
  const removing = releasing.get(path);
  if (!removing) return undefined;
  if (!othersWaiting && Date.now() - removing.since < KEEP_AT_MOST_MS && removing.withdraw()) {
    releasing.delete(path);
    return removing.since;
  }
  processLookThread().sendNow();
  await removing.done;
  return undefined;
}

/** Whether this process's removal of `path` is under way: a lock naming this process that is not left over, but going. */
export const releaseUnderway = (path: string): boolean => releasing.has(path);

/** At exit: the removals not sent yet are made here, synchronously (a lock left would name a dead holder). */
export function releaseWaitingNow(): void {
  for (const [path, { withdraw }] of releasing) {
    if (!withdraw()) continue;
    try { unlinkSync(path); } catch { /* already gone */ }
  }
}
