import type { SortSpec } from './ast.js';
import { toComparable, type Comparable } from './cast.js';
import type { QueryContext } from './context.js';
import { getAttribute } from '../schema/types.js';
import { childNodes, fieldRef, filtersEveryVersion, readField, relatedRows, rowNode, type Node } from './nodes.js';
import { compareValues } from './operators.js';
import { compareCreation } from '../index/content-index.js';

/** SQLite order with NULLs first. */
export const compareNullable = (a: Comparable | null, b: Comparable | null): number =>
  a === null || b === null ? (a === b ? 0 : a === null ? -1 : 1) : compareValues(a, b);

/** The related nodes a sort path goes through: every version of a D&P target from a type without D&P, as Strapi's join reads them. */
function throughNodes(ctx: QueryContext, node: Node, segment: string): Node[] {
  const attribute = getAttribute(node.model, segment);
  if (attribute?.type === 'relation' && filtersEveryVersion(ctx, node, attribute)) {
    return relatedRows(ctx, node, segment, attribute, true).map((row) => rowNode(ctx, row));
  }
  return childNodes(ctx, node, segment);
}

/**
 * The value a sort path reads on a node. Through to-many relations Strapi orders the joined rows
 * and keeps each entry's first: the smallest related value ascending, the largest descending.
 */
function sortValue(ctx: QueryContext, node: Node, path: string[], direction: SortSpec['direction']): Comparable | null {
  if (path.length === 1) return ownSortKey(node, path[0]!);
  let current: Node[] = [node];
  for (const segment of path.slice(0, -1)) {
    current = current.flatMap((item) => throughNodes(ctx, item, segment));
    if (!current.length) return null;
  }
  const name = path[path.length - 1];
  const values = current.map((item) => ownSortKey(item, name));
  return values.reduce<Comparable | null>((best, value, index) => {
    if (index === 0) return value;
    const order = compareNullable(value, best);
    return direction === 'asc' ? (order < 0 ? value : best) : (order > 0 ? value : best);
  }, null);
}

/**
 * The order `sortNodes` puts nodes of one scope in (ties by creation, as the list it sorts is in
 * creation order), for placing one node into a sorted list; undefined for sorts through relations,
 * whose keys another document's change can move.
 */
export function nodeOrder(specs: SortSpec[]): ((a: Node, b: Node) => number) | undefined {
  if (specs.some((spec) => spec.path.length > 1)) return undefined;
  const names = specs.map((spec) => spec.path[0]!);
  return (a, b) => {
    for (let i = 0; i < specs.length; i++) {
      const order = compareNullable(ownSortKey(a, names[i]!), ownSortKey(b, names[i]!));
      if (order !== 0) return specs[i]!.direction === 'asc' ? order : -order;
    }
    return compareCreation(a.row!, b.row!);
  };
}

/** The key a node's own field `name` gives a sort (`status`, where no attribute has the name: published first descending). */
function ownSortKey(node: Node, name: string): Comparable | null {
  const field = fieldRef(node.model, name);
  if (name === 'status' && node.row && !field) return node.row.publishedAt ? 1 : 0;
  return toComparable(readField(node, name), field?.type ?? 'string');
}

/** A node's first sort key (a one-segment path, as every list that `nodeOrder` patches has): what sorted lists keep per position. */
export const firstSortKey = (node: Node, specs: SortSpec[]): Comparable | null => ownSortKey(node, specs[0]!.path[0]!);

/**
 * Sort nodes by specs (stable; SQLite semantics: NULLs first ascending, last descending; text by
 * code point). Keys are computed once per node, not once per comparison.
 */
export function sortNodes(ctx: QueryContext, nodes: Node[], specs: SortSpec[]): Node[] {
  return !specs.length || nodes.length < 2 ? nodes : sortNodesKeyed(ctx, nodes, specs).nodes;
}

/** `sortNodes`, with each sorted node's first key (undefined without a sort): a kept list searches them (sorted-list.ts). */
export function sortNodesKeyed(ctx: QueryContext, nodes: Node[], specs: SortSpec[]): { nodes: Node[]; keys?: Array<Comparable | null> } {
  if (!specs.length) return { nodes };
  const keyed = nodes.map((node, position) => ({
    node, position, keys: specs.map((spec) => sortValue(ctx, node, spec.path, spec.direction)),
  }));
  keyed.sort((a, b) => {
    for (let i = 0; i < specs.length; i++) {
      const order = compareNullable(a.keys[i], b.keys[i]);
      if (order !== 0) return specs[i].direction === 'asc' ? order : -order;
    }
    return a.position - b.position;
  });
  return { nodes: keyed.map((entry) => entry.node), keys: keyed.map((entry) => entry.keys[0] as Comparable | null) };
}
