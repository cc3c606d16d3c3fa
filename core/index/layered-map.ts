/**
 * A map read through to another one below it: its own entries first, then the entries below that
 * are neither deleted here nor hidden. Writes stay in this layer; the layer below is never changed,
 * and its later changes are seen at once. A branch's view holds its problems and file times so: a
 * map the size of what the branch changed, not a copy of the base's.
 *
 * @example
 * const problems = new LayeredMap(() => base.problems, (file) => overlay.has(file));
 * problems.set('content/articles/a.json', error); problems.delete('content/tags/t.json'); // hides the base's
 */
export class LayeredMap<K, V> extends Map<K, V> {
  /** Keys deleted here that the layer below may hold. */
  private readonly deleted = new Set<K>();

  constructor(private readonly below: () => ReadonlyMap<K, V> | undefined, private readonly hidden: (key: K, value: V) => boolean) {
    super();
  }

  /** This layer's own value for a key (not the one below). */
  own(key: K): V | undefined {
    return super.get(key);
  }

  /** Forget this layer's entries and deletions: the map reads as the layer below again. */
  reset(): void {
    super.clear();
    this.deleted.clear();
  }

  override get(key: K): V | undefined {
    return super.has(key) ? super.get(key) : this.fromBelow(key);
  }

  override has(key: K): boolean {
    return super.has(key) || this.fromBelow(key) !== undefined;
  }

  override set(key: K, value: V): this {
    super.set(key, value);
    return this;
  }

  override delete(key: K): boolean {
    const had = this.has(key);
    super.delete(key);
    if (this.below()?.has(key)) this.deleted.add(key);
    return had;
  }

  override clear(): void {
    for (const key of this.keys()) this.delete(key);
  }

  override get size(): number {
    let size = 0;
    for (const _ of this.entries()) size++;
    return size;
  }

  override *entries(): MapIterator<[K, V]> {
    yield* super.entries();
    const below = this.below();
    if (!below) return;
    for (const [key, value] of below) {
      if (!super.has(key) && !this.deleted.has(key) && !this.hidden(key, value)) yield [key, value];
    }
  }

  override *keys(): MapIterator<K> {
    for (const [key] of this.entries()) yield key;
  }

  override *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  override [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  override forEach(callback: (value: V, key: K, map: Map<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  private fromBelow(key: K): V | undefined {
    if (this.deleted.has(key)) return undefined;
    const value = this.below()?.get(key);
    return value === undefined || this.hidden(key, value) ? undefined : value;
  }
}
