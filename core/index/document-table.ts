/**
 * Values per document, kept per type and then per documentId: no `uid|documentId` string is built
 * for a lookup or held as a key (at 100k documents, a key string each and its hashing), and a
 * type's documents are one map to walk, not a scan of every type's.
 *
 * @example
 * const rows = new DocumentTable<Row[]>(); rows.set('api::article.article', 'a1', [row]); rows.get('api::article.article', 'a1')
 */
export class DocumentTable<V> {
  readonly #types = new Map<string, Map<string, V>>();

  get(uid: string, documentId: string): V | undefined {
    return this.#types.get(uid)?.get(documentId);
  }

  has(uid: string, documentId: string): boolean {
    return this.#types.get(uid)?.has(documentId) ?? false;
  }

  set(uid: string, documentId: string, value: V): void {
    let documents = this.#types.get(uid);
    if (!documents) this.#types.set(uid, (documents = new Map()));
    documents.set(documentId, value);
  }

  /** Give a type its place in the table's order (`values`) before its first document is stored. */
  reserve(uid: string): void {
    if (!this.#types.has(uid)) this.#types.set(uid, new Map());
  }

  delete(uid: string, documentId: string): void {
    this.#types.get(uid)?.delete(documentId);
  }

  /** Every value, type by type (in the order types were first stored), each type's in the order its documents were. */
  *values(): IterableIterator<V> {
    for (const documents of this.#types.values()) yield* documents.values();
  }

  /** Every value of a type's documents. */
  valuesOf(uid: string): IterableIterator<V> {
    return (this.#types.get(uid) ?? new Map<string, V>()).values();
  }
}
