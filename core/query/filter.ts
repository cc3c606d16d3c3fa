import type { Filter } from './ast.js';
import type { Columns } from './columns.js';
import type { QueryContext } from './context.js';
import { compileCompare } from './compare-filter.js';
import type { Node } from './nodes.js';
import type { Truth } from './operators.js';
import { and, or, type Predicate } from './predicate.js';
import { compileReference, compileReferenceColumn } from './related-filter.js';

// The columns of a list live in their own module; execute.ts still imports them from here.
export { buildColumn, buildReferences, type Column, type Columns, type References } from './columns.js';

/**
 * Compile a filter tree into one predicate. Three-valued like SQL: comparisons with NULL are
 * unknown, and a filter through a relation matches when any related item matches.
 */
export function compileFilter(ctx: QueryContext, filter: Filter, columns?: Columns): Predicate {
  switch (filter.kind) {
    case 'and': {
      const parts = filter.filters.map((item) => compileFilter(ctx, item, columns));
      return (node, position) => {
        let truth: Truth = true;
        for (const part of parts) {
          truth = and(truth, part(node, position));
          if (truth === false) return false;
        }
        return truth;
      };
    }
    case 'or': {
      const parts = filter.filters.map((item) => compileFilter(ctx, item, columns));
      return (node, position) => {
        let truth: Truth = false;
        for (const part of parts) {
          truth = or(truth, part(node, position));
          if (truth === true) return true;
        }
        return truth;
      };
    }
    case 'not': {
      const inner = compileFilter(ctx, filter.filter, columns);
      return (node, position) => {
        const truth = inner(node, position);
        return truth === null ? null : !truth;
      };
    }
    case 'compare':
      return compileCompare(filter, columns);
    case 'nested': {
      const inner = compileFilter(ctx, filter.filter);
      return (columns && compileReferenceColumn(ctx, filter, inner, columns)) || compileReference(ctx, filter.attribute, inner);
    }
  }
}

/** The compiled predicate of a filter, compiled once per query context. */
export function predicateFor(ctx: QueryContext, filter: Filter): Predicate {
  const compiled = (ctx.compiled ??= new WeakMap());
  let predicate = compiled.get(filter) as Predicate | undefined;
  if (!predicate) compiled.set(filter, (predicate = compileFilter(ctx, filter)));
  return predicate;
}

/** Does a node match a filter (none: yes)? */
export const matchesFilter = (ctx: QueryContext, filter: Filter | undefined, node: Node): boolean =>
  !filter || predicateFor(ctx, filter)(node, -1) === true;
