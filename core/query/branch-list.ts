import { BranchIndex } from '../index/branch-index.js';
import { matchesScope } from '../index/content-index.js';
import type { Model } from '../schema/types.js';
import type { Filter, Query } from './ast.js';
import type { QueryContext } from './context.js';
import { matchesFilter } from './filter.js';
import { filterKey, matchingPositions } from './kept-positions.js';
import { rowNode, type Node } from './nodes.js';
import { nodeOrder } from './sort.js';
import { insertionPointIn, placeIn } from './block-list.js';
import { filteredList, listPredicate, sortedList, type SortedList } from './sorted-list.js';

/** How a branch's list differs from the base's kept list of the same query shape. */
interface ListDelta {
  list: SortedList;
  /** Positions in the base's list of the nodes the overlay takes out, ascending. */
  removed: number[];
  /** The overlay's nodes in the list's order, each with the position in the base's list it goes before. */
  added: Placed[];
  /** The added nodes a filter selects, by filter (judged once per delta, not once per read). */
  selected: Map<string, Placed[]>;
}

interface Placed { node: Node; at: number }

/** Filters whose selection of added nodes a delta keeps. */
const SELECTIONS_KEPT = 16;

/** The added nodes a query's filter selects, judged once per delta and filter. */
function selectedAdded(ctx: QueryContext, query: Query, delta: ListDelta): Placed[] {
  if (!query.filters || !delta.added.length) return delta.added;
  const key = filterKey(query.filters);
  let selected = delta.selected.get(key);
  if (!selected) {
    if (delta.selected.size >= SELECTIONS_KEPT) delta.selected.clear();
    selected = delta.added.filter(({ node }) => matchesFilter(ctx, query.filters, node));
    delta.selected.set(key, selected);
  }
  return selected;
}

/** Does a filter read only the nodes' own fields (their components included), nothing of another document? */
function ownFilter(ctx: QueryContext, model: Model, filter: Filter): boolean {
  switch (filter.kind) {
    case 'and': case 'or': return filter.filters.every((part) => ownFilter(ctx, model, part));
    case 'not': return ownFilter(ctx, model, filter.filter);
    case 'compare': return true;
    case 'nested': {
      const attribute = model.attributes[filter.attribute];
      const component = attribute?.type === 'component' ? ctx.index.models.get(attribute.component!) : undefined;
      return !!component && ownFilter(ctx, component, filter.filter);
    }
  }
}

/**
 * A branch's read of a list answered from the base's kept list (its sort, columns and kept filters
 * shared with the base and every other branch) and the overlay's few nodes, when the query's filters
 * and sort read only the listed type's own fields: nothing another document holds can then change
 * what the base's list knows. Undefined otherwise (the branch then keeps a list of its own).
 */
function branchList(ctx: QueryContext, query: Query): { baseCtx: QueryContext; delta: ListDelta } | undefined {
  const index = ctx.index;
  if (!(index instanceof BranchIndex) || query.locale === '*') return undefined;
  if (query.filters && !ownFilter(ctx, query.model, query.filters)) return undefined;
  const order = nodeOrder(query.sort);
  if (!order) return undefined;
  const baseCtx: QueryContext = { ...ctx, index: index.base };
  const list = sortedList(baseCtx, query);
  const uid = query.model.uid;
  if (!index.touches(uid)) return { baseCtx, delta: { list, removed: [], added: [], selected: new Map() } };
  const kept = index.cached(uid, `delta|${query.status}|${query.locale}|${JSON.stringify(query.sort)}`,
    (): { list?: SortedList; delta?: ListDelta } => ({}));
  if (kept.list !== list) {
    kept.list = list;
    kept.delta = listDelta(ctx, index, query, list, order);
  }
  return kept.delta && { baseCtx, delta: kept.delta };
}

function listDelta(
  ctx: QueryContext, index: BranchIndex, query: Query, list: SortedList, order: (a: Node, b: Node) => number,
): ListDelta | undefined {
  const scope = { status: query.status, locale: query.locale };
  const { removed, added } = index.overlayDelta(query.model.uid);
  const positions: number[] = [];
  for (const row of removed) {
    if (!matchesScope(query.model, row, scope)) continue;
    const at = placeIn(list.nodes, rowNode(ctx, row), order);
    // (a base list not in its order: the branch keeps its own)
    if (at < 0) return undefined;
    positions.push(at);
  }
  const nodes = added.filter((row) => matchesScope(query.model, row, scope)).map((row) => rowNode(ctx, row)).sort(order);
  return {
    list, removed: positions.sort((a, b) => a - b), added: nodes.map((node) => ({ node, at: insertionPointIn(list.nodes, node, order) })),
    selected: new Map(),
  };
}

/** The first index of `list` (ascending) holding a value not below `value`. */
function lowerBound(list: ArrayLike<number>, value: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * One page of a branch's list and how many it selects: the base's selection (its kept positions of
 * the filter) less the overlay's removed nodes, with the overlay's matching nodes merged in at their
 * places, walked from the page's start only. Undefined when the branch cannot read the base's list.
 */
export function branchPage(ctx: QueryContext, query: Query, start: number, limit: number): { page: Node[]; total: number } | undefined {
  const found = branchList(ctx, query);
  if (!found) return undefined;
  const { baseCtx, delta } = found;
  const { list, removed } = delta;
  const positions = query.filters ? matchingPositions(filteredList(baseCtx, query, list), query.filters) : undefined;
  const size = positions ? positions.length : list.nodes.length;
  // Removed nodes and added ones, as indexes into the base's selection.
  const gone: number[] = [];
  for (const position of removed) {
    const at = positions ? lowerBound(positions, position) : position;
    if (!positions || positions[at] === position) gone.push(at);
  }
  const coming = selectedAdded(ctx, query, delta).map(({ node, at }) => ({ node, rank: positions ? lowerBound(positions, at) : at }));
  const keptBefore = (rank: number) => rank - lowerBound(gone, rank);
  let next = 0;
  while (next < coming.length && keptBefore(coming[next].rank) + next < start) next++;
  let at = start - next;
  for (const index of gone) if (index < at) at++;
  let skipped = lowerBound(gone, at);
  const page: Node[] = [];
  while (page.length < limit) {
    if (next < coming.length && coming[next].rank <= at) { page.push(coming[next++].node); continue; }
    if (at >= size) break;
    if (gone[skipped] === at) { skipped++; at++; continue; }
    page.push(list.nodes.at(positions ? positions[at] : at)!);
    at++;
  }
  return { page, total: size - gone.length + coming.length };
}

/** Every node a branch's list selects (before a search or publication filter), from the base's list as `branchPage` reads it. */
export function branchNodes(ctx: QueryContext, query: Query): Node[] | undefined {
  const found = branchList(ctx, query);
  if (!found) return undefined;
  const { baseCtx, delta } = found;
  const { list, removed } = delta;
  const added = selectedAdded(ctx, query, delta);
  const predicate = query.filters ? listPredicate(baseCtx, query, list, query.filters) : undefined;
  const nodes: Node[] = [];
  let skipped = 0;
  let next = 0;
  for (let at = 0; at <= list.nodes.length; at++) {
    while (next < added.length && added[next].at <= at) {
      nodes.push(added[next++].node);
    }
    if (at === list.nodes.length) break;
    if (removed[skipped] === at) { skipped++; continue; }
    const node = list.nodes.at(at)!;
    if (!predicate || predicate(node, at) === true) nodes.push(node);
  }
  return nodes;
}
