import { FileError } from '../errors.js';
import type { Row } from '../types.js';

/**
 * Rows by their derived id, built when first needed (a write, a lookup by id): at start only a
 * check that no two rows share an id is needed, and a sorted array of the ids does that without a
 * map entry per row (at 1M documents, 2.1M entries were a fifth of a restart). The first row stored
 * with an id keeps it; a later row with the same id but another key has its file reported.
 *
 * @example
 * const byId = new RowsById(() => index.allRows(), (problem) => index.reportProblem(problem));
 * byId.checkAfterLoad(); byId.get(7047790394410502)
 */
export class RowsById {
  #map: Map<number, Row> | undefined;

  constructor(private readonly allRows: () => Iterable<Row>, private readonly report: (problem: FileError) => void) {}

  get(id: number): Row | undefined {
    return this.map().get(id);
  }

  /** A document's rows were stored: kept by id (once the map exists; until then, `checkAfterLoad` or the build sees them). */
  store(rows: readonly Row[]): void {
    if (this.#map) for (const row of rows) this.keep(this.#map, row);
  }

  /** A document's old rows are gone (before its new ones are stored). */
  remove(rows: readonly Row[]): void {
    const map = this.map();
    for (const row of rows) if (map.get(row.id) === row) map.delete(row.id);
  }

  /** After a load: when two rows share an id, the map is built now, which reports each collision as a load always did. */
  checkAfterLoad(): void {
    if (this.#map) return;
    const ids: number[] = [];
    for (const row of this.allRows()) ids.push(row.id);
    const sorted = Float64Array.from(ids).sort();
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i] === sorted[i - 1]) { this.map(); return; }
    }
  }

  private map(): Map<number, Row> {
    if (!this.#map) {
      this.#map = new Map();
      for (const row of this.allRows()) this.keep(this.#map, row);
    }
    return this.#map;
  }

  private keep(map: Map<number, Row>, row: Row): void {
    const clash = map.get(row.id);
    if (clash && clash.key !== row.key) {
      this.report(new FileError(row.file, `derived id ${row.id} collides with ${clash.file}; rename one documentId`));
    } else {
      map.set(row.id, row);
    }
  }
}
