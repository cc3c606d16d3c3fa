/**
 * Finished GET answers, kept as bytes until the content changes, per read scope (anonymous, or
 * the read fingerprint of a token's or user's permissions). A repeated read then
 * costs a map lookup and a socket write, which is what lets the server approach the bare
 * `node:http` limit. Entries are tagged with the index they were computed from and its version,
 * so any write, file change or model reload makes them stale at once.
 */
export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

interface Entry extends CachedResponse {
  owner: object;
  version: number;
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

  get(key: string, owner: object, version: number): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.owner !== owner || entry.version !== version) {
      this.delete(key, entry);
      return undefined;
    }
    // Refresh recency: Map keeps insertion order, so the oldest entry is first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, owner: object, version: number, response: CachedResponse): void {
    if (response.body.length > this.maxBytes / 16) return;
    const previous = this.entries.get(key);
    if (previous) this.delete(key, previous);
    this.entries.set(key, { ...response, owner, version });
    this.bytes += response.body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest, entry);
    }
  }

  private delete(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}
