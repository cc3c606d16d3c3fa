import { AsyncScope } from '../async-scope.js';
import type { WriteEvent } from '../service/write-event.js';
import type { CommitIntent } from './commit-intents.js';

/** What one request learns from the writes it made: the commit the remote holds them in. */
export interface CommitNote {
  commit?: string;
  /** With PostgreSQL choosing the writer: `<term> <writer URL> <time>`: the lock held while the write was made, still held at `time`. */
  writer?: string;
}

const requests = new AsyncScope<CommitNote>();

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
export function recordCommit(commit: string, writer?: string): void {
  const note = requests.getStore();
  if (!note) return;
  note.commit = commit;
  if (writer) note.writer = writer;
}

/** What one attempt of a replica's write leaves for later: announcements (webhooks) and the commits it asks for. */
export interface WriteAttempt {
  deferred: Array<() => Promise<void>>;
  intents: CommitIntent[];
}

const attempts = new AsyncScope<WriteAttempt>();

/**
 * Work that must wait until a write is acknowledged (webhooks): inside a replica's write it is kept
 * and run once the write is on the remote (and dropped when the write is answered 503 or re-applied);
 * anywhere else it runs now.
 */
export async function whenAcknowledged(announce: () => Promise<void>): Promise<void> {
  const attempt = attempts.getStore();
  if (attempt) attempt.deferred.push(announce);
  else await announce();
}

/** Inside a replica's write: keep the commit it asks for, made by the pusher with the others of its batch. False elsewhere. */
export function commitLater(intent: CommitIntent): boolean {
  const attempt = attempts.getStore();
  if (attempt) attempt.intents.push(intent);
  return !!attempt;
}

/** The attempt of the replica's write this code runs in (undefined elsewhere): what it has asked for so far. */
export const currentAttempt = (): WriteAttempt | undefined => attempts.getStore();

/** Whether this code runs inside a replica's write (its commit is then made by the pusher). */
export const insideReplicaWrite = (): boolean => attempts.getStore() !== undefined;

/** Run one attempt of a write, collecting what it leaves for later into `attempt` (emptied first: only the last attempt counts). */
export function collectDeferred<T>(attempt: WriteAttempt, work: () => Promise<T>): Promise<T> {
  attempt.deferred.length = 0;
  attempt.intents.length = 0;
  return attempts.run(attempt, work);
}

/** Writes made by one piece of project code (a lifecycle's write and the writes its hooks make, a custom controller's writes). */
interface CommitGroup {
  events: WriteEvent[];
  commit?: (event: WriteEvent) => Promise<void>;
  /** Committed: a write that ends later (project code that outlived its time limit) commits on its own. */
  closed?: boolean;
}

const groups = new AsyncScope<CommitGroup>();

/**
 * Run project code whose writes belong together (a write and the writes its lifecycle hooks make, the
 * writes of one custom controller): they become one commit, named after the first, made when the work
 * ends (also when it throws: what was written is committed). Nested groups join the outer one.
 *
 * @example
 * await groupCommits(() => controller.like(ctx)); // the article's update and the new like: one commit
 */
export async function groupCommits<T>(work: () => Promise<T>): Promise<T> {
  if (groups.getStore()) return work();
  const group: CommitGroup = { events: [] };
  try {
    return await groups.run(group, work);
  } finally {
    group.closed = true;
    const [first, ...also] = group.events;
    if (first && group.commit) {
      const files = [...new Set(group.events.flatMap((event) => event.files))];
      await group.commit({ ...first, files, also: also.length ? also : undefined });
    }
  }
}

/** Inside a commit group: keep the write's event for the group's one commit (made with `commit`). False elsewhere. */
export function joinCommitGroup(event: WriteEvent, commit: (event: WriteEvent) => Promise<void>): boolean {
  const group = groups.getStore();
  if (!group || group.closed) return false;
  group.events.push(event);
  group.commit ??= commit;
  return true;
}
