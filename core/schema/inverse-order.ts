/**
 * An inverse side's order (to-many inverses): the owners a document's own file lists under the
 * inverse attribute come first, in that order, then the other owners that link it, in the order
 * given (creation order). Links live on the owning side only; the list only orders them, so an
 * owner it names that no longer links is skipped. Strapi keeps this order in its join table: connect
 * order, `position` honoured (recorded: ord.*).
 */
export function inverseOrder<T>(linked: T[], documentIdOf: (item: T) => string, stored: unknown): T[] {
  if (!Array.isArray(stored) || !stored.length) return linked;
  const rank = new Map<string, number>();
  stored.forEach((documentId, position) => {
    if (typeof documentId === 'string' && !rank.has(documentId)) rank.set(documentId, position);
  });
  const at = (item: T) => rank.get(documentIdOf(item)) ?? Number.MAX_SAFE_INTEGER;
  return linked.map((item, position) => ({ item, position }))
    .sort((a, b) => at(a.item) - at(b.item) || a.position - b.position)
    .map(({ item }) => item);
}
