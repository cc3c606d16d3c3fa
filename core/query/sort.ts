import type { SortSpec } from './ast.js';
import { toComparable, type Comparable } from './cast.js';
import type { QueryContext } from './context.js';
import { childNodes, fieldRef, readField, type Node } from './nodes.js';
import { compareValues } from './operators.js';

/** The value a sort path reads on a node: through to-one (or the first to-many) related items. */
function sortValue(ctx: QueryContext, node: Node, path: string[]): Comparable | null {
  let current: Node | undefined = node;
  for (const segment of path.slice(0, -1)) {
    current = current ? childNodes(ctx, current, segment)[0] : undefined;
    if (!current) return null;
  }
  const name = path[path.length - 1];
  if (name === 'status' && current.row && !fieldRef(current.model, 'status')) return current.row.publishedAt ? 1 : 0;
  const field = fieldRef(current.model, name);
  return toComparable(readField(current, name), field?.type ?? 'string');
}

/**
 * Sort nodes by specs (stable; SQLite semantics: NULLs first ascending, last descending; text by
 * code point). Keys are computed once per node, not once per comparison.
 */
export function sortNodes(ctx: QueryContext, nodes: Node[], specs: SortSpec[]): Node[] {
  if (!specs.length || nodes.length < 2) return nodes;
  const keyed = nodes.map((node, position) => ({ node, position, keys: specs.map((spec) => sortValue(ctx, node, spec.path)) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < specs.length; i++) {
      const left = a.keys[i], right = b.keys[i];
      let order: number;
      if (left === null || right === null) order = left === right ? 0 : left === null ? -1 : 1;
      else order = compareValues(left, right);
      if (order !== 0) return specs[i].direction === 'asc' ? order : -order;
    }
    return a.position - b.position;
  });
  return keyed.map((entry) => entry.node);
}
