import type { SortSpec } from './ast.js';
import { toComparable, type Comparable } from './cast.js';
import type { QueryContext } from './context.js';
import { getAttribute } from '../schema/types.js';
import { childNodes, fieldRef, filtersEveryVersion, readField, relatedRows, rowNode, type Node } from './nodes.js';
import { compareValues } from './operators.js';
import { compareCreation } from '../index/content-index.js';

/** SQLite order with NULLs first. */
const compareNullable = (a: Comparable | null, b: Comparable | null): number =>
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
  let current: Node[] = [node];
  for (const segment of path.slice(0, -1)) {
    current = current.flatMap((item) => throughNodes(ctx, item, segment));
    if (!current.length) return null;
  }
  const name = path[path.length - 1];
  const values = current.map((item) => {
    if (name === 'status' && item.row && !fieldRef(item.model, 'status')) return item.row.publishedAt ? 1 : 0;
    return toComparable(readField(item, name), fieldRef(item.model, name)?.type ?? 'string');
  });
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
export function nodeOrder(ctx: QueryContext, specs: SortSpec[]): ((a: Node, b: Node) => number) | undefined {
  if (specs.some((spec) => spec.path.length > 1)) return undefined;
  return (a, b) => {
    for (const spec of specs) {
      const order = compareNullable(sortValue(ctx, a, spec.path, spec.direction), sortValue(ctx, b, spec.path, spec.direction));
      if (order !== 0) return spec.direction === 'asc' ? order : -order;
    }
    return compareCreation(a.row!, b.row!);
  };
}

/**
 * Sort nodes by specs (stable; SQLite semantics: NULLs first ascending, last descending; text by
 * code point). Keys are computed once per node, not once per comparison.
 */
export function sortNodes(ctx: QueryContext, nodes: Node[], specs: SortSpec[]): Node[] {
  if (!specs.length || nodes.length < 2) return nodes;
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
  return keyed.map((entry) => entry.node);
}
