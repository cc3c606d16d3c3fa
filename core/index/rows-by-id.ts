import { FileError } from '../errors.js';
import type { Row } from '../types.js';

/**
 * Rows by their id, built when first needed (a write, a lookup by id): at start only a check that
 * no two rows of one type share an id is needed, and a sorted array of the ids does that without a
 * map entry per row (at 1M documents, 2.1M entries were a fifth of a restart). Ids are per type, as
 * Strapi's are per table: rows of different types may share one (ids kept by a migration do), and a
 * lookup by id goes through its type (`rowOfType`). The first row of a type stored with an id keeps
 * it; a later row of that type with the same id but another key has its file reported.
 *
 * @example
 * const byId = new RowsById(() => index.allRows(), (problem) => index.reportProblem(problem));
 * byId.checkAfterLoad(); byId.get(7047790394410502)
 */
export class RowsById {
  #map: Map<number, Row[]> | undefined;

  constructor(private readonly allRows: () => Iterable<Row>, private readonly report: (problem: FileError) => void) {}

  /** The first row stored with this id, of any type. */
  get(id: number): Row | undefined {
    return this.map().get(id)?.[0];
  }

  /** A document's rows were stored: kept by id (once the map exists; until then, `checkAfterLoad` or the build sees them). */
  store(rows: readonly Row[]): void {
    if (this.#map) for (const row of rows) this.keep(this.#map, row);
  }

  /**
   * A document's old rows are gone (before its new ones are stored). Without the map there is nothing to remove them
   * from (it is built from the rows as they are then): a write no longer builds it, 2M entries at 1M, when nothing asks by id.
   */
  remove(rows: readonly Row[]): void {
    const map = this.#map;
    if (!map) return;
    for (const row of rows) {
      const held = map.get(row.id);
      if (!held?.includes(row)) continue;
      if (held.length === 1) map.delete(row.id);
      else map.set(row.id, held.filter((other) => other !== row));
    }
  }

  /** Drop the map (rebuilt from every row, in their order, on next use). */
  forget(): void {
    this.#map = undefined;
  }

  /** After a load: when two rows share an id, the map is built now, which reports each same-type collision as a load always did. */
  checkAfterLoad(): void {
    if (this.#map) return;
    const ids: number[] = [];
    for (const row of this.allRows()) ids.push(row.id);
    const sorted = Float64Array.from(ids).sort();
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i] === sorted[i - 1]) { this.map(); return; }
    }
  }

  private map(): Map<number, Row[]> {
    if (!this.#map) {
      this.#map = new Map();
      for (const row of this.allRows()) this.keep(this.#map, row);
    }
    return this.#map;
  }

  private keep(map: Map<number, Row[]>, row: Row): void {
    const held = map.get(row.id);
    if (!held) { map.set(row.id, [row]); return; }
    const clash = held.find((other) => other.uid === row.uid);
    if (clash && clash.key !== row.key) {
      this.report(new FileError(row.file, `id ${row.id} collides with ${clash.file}; rename one documentId`));
    } else if (!clash) {
      held.push(row);
    }
  }
}
