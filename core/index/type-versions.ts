import type { Row } from '../types.js';

/**
 * A version per type, bumped on every change of its rows, and a second one bumped only when its published rows change.
 * A draft's write leaves the published one: an answer that reads only a type's published rows (a published list)
 * stays what the index would answer, and may be kept across it (core/http/response-cache.ts).
 */
export class TypeVersions {
  private readonly all = new Map<string, number>();
  private readonly published = new Map<string, number>();

  of(uid: string): number {
    return this.all.get(uid) ?? 0;
  }

  publishedOf(uid: string): number {
    return this.published.get(uid) ?? 0;
  }

  /** A change of `uid`'s rows; `publishedKept`: its published rows are what they were, field for field. */
  bump(uid: string, publishedKept = false): void {
    this.all.set(uid, this.of(uid) + 1);
    if (!publishedKept) this.published.set(uid, this.publishedOf(uid) + 1);
  }
}

/**
 * Do a document's rows before and after a change hold the same published rows, in the same order, with the same
 * identity, times, file and fields (keys in the same order: an answer writes a JSON field's keys as stored)? A draft's
 * write rebuilds the document's rows from the same plain files, so the published ones come out equal.
 *
 * @example
 * samePublishedRows(rowsBefore, rowsAfter) // true after a write of `article.draft.json` only
 */
export function samePublishedRows(before: readonly Row[], after: readonly Row[]): boolean {
  let at = 0;
  for (const row of after) {
    if (row.status !== 'published') continue;
    while (at < before.length && before[at].status !== 'published') at++;
    if (at === before.length || !sameRow(before[at], row)) return false;
    at++;
  }
  while (at < before.length && before[at].status !== 'published') at++;
  return at === before.length;
}

function sameRow(a: Row, b: Row): boolean {
  return a.id === b.id && a.documentId === b.documentId && a.locale === b.locale && a.createdAt === b.createdAt
    && a.updatedAt === b.updatedAt && a.publishedAt === b.publishedAt && a.file === b.file && sameOrderedValue(a.data, b.data);
}

/** Deep equality of stored values, key order included. */
function sameOrderedValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameOrderedValue(item, b[i]));
  if (Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  for (let i = 0; i < keysA.length; i++) {
    const key = keysA[i];
    if (key !== keysB[i] || !sameOrderedValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}
