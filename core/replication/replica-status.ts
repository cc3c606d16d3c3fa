import type { ForwardingStatus } from './writer-choice.js';

/** What `GET /_cms/replica` answers: where this clone stands against the remote. */
export interface ReplicaStatus {
  remote: string;
  branch: string | null;
  head: string | null;
  /** The remote's tip as this clone last saw it (fetch, push or pull). */
  origin: string | null;
  /** Commits on HEAD the remote does not have (writes waiting for their push). */
  ahead: number;
  /** Commits on the remote this clone has fetched but not yet checked out. */
  behind: number;
  pendingWrites: number;
  lastError: { at: string; message: string } | null;
  lastPush: { at: string; commit: string; writes: number } | null;
  lastPull: { at: string; commit: string } | null;
  lastPoll: { at: string; ok: boolean } | null;
  /** How many peers this replica tells after a push (their URLs are not shown). */
  peers: number;
  /** Commits and edits this clone kept aside when it found itself diverged (`refs/cms/stray/…`). */
  stray: Array<{ ref: string; commit: string }>;
  /** Where writes go (the writer replica) and how many were sent on to it. */
  forwarding: ForwardingStatus;
}
