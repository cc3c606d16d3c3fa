import type { Row } from '../types.js';

/** value → its one holder (most values have one: no Set each), or its holders. */
type Holders = Map<unknown, string | Set<string>>;

/** Which rows a question covers: published ones (the unique check) or every version (uid generation). */
export type ValueScope = 'published' | 'any';

/**
 * Which rows one lookup holds: the published ones or the others (drafts). A question about every version asks both, so
 * the published rows, which the unique check of every write reads first, are never gathered into a second lookup.
 */
type Part = 'published' | 'unpublished';
const PARTS: Record<ValueScope, readonly Part[]> = { published: ['published'], any: ['published', 'unpublished'] };

const inPart = (row: Row, part: Part) => (row.status === 'published') === (part === 'published');

/** One attribute's lookup in one locale and part, with what it covers (read on every write, never re-parsed from its key). */
interface Lookup {
  name: string;
  /** The locale as `String(row.locale)` spells it (`'null'`: a type without locales). */
  locale: string;
  part: Part;
  holders: Holders;
}

/**
 * Which documents hold a value of an attribute among a type's rows in one locale: what a unique
 * check (published rows) and uid generation (every row) ask on every write. A lookup is built on first use from the rows it
 * covers (`rows(keep)`: only those need their fields read), then kept in step
 * with each document's change, so a check costs a map lookup instead of a scan of every row.
 *
 * @example
 * const holders = unique.holders('api::article.article', 'slug', 'en', 'published', 'hello', (keep) => index.rows(uid).filter(keep));
 * holders.has(otherDocumentId)
 */
export class UniqueValues {
  /** uid → `name\u0000locale\u0000part` → its lookup (value → documentIds). */
  private readonly byType = new Map<string, Map<string, Lookup>>();
  /**
   * Values a write has taken but not yet indexed (its file is still being made durable):
   * `uid\u0000name\u0000locale\u0000scope` → holders.
   */
  private readonly held = new Map<string, Holders>();

  holders(
    uid: string, name: string, locale: string | null, scope: ValueScope, value: unknown,
    rows: (keep: (row: Row) => boolean) => Iterable<Row>,
  ): ReadonlySet<string> {
    let lookups = this.byType.get(uid);
    if (!lookups) this.byType.set(uid, (lookups = new Map()));
    let indexed: ReadonlySet<string> = EMPTY;
    for (const part of PARTS[scope]) {
      const key = `${name}\u0000${locale}\u0000${part}`;
      let lookup = lookups.get(key);
      if (!lookup) {
        const holders: Holders = new Map();
        // Only the rows the lookup covers are asked for (and read: a draft's or another locale's fields stay unread).
        const covered = (row: Row) => inPart(row, part) && row.locale === locale;
        for (const row of rows(covered)) if (covered(row)) add(holders, row.data[name], row.documentId);
        lookups.set(key, (lookup = { name, locale: String(locale), part, holders }));
      }
      indexed = union(indexed, lookup.holders.get(value));
    }
    const pending = this.held.get(`${uid}\u0000${name}\u0000${locale}\u0000${scope}`)?.get(value);
    return union(indexed, pending);
  }

  /**
   * A write's uid and unique values, held for it from its check until its file is indexed, so a
   * concurrent write of the type finds them taken without waiting for the first one's disk sync.
   * A published version holds them for the unique check too. Returns the release.
   */
  hold(uid: string, documentId: string, locale: string | null, published: boolean, values: [name: string, value: unknown][]): () => void {
    const keys: [string, unknown][] = [];
    for (const [name, value] of values) {
      if (value === undefined || value === null) continue;
      for (const scope of published ? ['any', 'published'] : ['any']) {
        keys.push([`${uid}\u0000${name}\u0000${locale}\u0000${scope}`, value]);
      }
    }
    for (const [key, value] of keys) {
      let holders = this.held.get(key);
      if (!holders) this.held.set(key, (holders = new Map()));
      add(holders, value, documentId);
    }
    return () => {
      for (const [key, value] of keys) {
        const holders = this.held.get(key);
        if (!holders) continue;
        drop(holders, value, documentId);
        if (holders.size === 0) this.held.delete(key);
      }
    };
  }

  /** One document's rows were replaced: `removed` before, `added` after. */
  update(removed: readonly Row[], added: readonly Row[]): void {
    const lookups = this.byType.get((removed[0] ?? added[0])?.uid);
    if (!lookups) return;
    for (const { name, locale, part, holders } of lookups.values()) {
      for (const row of removed) if (inPart(row, part) && String(row.locale) === locale) drop(holders, row.data[name], row.documentId);
      for (const row of added) if (inPart(row, part) && String(row.locale) === locale) add(holders, row.data[name], row.documentId);
    }
  }

  clear(): void {
    this.byType.clear();
  }
}

const EMPTY: ReadonlySet<string> = new Set();

const asSet = (held: string | Set<string> | undefined): ReadonlySet<string> =>
  held === undefined ? EMPTY : typeof held === 'string' ? new Set([held]) : held;

/** The documents of a set and of one more lookup's entry (the set itself when the entry adds none). */
function union(set: ReadonlySet<string>, held: string | Set<string> | undefined): ReadonlySet<string> {
  if (held === undefined) return set;
  if (set.size === 0) return asSet(held);
  if (typeof held === 'string') return set.has(held) ? set : new Set([...set, held]);
  return new Set([...set, ...held]);
}

function add(holders: Holders, value: unknown, documentId: string): void {
  if (value === undefined || value === null) return;
  const held = holders.get(value);
  if (held === undefined) holders.set(value, documentId);
  else if (typeof held !== 'string') held.add(documentId);
  else if (held !== documentId) holders.set(value, new Set([held, documentId]));
}

/** A value no document holds any more is forgotten: a long-running server's lookups hold current values only. */
function drop(holders: Holders, value: unknown, documentId: string): void {
  const held = holders.get(value);
  if (held === documentId) holders.delete(value);
  else if (typeof held !== 'string' && held?.delete(documentId) && held.size === 0) holders.delete(value);
}
