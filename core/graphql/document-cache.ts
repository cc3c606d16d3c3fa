import type { DocumentNode } from 'graphql';

/** The most characters of query text the cache holds in all (a document's parsed form is some small multiple of it). */
export const DOCUMENT_CACHE_CHARS = 32 * 1024 * 1024;
/** A query text longer than this is parsed and validated each time, never kept: clients repeat short queries. */
export const CACHED_QUERY_CHARS = 64 * 1024;

/**
 * Apollo Server's document cache, bounded by size: valid documents keyed by their query text, the oldest leaving first
 * once the texts kept pass `maxChars` in all; a text over `maxEntryChars` is not kept (a 1 MB body is a one-off, and a
 * thousand of them would hold a gigabyte).
 *
 * @example
 * const cache = createDocumentCache(); cache.set(query, document); cache.get(query); // document
 */
export function createDocumentCache(maxChars = DOCUMENT_CACHE_CHARS, maxEntryChars = CACHED_QUERY_CHARS) {
  const documents = new Map<string, DocumentNode>();
  let chars = 0;
  return {
    get: (query: string) => documents.get(query),
    set(query: string, document: DocumentNode): void {
      if (query.length > maxEntryChars || query.length > maxChars || documents.has(query)) return;
      while (chars + query.length > maxChars) {
        const oldest = documents.keys().next().value!;
        documents.delete(oldest);
        chars -= oldest.length;
      }
      documents.set(query, document);
      chars += query.length;
    },
    /** How many documents, and how many characters of query text, are kept. */
    size: () => ({ entries: documents.size, chars }),
  };
}

export type DocumentCache = ReturnType<typeof createDocumentCache>;
