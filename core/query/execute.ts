import { isScalar, isVisible, type Model } from '../schema/types.js';
import type { Data, Row } from '../types.js';
import type { Query } from './ast.js';
import type { QueryContext } from './context.js';
import { buildColumn, buildReferences, compileFilter, matchesFilter, type Column, type Columns, type References } from './filter.js';
import type { FieldRef } from './ast.js';
import { readField, rowNode, type Node } from './nodes.js';
import { paginationMeta } from './pagination.js';
import { checkPopulateBudget } from './populate-limits.js';
import { inPublicationCohort } from './publication.js';
import type { Predicate } from './predicate.js';
import type { Truth } from './operators.js';
import { movePositions, moveVerdict, shift, splicePositionsKept, spliceVerdictsKept, type Judged } from './list-splice.js';
import { renderNode } from './render.js';
import { nodeOrder, sortNodes } from './sort.js';
import { cellOf } from './columns.js';
import { matchingPositions } from './kept-positions.js';
import { matchesScope } from '../index/content-index.js';
import { insertionPoint, placeOf } from '../index/patchable.js';

const SEARCHABLE = ['string', 'text', 'richtext', 'email', 'uid', 'enumeration'];
const NUMERIC = ['integer', 'biginteger', 'float', 'decimal'];

/**
 * `_q`: Strapi's search (`database/src/query/helpers/search.ts`, SQLite): `LIKE %term%` over `id` (here
 * the whole id, see below) and the text attributes, and over the numeric ones too when the term is a
 * number — a substring match on their text, so `_q=12` finds `120`. The `documentId` and `locale` columns are searched too.
 * Project choice (Strapi searches them): `private` and `password` attributes are never searched, nor one marked
 * `searchable: false`; otherwise anyone who may `find` a type learns a private value substring by substring.
 */
function matchesSearch(node: Node, model: Model, term: string): boolean {
  const needle = term.toLowerCase();
  const numeric = term.trim() !== '' && !Number.isNaN(Number(term));
  // Strapi's ids are a short sequence, ours 16-digit merge-safe numbers (Project choices: numeric `id`
  // allocation): a substring of one would match at random, so the id matches only as a whole
  // (a replay of `_q=10` on tags once matched a hash id holding "10", where Strapi's ids 1–4 did not)
  if (numeric && String(node.id) === term.trim()) return true;
  for (const column of ['documentId', 'locale']) {
    const value = readField(node, column);
    if (typeof value === 'string' && value.toLowerCase().includes(needle)) return true;
  }
  for (const name of model.attributeNames) {
    const attribute = model.attributes[name];
    if (!isScalar(attribute) || !isVisible(attribute) || (attribute as { searchable?: boolean }).searchable === false) continue;
    const searchable = SEARCHABLE.includes(attribute.type) || (numeric && NUMERIC.includes(attribute.type));
    if (!searchable) continue;
    const value = readField(node, name);
    if (value !== null && value !== undefined && String(value).toLowerCase().includes(needle)) return true;
  }
  return false;
}

interface SortedList {
  nodes: Node[];
  columns: Map<string, Column>;
  references: Map<string, References>;
  verdicts: Map<string, Judged<Uint8Array>>;
  /** Positions in `nodes` a whole filter selects, by filter: the index a filter seen before reads. */
  matches: Map<string, Judged<Int32Array>>;
  /** The field each column holds, to fill a patched-in node's cell. */
  fields: Map<string, FieldRef>;
  /** Follow one document's change in place (see `Patchable`). */
  patch(removed: readonly Row[], added: readonly Row[]): boolean;
}


