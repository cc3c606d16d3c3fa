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
export const createDocumentCache = (maxChars = DOCUMENT_CACHE_CHARS, maxEntryChars = CACHED_QUERY_CHARS) =>
  createTextCache<DocumentNode>(maxChars, maxEntryChars);

/**
 * Values worked out from a text (a query's parsed document, a request's read plan), kept by that text and bounded by
 * the texts' size: the oldest leave first once the texts kept pass `maxChars` in all; a text over `maxEntryChars` is
 * never kept.
 *
 * @example
 * const plans = createTextCache<Plan>(4 * 1024 * 1024, 16 * 1024); plans.set(body, plan); plans.get(body); // plan
 */
export function createTextCache<T>(maxChars: number, maxEntryChars: number) {
  const values = new Map<string, T>();
  let chars = 0;
  return {
    get: (text: string) => values.get(text),
    set(text: string, value: T): void {
      if (text.length > maxEntryChars || text.length > maxChars || values.has(text)) return;
      while (chars + text.length > maxChars) {
        const oldest = values.keys().next().value!;
        values.delete(oldest);
        chars -= oldest.length;
      }
      values.set(text, value);
      chars += text.length;
    },
    /** How many values, and how many characters of text, are kept. */
    size: () => ({ entries: values.size, chars }),
  };
}

export type DocumentCache = ReturnType<typeof createDocumentCache>;
export type TextCache<T> = ReturnType<typeof createTextCache<T>>;
