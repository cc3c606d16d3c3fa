/**
 * Row and component ids are derived from stable names, never allocated: the same file gives the
 * same id on every machine and restart, two Git branches can never mint the same id for different
 * rows, and a hand-written file needs none. A 53-bit hash (cyrb53) keeps ids exact JSON numbers;
 * a collision among a million rows of one type is about a one-in-20,000 chance, and is reported at load.
 *
 * Ids below `KEPT_ID_LIMIT` are never derived: they belong to rows that kept the numeric id of the
 * project they were imported from (`content/.ids.json`, see kept-ids.ts), so a derived id can never
 * take one, on any server or replica (a hash that lands below it is hashed again).
 */
export const KEPT_ID_LIMIT = 2 ** 32;

function cyrb53(name: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * The id a name derives: at least `KEPT_ID_LIMIT` (about one name in two million hashes below it,
 * and is hashed again with a suffix, so every other id is what it always was).
 *
 * @example
 * deriveId('api::article.article|abc|en|published') // 7047790394410502
 */
export function deriveId(name: string): number {
  let id = cyrb53(name);
  for (let round = 1; id < KEPT_ID_LIMIT; round++) id = cyrb53(`${name}#${round}`);
  return id;
}

export const rowKey = (uid: string, documentId: string, locale: string | null, status: string): string =>
  `${uid}|${documentId}|${locale ?? ''}|${status}`;
