import type { Filter } from './ast.js';
import { toComparable } from './cast.js';
import type { QueryContext } from './context.js';
import { childNodes, NULL_NODE_DATA, readField, type Node } from './nodes.js';
import { OPERATORS, type Cell, type Truth } from './operators.js';

function cellOf(raw: unknown, type: Parameters<typeof toComparable>[1]): Cell {
  if (raw === null || raw === undefined) return { value: null, text: null };
  const value = toComparable(raw, type);
  const text = typeof raw === 'string' ? raw : typeof raw === 'object' ? JSON.stringify(raw) : String(raw);
  return { value, text };
}

const and = (a: Truth, b: Truth): Truth => (a === false || b === false ? false : a === null || b === null ? null : true);
const or = (a: Truth, b: Truth): Truth => (a === true || b === true ? true : a === null || b === null ? null : false);

/**
 * Does a node match a filter? Three-valued like SQL: comparisons with NULL are unknown, and a
 * filter through a relation matches when any related item matches (a LEFT JOIN: with none, the
 * nested filter sees NULLs, so `$null` finds documents without related items).
 */
export function evaluate(ctx: QueryContext, filter: Filter, node: Node | undefined): Truth {
  switch (filter.kind) {
    case 'and':
      return filter.filters.reduce<Truth>((truth, item) => (truth === false ? false : and(truth, evaluate(ctx, item, node))), true);
    case 'or':
      return filter.filters.reduce<Truth>((truth, item) => (truth === true ? true : or(truth, evaluate(ctx, item, node))), false);
    case 'not': {
      const truth = evaluate(ctx, filter.filter, node);
      return truth === null ? null : !truth;
    }
    case 'compare': {
      const spec = OPERATORS[filter.operator];
      const cell = cellOf(readField(node, filter.field.name), filter.field.type);
      if (Array.isArray(filter.value) && !('list' in spec && spec.list)) {
        return filter.value.reduce<Truth>((truth, value) => or(truth, spec.test(cell, value)), false);
      }
      return spec.test(cell, filter.value);
    }
    case 'nested': {
      const children = node ? childNodes(ctx, node, filter.attribute) : [];
      if (children.length === 0) return evaluate(ctx, filter.filter, undefined);
      let truth: Truth = false;
      for (const child of children) {
        truth = or(truth, evaluate(ctx, filter.filter, child));
        if (truth === true) break;
      }
      return truth;
    }
  }
}

export const matchesFilter = (ctx: QueryContext, filter: Filter | undefined, node: Node): boolean =>
  !filter || evaluate(ctx, filter, node) === true;

export { NULL_NODE_DATA };