/** A type's rows in a scope as nodes, sorted, with lazily built columns; cached until the content changes. */
function sortedList(ctx: QueryContext, query: Query): SortedList {
  const key = `nodes|${query.status}|${query.locale}|${JSON.stringify(query.sort)}`;
  return ctx.index.cached(query.model.uid, key, (): SortedList => {
    const scope = { status: query.status, locale: query.locale };
    // Every row's fields are read (a node holds them): read ahead in blocks what is still in the snapshot.
    const rows = ctx.index.readAhead(ctx.index.scopedRows(query.model.uid, scope));
    const nodes = sortNodes(ctx, rows.map((row) => rowNode(ctx, row)), query.sort);
    const list: SortedList = {
      nodes, columns: new Map(), references: new Map(), verdicts: new Map(), matches: new Map(), fields: new Map(),
      patch: (removed, added) => patchList(ctx, query, list, removed, added),
    };
    return list;
  });
}

/**
 * Splice one document's change into a sorted list and its columns (binary search, then a move of
 * the tail): no re-sort and no column rebuilt. Verdicts and positions, whose places moved, go.
 * Lists of every locale, or sorted through relations, are rebuilt instead.
 */
function patchList(ctx: QueryContext, query: Query, list: SortedList, removed: readonly Row[], added: readonly Row[]): boolean {
  const order = query.locale === '*' ? undefined : nodeOrder(ctx, query.sort);
  if (!order) return false;
  const scope = { status: query.status, locale: query.locale };
  const { nodes } = list;
  // What a filter through a relation judged may hinge on other documents of this type (an author's
  // other articles): dropped, not patched. Comparisons of a node's own fields are patched.
  for (const key of list.verdicts.keys()) if (key.startsWith('ref|')) list.verdicts.delete(key);
  for (const key of list.matches.keys()) if (key.includes('"kind":"nested"')) list.matches.delete(key);
  const move = (from: number, to: number, node: Node) => {
    shift(nodes, from, to, node);
    for (const verdicts of list.verdicts.values()) moveVerdict(verdicts, from, to, node);
    for (const positions of list.matches.values()) movePositions(positions, from, to, node);
    for (const [name, column] of list.columns) {
      const cell = cellOf(node, list.fields.get(name)!);
      shift(column.values, from, to, cell.value);
      shift(column.texts, from, to, cell.text);
      if (column.lower) shift(column.lower, from, to, cell.text === null ? null : cell.text.toLowerCase());
    }
  };
  const splice = (at: number, node?: Node) => {
    if (node) nodes.splice(at, 0, node);
    else nodes.splice(at, 1);
    for (const verdicts of list.verdicts.values()) spliceVerdictsKept(verdicts, at, node);
    for (const positions of list.matches.values()) splicePositionsKept(positions, at, node);
    for (const [name, column] of list.columns) {
      const cell = node && cellOf(node, list.fields.get(name)!);
      if (cell) {
        column.values.splice(at, 0, cell.value);
        column.texts.splice(at, 0, cell.text);
        column.lower?.splice(at, 0, cell.text === null ? null : cell.text.toLowerCase());
      } else {
        column.values.splice(at, 1);
        column.texts.splice(at, 1);
        column.lower?.splice(at, 1);
      }
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
    const from = placeOf(nodes, rowNode(ctx, old), order);
    if (from < 0) return false;
    const node = rowNode(ctx, row);
    const point = insertionPoint(nodes, node, order);
    move(from, point > from ? point - 1 : point, node);
    left.splice(left.indexOf(old!), 1);
    coming.splice(coming.indexOf(row), 1);
  }
  for (const row of left) {
    const at = placeOf(nodes, rowNode(ctx, row), order);
    if (at < 0) return false;
    splice(at);
  }
  for (const row of coming) {
    const node = rowNode(ctx, row);
    splice(insertionPoint(nodes, node, order), node);
  }
  list.references.clear();
  return true;
}

/**
 * The predicate of a root filter over a list, reading (and keeping) the list's columns and verdicts.
 * `pointwise`: it will be asked about a few positions only, so no comparison judges the whole list
 * (verdicts already kept are read, others judged position by position).
 */
function listPredicate(
  ctx: QueryContext, query: Query, list: SortedList, filters: NonNullable<Query['filters']>, pointwise = false,
): Predicate {
  return compileFilter(ctx, filters, listColumns(query, list, pointwise));
}

/** A list's columns, verdicts and references, each built on first use and kept with the list (see `listPredicate`). */
function listColumns(query: Query, list: SortedList, pointwise: boolean): Columns {
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

/** Rows a query selects, filtered and sorted (before pagination). */
export function selectNodes(ctx: QueryContext, query: Query): Node[] {
  const list = sortedList(ctx, query);
  let nodes = list.nodes;
  if (query.filters) {
    const predicate = listPredicate(ctx, query, list, query.filters);
    nodes = [];
    for (let i = 0; i < list.nodes.length; i++) if (predicate(list.nodes[i], i) === true) nodes.push(list.nodes[i]);
  }
  if (query.search !== undefined) nodes = nodes.filter((node) => matchesSearch(node, query.model, query.search!));
  const { publication } = query;
  if (publication) nodes = nodes.filter((node) => inPublicationCohort(ctx.index, query.model, node.row!, publication));
  return nodes;
}

export interface FindResult {
  data: Data[];
  pagination: Record<string, number>;
  total: number;
}

/** Render nodes for a query, once the populate they ask for is known to fit the response budget. */
function renderAll(ctx: QueryContext, query: Query, nodes: Node[]): Data[] {
  checkPopulateBudget(ctx, nodes, query.populate, ctx.index.config.api.rest.maxPopulatedEntries);
  return nodes.map((node) => renderNode(ctx, node, query.fields, query.populate));
}

/** A list read: filter → sort → paginate → populate/select. */
export function executeFind(ctx: QueryContext, query: Query): FindResult {
  const { start, limit } = query.pagination;
  const { page, total } = selectPage(ctx, query, start, limit);
  const data = renderAll(ctx, query, page);
  return { data, pagination: paginationMeta(query.pagination, total), total };
}

/**
 * One page of what a query selects, and how many it selects: without a search or publication
 * filter, from the list and the positions its filter selects, so no array of every match is built.
 */
function selectPage(ctx: QueryContext, query: Query, start: number, limit: number): { page: Node[]; total: number } {
  if (query.search !== undefined || query.publication) {
    const nodes = selectNodes(ctx, query);
    return { page: nodes.slice(start, start + limit), total: nodes.length };
  }
  const list = sortedList(ctx, query);
  if (!query.filters) return { page: list.nodes.slice(start, start + limit), total: list.nodes.length };
  const positions = matchingPositions({
    nodes: list.nodes, matches: list.matches,
    predicate: (filter, pointwise) => listPredicate(ctx, query, list, filter, pointwise),
    columns: (pointwise) => listColumns(query, list, pointwise),
    sortedBy: query.sort[0]?.path.length === 1 ? { name: query.sort[0].path[0], direction: query.sort[0].direction } : undefined,
  }, query.filters);
  const page: Node[] = [];
  const end = Math.min(positions.length, start + limit);
  for (let at = start; at < end; at++) page.push(list.nodes[positions[at]]);
  return { page, total: positions.length };
}

/** One document in the query's status and locale, or undefined (Strapi: 404). */
export function executeFindOne(ctx: QueryContext, query: Query, documentId: string): Data | undefined {
  if (query.locale === '*') return undefined;
  const row = ctx.index.findRow(query.model.uid, documentId, { status: query.status, locale: query.locale });
  if (!row) return undefined;
  const node = rowNode(ctx, row);
  if (!matchesFilter(ctx, query.filters, node)) return undefined;
  // Strapi's findOne searches too: a `_q` the document does not match is a 404 (recorded: fuzz.search.one)
  if (query.search !== undefined && !matchesSearch(node, query.model, query.search)) return undefined;
  if (query.publication && !inPublicationCohort(ctx.index, query.model, row, query.publication)) return undefined;
  return renderAll(ctx, query, [node])[0];
}

/** The first document a list query would return, or undefined. */
export function executeFindFirst(ctx: QueryContext, query: Query): Data | undefined {
  const [node] = selectNodes(ctx, query);
  return node ? renderAll(ctx, query, [node])[0] : undefined;
}

export function executeCount(ctx: QueryContext, query: Query): number {
  return selectNodes(ctx, query).length;
}
