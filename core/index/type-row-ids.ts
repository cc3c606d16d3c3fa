import type { Row } from '../types.js';
import type { Patchable } from './patchable.js';

/** What a type's lookup by id needs of the index. */
interface IndexedTypes {
  models: ReadonlyMap<string, unknown>;
  rows(uid: string): Row[];
  cached<T>(uid: string, key: string, compute: () => T): T;
}

/** One type's rows by id, following each document's change in place (a write costs no rebuild). */
class TypeRowIds implements Patchable {
  readonly byId = new Map<number, Row>();

  constructor(rows: Iterable<Row>) {
    for (const row of rows) if (!this.byId.has(row.id)) this.byId.set(row.id, row);
  }

  patch(removed: readonly Row[], added: readonly Row[]): boolean {
    for (const row of removed) if (this.byId.get(row.id) === row) this.byId.delete(row.id);
    for (const row of added) if (!this.byId.has(row.id)) this.byId.set(row.id, row);
    return true;
  }
}

/** A branch's view (core/index/branch-index.ts): the base's index and the few documents the branch changed. */
interface OverlaidTypes extends IndexedTypes {
  base: IndexedTypes;
  touches(uid: string): boolean;
  touchesDocument(uid: string, documentId: string): boolean;
  overlayDelta(uid: string): { added: Row[] };
}

const overlaid = (index: IndexedTypes): index is OverlaidTypes => 'overlayDelta' in index && 'base' in index;

/**
 * The row of type `uid` with numeric id `id` (any locale and status), as Strapi looks a row up in the
 * type's own table: ids are per type, so an article and a media file may share one (kept ids of a
 * migration do, as in Strapi). On a branch's view the base's lookup answers, less the documents the
 * branch changed, whose own rows are searched: a branch write costs no rebuild over the whole type.
 *
 * @example
 * rowOfType(cms.index, 'plugin::upload.file', 3)?.documentId
 */
export function rowOfType(index: IndexedTypes, uid: string, id: number): Row | undefined {
  if (!index.models.has(uid)) return undefined;
  if (overlaid(index) && index.touches(uid)) {
    const changed = index.overlayDelta(uid).added.find((row) => row.id === id);
    if (changed) return changed;
    const row = rowOfType(index.base, uid, id);
    return row && !index.touchesDocument(uid, row.documentId) ? row : undefined;
  }
  if (overlaid(index)) return rowOfType(index.base, uid, id);
  return index.cached(uid, 'rows-by-id', () => new TypeRowIds(index.rows(uid))).byId.get(id);
}
