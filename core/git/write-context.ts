import { AsyncLocalStorage } from 'node:async_hooks';

/** What one request learns from the writes it made: the commit the remote holds them in. */
export interface CommitNote {
  commit?: string;
}

const requests = new AsyncLocalStorage<CommitNote>();

/**
 * Run a request's handling with a note the replica fills in: once a write of it is on the remote,
 * `note.commit` names the commit (the HTTP face answers it as `X-Cms-Commit`).
 *
 * @example
 * const note: CommitNote = {}; const answer = await noteCommits(note, handle); note.commit // '3f2…'
 */
export function noteCommits<T>(note: CommitNote, work: () => Promise<T>): Promise<T> {
  return requests.run(note, work);
}

/** Record the commit holding this request's write (the newest wins: it contains the earlier ones). */
export function recordCommit(commit: string): void {
  const note = requests.getStore();
  if (note) note.commit = commit;
}

const deferred = new AsyncLocalStorage<Array<() => Promise<void>>>();

/**
 * Work that must wait until a write is acknowledged (webhooks): inside a replica's write it is kept
 * and run once the write is on the remote (and dropped when the write is answered 503 or re-applied);
 * anywhere else it runs now.
 */
export async function whenAcknowledged(announce: () => Promise<void>): Promise<void> {
  const list = deferred.getStore();
  if (list) list.push(announce);
  else await announce();
}

/** Run one attempt of a write, collecting what it defers into `list` (emptied first: only the last attempt counts). */
export function collectDeferred<T>(list: Array<() => Promise<void>>, work: () => Promise<T>): Promise<T> {
  list.length = 0;
  return deferred.run(list, work);
}
