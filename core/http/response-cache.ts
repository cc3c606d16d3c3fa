/**
 * Finished GET answers, kept as bytes until the content they read changes, per read scope
 * (anonymous, or the read fingerprint of a token's or user's permissions). A repeated read then
 * costs a map lookup and a socket write, which is what lets the server approach the bare
 * `node:http` limit. Entries are tagged with the index they were computed from and the versions of
 * the types they read (see `TypeDependencies`), so a write, file change or model reload makes
 * every answer it can change stale at once, and leaves answers about unrelated types cached.
 * Its headers include `content-length`, so a hit is written without copying them.
 */
export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The index an answer was computed from: its identity, the versions of the types the answer read, and its own. */
export interface VersionSource {
  versionOf(uid: string): number;
  /** A type's version that only a change of its published rows moves (a draft's write does not). */
  publishedVersionOf(uid: string): number;
  /** Bumped on every change of any type (a followed store's included): while it stays, every type's version does. */
  readonly version: number;
}

/** What an answer was computed from: the index, the types it read and their versions then. */
export interface Freshness {
  owner: VersionSource;
  types: readonly string[];
  versions: readonly number[];
  /** The owner's own version when these types' versions were last found current. */
  seen: number;
  /** The answer read only the first type's published rows: its published version is the one compared. */
  published: boolean;
}

/** `uid`'s version as an answer's freshness compares it (the `published` answer's own type: its published version). */
function versionFor(owner: VersionSource, uid: string, publishedOnly: boolean): number {
  return publishedOnly ? owner.publishedVersionOf(uid) : owner.versionOf(uid);
}

/**
 * The freshness of an answer computed now from `owner`, reading `types`. `published`: the answer read only the published
 * rows of `types[0]` (and any rows of the others), so a draft's write to that type leaves it fresh.
 */
export function freshness(owner: VersionSource, types: readonly string[], published = false): Freshness {
  const seen = owner.version;
  return { owner, types, versions: types.map((uid, i) => versionFor(owner, uid, published && i === 0)), seen, published };
}

/**
 * Is an answer computed at `then` still what `owner` would answer now? One comparison while nothing at all changed on
 * the owner (the usual case between two writes: a list query reaching a dozen types looks at none of them); after a
 * change, each type read, and a change of other types only is remembered as seen.
 */
export function isFresh(then: Freshness, owner: VersionSource): boolean {
  if (then.owner !== owner) return false;
  const now = owner.version;
  if (now === then.seen) return true;
  for (let i = 0; i < then.types.length; i++) {
    if (versionFor(owner, then.types[i], then.published && i === 0) !== then.versions[i]) return false;
  }
  then.seen = now;
  return true;
}

/**
 * A cached answer as the cache hands it out: its headers also as Node's flat raw list
 * (`[name, value, name, value, …]`, the same order), which `writeHead` takes with less work per
 * header than an object (no key listing or property reads), for the same bytes on the wire.
 */
export interface CachedHit extends CachedResponse {
  rawHeaders: readonly string[];
}

interface Entry extends CachedHit {
  freshness: Freshness;
  /** Read since it was stored or last passed over by eviction (second-chance eviction: no reordering on every hit). */
  used: boolean;
  /** No longer kept (replaced, evicted or stale): a caller holding it must look its key up again. */
  dropped: boolean;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly maxEntries = 5000, private readonly maxBytes = 64 * 1024 * 1024) {}

  /**
   * Cache key: everything an answer depends on besides the content. `scope` is the caller's read
   * fingerprint ('' or absent for anonymous callers), so no answer crosses a permission boundary.
   */
  static key(url: string, origin: string | null | undefined, responseFormat: string | null | undefined, scope = ''): string {
    return `${url}\u0000${origin ?? ''}\u0000${responseFormat ?? ''}\u0000${scope}`;
  }

  get(key: string, owner: VersionSource): CachedHit | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (!isFresh(entry.freshness, owner)) {
      this.delete(key, entry);
      return undefined;
    }
    entry.used = true;
    return entry;
  }

  /**
   * `get`, for a caller holding what this key answered last time (`held`): while that is still the answer kept under it
   * and fresh, it is had again without a lookup by the key (a long one: a GraphQL request's text).
   */
  again(held: CachedHit | undefined, key: string, owner: VersionSource): CachedHit | undefined {
    const entry = held as Entry | undefined;
    if (!entry || entry.dropped || !isFresh(entry.freshness, owner)) return this.get(key, owner);
    entry.used = true;
    return entry;
  }

  set(key: string, freshness: Freshness, response: CachedResponse): void {
    if (response.body.length > this.maxBytes / 16) return;
    const previous = this.entries.get(key);
    if (previous) this.delete(key, previous);
    this.entries.set(key, { ...response, rawHeaders: Object.entries(response.headers).flat(), freshness, used: false, dropped: false });
    this.bytes += response.body.length;
    // Map keeps insertion order, so the oldest entry is first: one read since it was stored (or last passed over)
    // earns it a move to the back; the first one not read goes. Each entry is passed over at most once per round.
    let passes = this.entries.size;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      // The answer just stored is the one being asked for: it stays.
      if (oldest === key) continue;
      if (entry.used && passes-- > 0) {
        entry.used = false;
        this.entries.delete(oldest);
        this.entries.set(oldest, entry);
        continue;
      }
      this.delete(oldest, entry);
    }
  }

  private delete(key: string, entry: Entry): void {
    entry.dropped = true;
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}
