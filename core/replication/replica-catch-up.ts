import type { ReadWriteLock } from './read-write-lock.js';
import type { ReplicaGit } from './replica-git.js';

/** Commits known to be held, and made-up ones remembered: each set is bounded. */
const KNOWN_LIMIT = 1024;
const UNKNOWN_LIMIT = 4096;
/** A commit the remote did not hold is answered from memory this long (a made-up one never appears; a peer's notice forgets it). */
const UNKNOWN_MS = 10 * 60_000;
/** Each client may have this many commits looked up that the remote turns out not to hold, per window; then no more lookups. */
export const LOOKUP_ALLOWANCE = 3;
const ALLOWANCE_WINDOW_MS = 60_000;

/** What a read naming a commit finds (see `Replica.catchUp`). */
export type CatchUpAnswer = 'held' | 'unknown' | 'behind' | 'unchecked';

export interface CatchUpContext {
  git: ReplicaGit;
  remote: string;
  lock: ReadWriteLock;
  /** Bring the clone to the remote's tip. */
  pull(): Promise<unknown>;
  /** Fetch the branch onto its remote-tracking ref, shared by the callers meanwhile; answers the branch. */
  fetchTracking(): Promise<string>;
  /** The checked-out branch. */
  branch(): Promise<string>;
}

/** A Map kept to `limit` entries, the oldest going first. */
function bounded<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value as K);
}

/**
 * Read-your-writes that a stranger cannot turn into work: a commit this clone holds is answered from memory; one a
 * peer announced (its push notice names it) or that the last fetch brought is caught up with; any other is looked
 * up (a git check and one fetch shared by everyone asking), at most `LOOKUP_ALLOWANCE` misses per client a minute,
 * and a miss is remembered, so a made-up commit costs no git call once its client's allowance is spent.
 *
 * @example
 * const reads = createCatchUp({ git, remote: 'origin', lock, pull, fetchTracking, branch });
 * await reads.catchUp(commit, { client: '203.0.113.7', wait: 10_000 }) // 'held' | 'unknown' | 'behind' | 'unchecked'
 */
export function createCatchUp(context: CatchUpContext) {
  const { git, remote, lock } = context;
  const known = new Set<string>();
  const unknown = new Map<string, number>();
  const announced = new Map<string, true>();
  const misses = new Map<string, { start: number; count: number }>();

  const remember = (commit: string) => { if (known.size >= KNOWN_LIMIT) known.clear(); known.add(commit); };
  /** Whether HEAD holds `commit`, asked under the shared lock: a pull resets HEAD before it reindexes, under the exclusive one. */
  const holds = async (commit: string) => {
    const held = await lock.shared(() => git.contains(commit));
    if (held) remember(commit);
    return held;
  };
  const missesOf = (client: string) => {
    const entry = misses.get(client);
    return entry && Date.now() - entry.start < ALLOWANCE_WINDOW_MS ? entry : undefined;
  };
  const miss = (client: string, commit: string) => {
    bounded(unknown, commit, Date.now() + UNKNOWN_MS, UNKNOWN_LIMIT);
    const entry = missesOf(client) ?? { start: Date.now(), count: 0 };
    entry.count += 1;
    bounded(misses, client, entry, UNKNOWN_LIMIT);
  };
  const remembered = (commit: string) => {
    const until = unknown.get(commit);
    if (until !== undefined && until <= Date.now()) unknown.delete(commit);
    return until !== undefined && until > Date.now();
  };
  const onTracking = async (commit: string, name?: string) =>
    git.contains(commit, `refs/remotes/${remote}/${name ?? await context.branch()}`);

  /** On the remote, maybe not here yet (this replica's own writes are pushed first): pull until HEAD holds it, or time runs out. */
  const waitFor = async (commit: string, wait: number): Promise<CatchUpAnswer> => {
    const until = Date.now() + wait;
    for (let pause = 50; ; pause = Math.min(1000, pause * 2)) {
      await context.pull().catch(() => undefined);
      if (await holds(commit)) return 'held';
      if (Date.now() >= until) return 'behind';
      await new Promise((resolve) => setTimeout(resolve, Math.min(pause, Math.max(0, until - Date.now()))));
    }
  };

  return {
    remember,
    /** A peer's notice named this commit: it is real, whoever asks for it. */
    announce(commit: string): void {
      unknown.delete(commit);
      bounded(announced, commit, true, KNOWN_LIMIT);
    },
    async catchUp(commit: string, options: { client?: string; wait: number }): Promise<CatchUpAnswer> {
      if (known.has(commit)) return 'held';
      if (announced.has(commit)) return (await holds(commit)) ? 'held' : waitFor(commit, options.wait);
      if (remembered(commit)) return 'unknown';
      const client = options.client ?? '';
      if ((missesOf(client)?.count ?? 0) >= LOOKUP_ALLOWANCE) return 'unchecked';
      if (await holds(commit)) return 'held';
      // Older than the last fetch: the remote-tracking ref has it. Else one fetch (shared by the requests asking meanwhile)
      // tells a real one (a client is given a commit only once the remote holds it) from a stale or made-up one.
      if (await onTracking(commit)) return waitFor(commit, options.wait);
      const name = await context.fetchTracking().catch(() => undefined);
      if (!name) return 'behind';
      if (await onTracking(commit, name)) return waitFor(commit, options.wait);
      miss(client, commit);
      return 'unknown';
    },
  };
}
