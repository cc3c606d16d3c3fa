import type { Row } from '../types.js';
import type { FieldRef, Query } from './ast.js';
import type { QueryContext } from './context.js';
import { buildColumn, buildReferences, compileFilter, type Column, type Columns, type References } from './filter.js';
import { rowNode, type Node } from './nodes.js';
import type { Predicate } from './predicate.js';
import type { Truth } from './operators.js';
import { movePositions, moveVerdict, splicePositionsKept, spliceVerdictsKept, type Judged, type KeptPositions } from './list-splice.js';
import { compareNullable, firstSortKey, nodeOrder, sortNodesKeyed } from './sort.js';
import type { Comparable } from './cast.js';
import { cellOf, lowerText } from './columns.js';
import { matchesScope } from '../index/content-index.js';
import { BlockList, insertionPointAt, placeAt } from './block-list.js';
import type { FilteredList } from './kept-positions.js';
import { FieldIndex } from './field-index.js';

export interface SortedList {
  /** The list's nodes in order, in blocks (a create or delete moves one block, see `BlockList`). */
  nodes: BlockList<Node>;
  columns: Map<string, Column>;
  references: Map<string, References>;
  verdicts: Map<string, Judged<Uint8Array>>;
  /** Positions in `nodes` a whole filter selects, by filter: the index a filter seen before reads. */
  matches: Map<string, KeptPositions>;
  /** The field each column holds, to fill a patched-in node's cell. */
  fields: Map<string, FieldRef>;
  /** Sorted indexes of fields a comparison was asked on (null: the column cannot be indexed), patched on writes. */
  indexes: Map<string, FieldIndex | null>;
  /**
   * Each position's first sort key, in step with `nodes`, where a write patches the list (a sort by the node's own
   * fields): its binary searches read these, not a node's fields (at 1M, two dozen nodes scattered over the heap).
   */
  keys?: BlockList<Comparable | null>;
  /** Follow one document's change in place (see `Patchable`). */
  patch(removed: readonly Row[], added: readonly Row[]): boolean;
}

/** A type's rows in a scope as nodes, sorted, with lazily built columns; cached until the content changes. */
export function sortedList(ctx: QueryContext, query: Query): SortedList {
  const key = `nodes|${query.status}|${query.locale}|${JSON.stringify(query.sort)}`;
  return ctx.index.cached(query.model.uid, key, (): SortedList => {
    const scope = { status: query.status, locale: query.locale };
    // Every row's fields are read (a node holds them): read ahead in blocks what is still in the snapshot.
    const rows = ctx.index.readAhead(ctx.index.scopedRows(query.model.uid, scope));
    const { nodes: sorted, keys } = sortNodesKeyed(ctx, rows.map((row) => rowNode(ctx, row)), query.sort);
    const nodes = BlockList.from(sorted.length, (i) => sorted[i]);
    const list: SortedList = {
      nodes, columns: new Map(), references: new Map(), verdicts: new Map(), matches: new Map(), fields: new Map(), indexes: new Map(),
      patch: (removed, added) => patchList(ctx, query, list, removed, added),
    };
    if (keys && patchable(query)) list.keys = BlockList.from(keys.length, (i) => keys[i] ?? null);
    return list;
  });
}

/** Whether a write patches the list in place (`patchList`): a sort by the nodes' own fields, in one locale. */
const patchable = (query: Query) => query.locale !== '*' && query.sort.every((spec) => spec.path.length === 1);

/**
 * Splice one document's change into a sorted list and its columns (binary search, then a move of one block of the
 * nodes and of each column): no re-sort and no column rebuilt. Verdicts, kept filters' positions and field indexes are
 * patched with it. Lists of every locale, or sorted through relations, are rebuilt instead.
 */
