import type { Row } from '../types.js';
import { sameRowKey } from './ids.js';
import { insertionPoint, placeOf } from './patchable.js';

/** Target documentId → the rows linking it (each once), in creation order. */
type Links = Map<unknown, Row[]>;

const linkedIds = (value: unknown): unknown[] => (value === null || value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * Which rows of a type link each target document through one owning relation attribute: what a
 * write that links or unlinks a target asks (the inverse side's order, a oneToOne taken from its
 * holder, the owners an inverse-side write changes). Built from the rows on first use, then kept in
 * step with each document's change (as `UniqueValues` is), so the question costs a map lookup
 * instead of a scan of the owning type's rows.
 *
 * @example
 * const links = new LinkHolders(compareCreation);
 * links.holders('api::article.article', 'author', authorId, () => index.rows('api::article.article'))
 */
export class LinkHolders {
  /** uid → attribute → links. */
  private readonly byType = new Map<string, Map<string, Links>>();

  constructor(private readonly order: (a: Row, b: Row) => number) {}

  /** The rows (every locale and status) whose `name` links `targetId`, in creation order. */
  holders(uid: string, name: string, targetId: string, rows: () => Iterable<Row>): readonly Row[] {
    let lookups = this.byType.get(uid);
    if (!lookups) this.byType.set(uid, (lookups = new Map()));
    let links = lookups.get(name);
    if (!links) {
      links = new Map();
      for (const row of rows()) for (const id of new Set(linkedIds(row.data[name]))) listOf(links, id).push(row);
      // Rows in any order (no sort of the whole type for it): each target's few owners are sorted instead.
      for (const list of links.values()) list.sort(this.order);
      lookups.set(name, links);
    }
    return links.get(targetId) ?? EMPTY;
  }

  /** One document's rows were replaced: `removed` before, `added` after. */
  update(removed: readonly Row[], added: readonly Row[]): void {
    const lookups = this.byType.get((removed[0] ?? added[0])?.uid);
    if (!lookups) return;
    let successor: Map<string, Row> | undefined;
    for (const [name, links] of lookups) {
      if (this.replaceAlike(links, name, removed, added)) continue;
      successor ??= new Map(added.map((row) => [row.key, row]));
      const placed = new Set<string>();
      for (const row of removed) {
        const next = successor.get(row.key);
        const nextIds = next && this.order(next, row) === 0 ? new Set(linkedIds(next.data[name])) : undefined;
        for (const id of new Set(linkedIds(row.data[name]))) {
          const list = links.get(id);
          if (!list) continue;
          // A target may hold many owners: the row is found by binary search, not a scan of them.
          let at = placeOf(list, row, this.order);
          if (at < 0) at = list.indexOf(row);
          if (at < 0) continue;
          // Its new version (same creation order) still linking the target takes its place.
          if (nextIds?.has(id)) {
            list[at] = next!;
            placed.add(`${next!.key}\u0000${String(id)}`);
          } else {
            list.splice(at, 1);
            if (list.length === 0) links.delete(id);
          }
        }
      }
      for (const row of added) {
        for (const id of new Set(linkedIds(row.data[name]))) {
          if (placed.has(`${row.key}\u0000${String(id)}`)) continue;
          const list = listOf(links, id);
          list.splice(insertionPoint(list, row, this.order), 0, row);
        }
      }
    }
  }

  /**
   * The common write, which leaves `name`'s links as they were: each removed row is followed, at the same place in the
   * list, by its new version (same key and creation order) linking the same targets. Each takes its old version's place
   * (as `update` would, without its maps and sets); false, with nothing changed, for any other change.
   */
  private replaceAlike(links: Links, name: string, removed: readonly Row[], added: readonly Row[]): boolean {
    if (removed.length !== added.length) return false;
    for (let i = 0; i < removed.length; i++) {
      const row = removed[i]!;
      const next = added[i]!;
      if (!sameRowKey(next, row) || this.order(next, row) !== 0 || !sameIds(linkedIds(row.data[name]), linkedIds(next.data[name]))) return false;
    }
    for (let i = 0; i < removed.length; i++) {
      const row = removed[i]!;
      for (const id of new Set(linkedIds(row.data[name]))) {
        const list = listOf(links, id);
        let at = placeOf(list, row, this.order);
        if (at < 0) at = list.indexOf(row);
        // A row its list did not hold (never expected) is inserted in creation order, as `update` does.
        if (at >= 0) list[at] = added[i]!;
        else list.splice(insertionPoint(list, added[i]!, this.order), 0, added[i]!);
      }
    }
    return true;
  }

  clear(): void {
    this.byType.clear();
  }
}

const EMPTY: readonly Row[] = [];

/** The same targets in the same order. */
function sameIds(a: unknown[], b: unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function listOf(links: Links, id: unknown): Row[] {
  let list = links.get(id);
  if (!list) links.set(id, (list = []));
  return list;
}
