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

/**
 * cyrb53 fed in parts: the same hash as over their concatenation, so a prefix many names share (a type's
 * `uid|`, a row's `uid|documentId|locale|`) is hashed once, and bytes can be fed where they lie.
 *
 * @example
 * const prefix = new Cyrb53().text('api::tag.tag|'); new Cyrb53(prefix).text('abc|en|published').value()
 */
export class Cyrb53 {
  h1 = 0xdeadbeef;
  h2 = 0x41c6ce57;

  constructor(from?: Cyrb53) {
    if (from) this.from(from);
  }

  /** Start again from where `other` is (no new object per name in a loop). */
  from(other: Cyrb53): this {
    this.h1 = other.h1;
    this.h2 = other.h2;
    return this;
  }

  /** Feed one UTF-16 code unit. */
  code(code: number): this {
    this.h1 = Math.imul(this.h1 ^ code, 2654435761);
    this.h2 = Math.imul(this.h2 ^ code, 1597334677);
    return this;
  }

  text(name: string): this {
    for (let i = 0; i < name.length; i++) this.code(name.charCodeAt(i));
    return this;
  }

  /** The 53-bit hash of everything fed so far. */
  value(): number {
    const h1 = Math.imul(this.h1 ^ (this.h1 >>> 16), 2246822507) ^ Math.imul(this.h2 ^ (this.h2 >>> 13), 3266489909);
    const h2 = Math.imul(this.h2 ^ (this.h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return 4294967296 * (2097151 & h2) + (h1 >>> 0);
  }
}

const cyrb53 = (name: string): number => new Cyrb53().text(name).value();

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

/** `deriveId` of a name already fed to `hash`; `name` spells it out only for the rare hash that must be hashed again. */
export function deriveIdFrom(hash: Cyrb53, name: () => string): number {
  const id = hash.value();
  return id < KEPT_ID_LIMIT ? deriveId(name()) : id;
}

export const rowKey = (uid: string, documentId: string, locale: string | null, status: string): string =>
  `${uid}|${documentId}|${locale ?? ''}|${status}`;

/** Whether two rows have the same `rowKey`, told from its parts (spelling both keys out cost a write two new strings to compare). */
export const sameRowKey = (
  a: { uid: string; documentId: string; locale: string | null; status: string },
  b: { uid: string; documentId: string; locale: string | null; status: string },
): boolean => a.documentId === b.documentId && a.status === b.status && (a.locale ?? '') === (b.locale ?? '') && a.uid === b.uid;
