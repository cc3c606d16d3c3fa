import type { Row } from '../types.js';
import { isPatchable } from './patchable.js';

/** At most this many derived values in all: many distinct sorts or scopes must not grow memory without end. */
const MAX_ENTRIES = 500;

/**
 * Data derived per type (reverse relation maps, scoped and sorted lists), kept until a type it reads
 * changes; what can follow one document's change in place (`Patchable`) is patched instead of dropped.
 *
 * @example
 * const list = derived.get('api::article.article', 'scoped|published|en', () => buildList());
 * derived.changed('api::article.article', { removed, added });
 */
export class DerivedCache {
  private readonly entries = new Map<string, Map<string, unknown>>();
  private size = 0;

  get<T>(uid: string, key: string, compute: () => T): T {
    let entries = this.entries.get(uid);
    if (entries?.has(key)) return entries.get(key) as T;
    const value = compute();
    if (this.size >= MAX_ENTRIES) { this.entries.clear(); this.size = 0; entries = undefined; }
    if (!entries) this.entries.set(uid, (entries = new Map()));
    entries.set(key, value);
    this.size++;
    return value;
  }

  /** What was derived for `reader` is stale: dropped, or (given one document's rows before and after) patched where it can be. */
  changed(reader: string, change?: { removed: readonly Row[]; added: readonly Row[] }): void {
    const entries = this.entries.get(reader);
    if (!entries) return;
    if (change) {
      for (const [key, value] of entries) {
        if (isPatchable(value) && value.patch(change.removed, change.added)) continue;
        entries.delete(key);
        this.size--;
      }
      return;
    }
    this.size -= entries.size;
    this.entries.delete(reader);
  }
}