function patchList(ctx: QueryContext, query: Query, list: SortedList, removed: readonly Row[], added: readonly Row[]): boolean {
  const order = patchable(query) ? nodeOrder(query.sort) : undefined;
  if (!order) return false;
  const { nodes, keys } = list;
  const keyOf = (node: Node) => firstSortKey(node, query.sort);
  // Where a node stands against the entry at a position: by the kept first keys, the nodes compared only on a tie.
  const sign = query.sort[0]?.direction === 'desc' ? -1 : 1;
  const against = (node: Node) => {
    if (!keys) return (at: number) => order(nodes.at(at)!, node);
    const key = keyOf(node);
    return (at: number) => sign * compareNullable(keys.at(at) ?? null, key) || order(nodes.at(at)!, node);
  };
  const scope = { status: query.status, locale: query.locale };
  // What a filter through a relation judged may hinge on other documents of this type (an author's
  // other articles): dropped, not patched. Comparisons of a node's own fields are patched.
  for (const key of list.verdicts.keys()) if (key.startsWith('ref|')) list.verdicts.delete(key);
  for (const key of list.matches.keys()) if (key.includes('"kind":"nested"')) list.matches.delete(key);
  const move = (from: number, to: number, node: Node) => {
    nodes.move(from, to, node);
    keys?.move(from, to, keyOf(node));
    for (const verdicts of list.verdicts.values()) moveVerdict(verdicts, from, to, node);
    for (const positions of list.matches.values()) movePositions(positions, from, to, node);
    for (const [name, column] of list.columns) {
      const cell = cellOf(node, list.fields.get(name)!);
      const index = list.indexes.get(name);
      const before = column.values.at(from) ?? null;
      const still = from === to && before === cell.value;
      // the index's entry leaves while the column holds the row at `from`, and arrives once it holds it at `to`
      const left = !index || still || index.leave(from, before);
      column.values.move(from, to, cell.value);
      column.texts?.move(from, to, cell.text);
      column.lower?.move(from, to, lowerText(cell.text));
      if (index && !still && !(left && index.arrive(from, to, cell.value))) list.indexes.delete(name);
    }
  };
  const splice = (at: number, node?: Node) => {
    if (node) { nodes.insert(at, node); keys?.insert(at, keyOf(node)); } else { nodes.remove(at); keys?.remove(at); }
    for (const verdicts of list.verdicts.values()) spliceVerdictsKept(verdicts, at, node);
    for (const positions of list.matches.values()) splicePositionsKept(positions, at, node);
    for (const [name, column] of list.columns) {
      const index = list.indexes.get(name);
      let kept: boolean;
      if (node) {
        const cell = cellOf(node, list.fields.get(name)!);
        column.values.insert(at, cell.value);
        column.texts?.insert(at, cell.text);
        column.lower?.insert(at, lowerText(cell.text));
        kept = !index || index.insert(at, cell.value);
      } else {
        kept = !index || index.remove(at, column.values.at(at) ?? null);
        column.values.remove(at);
        column.texts?.remove(at);
        column.lower?.remove(at);
      }
      // an index that cannot follow (a value not where it has it, another kind) is dropped: rebuilt on the next comparison
      if (!kept) list.indexes.delete(name);
    }
  };
  // A row replaced by its new version moves only between its old and new places (often none).
  const inScope = (row: Row) => matchesScope(query.model, row, scope);
  const left = removed.filter(inScope);
  const coming = added.filter(inScope);
  for (const row of [...coming]) {
    const old = left.find((candidate) => candidate.documentId === row.documentId && candidate.locale === row.locale);
    if (!old) continue;
    // Found by binary search (no scan of the list); a node not where its order puts it drops the list.
    const oldNode = rowNode(ctx, old);
    const from = placeAt(nodes, oldNode, against(oldNode));
    if (from < 0) return false;
    const node = rowNode(ctx, row);
    const point = insertionPointAt(nodes.length, against(node));
    move(from, point > from ? point - 1 : point, node);
    left.splice(left.indexOf(old!), 1);
    coming.splice(coming.indexOf(row), 1);
  }
  for (const row of left) {
    const node = rowNode(ctx, row);
    const at = placeAt(nodes, node, against(node));
    if (at < 0) return false;
    splice(at);
  }
  for (const row of coming) {
    const node = rowNode(ctx, row);
    splice(insertionPointAt(nodes.length, against(node)), node);
  }
  list.references.clear();
  return true;
}

/**
 * The predicate of a root filter over a list, reading (and keeping) the list's columns and verdicts.
 * `pointwise`: it will be asked about a few positions only, so no comparison judges the whole list
 * (verdicts already kept are read, others judged position by position).
 */
export function listPredicate(
  ctx: QueryContext, query: Query, list: SortedList, filters: NonNullable<Query['filters']>, pointwise = false,
): Predicate {
  return compileFilter(ctx, filters, listColumns(query, list, pointwise));
}

/** A list's columns, verdicts and references, each built on first use and kept with the list (see `listPredicate`). */
export function listColumns(query: Query, list: SortedList, pointwise: boolean): Columns {
  return {
    nodes: list.nodes,
    model: query.model,
    locale: query.locale === '*' ? undefined : query.locale,
    cells: (field: FieldRef) => {
      let column = list.columns.get(field.name);
      if (!column) {
        list.columns.set(field.name, (column = buildColumn(list.nodes, field)));
        list.fields.set(field.name, field);
      }
      return column;
    },
    verdicts: (key: string, compute: () => Uint8Array, judge: (node: Node) => Truth) => {
      let verdicts = list.verdicts.get(key);
      if (!verdicts && pointwise) return undefined;
      if (!verdicts) {
        if (list.verdicts.size >= 64) list.verdicts.clear();
        list.verdicts.set(key, (verdicts = { value: compute(), judge }));
      }
      return verdicts.value;
    },
    references: (name: string) => {
      let references = list.references.get(name);
      if (!references) list.references.set(name, (references = buildReferences(list.nodes, name)));
      return references;
    },
  };
}

/** A list as the search for a filter's positions sees it (see `matchingPositions`). */
export function filteredList(ctx: QueryContext, query: Query, list: SortedList): FilteredList {
  return {
    nodes: list.nodes, matches: list.matches,
    predicate: (filter, pointwise) => listPredicate(ctx, query, list, filter, pointwise),
    columns: (pointwise) => listColumns(query, list, pointwise),
    index: (field) => {
      let index = list.indexes.get(field.name);
      if (index === undefined) {
        index = FieldIndex.build(listColumns(query, list, false).cells(field).values) ?? null;
        list.indexes.set(field.name, index);
      }
      return index ?? undefined;
    },
    sortedBy: query.sort[0]?.path.length === 1 ? { name: query.sort[0].path[0], direction: query.sort[0].direction } : undefined,
  };
}
