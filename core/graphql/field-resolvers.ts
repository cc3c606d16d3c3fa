import type { GraphQLFieldResolver } from 'graphql';
import { ForbiddenError } from '../errors.js';
import { FORBIDDEN_ACCESS } from './errors.js';
import type { Model } from '../schema/types.js';
import type { GraphqlContext } from './context.js';
import { graphqlWindow, sliceWindow } from './pagination.js';

type Resolver = GraphQLFieldResolver<Record<string, unknown>, GraphqlContext, Record<string, unknown>>;

/**
 * Field resolvers read what the root query populated (core/graphql/populate.ts turned the selection, with each relation's
 * `filters` and `sort`, into the one REST populate): nothing here filters or sorts. A relation's own `pagination` is
 * the window the plugin cuts from that list (default: its first 10).
 */

/**
 * A relation or media field: the populated value, the list cut to the field's pagination, or `{ nodes }` for its
 * `_connection`. A relation to a type the caller may not `find` is refused as the plugin refuses it (its
 * `<target>.find` scope), while the rest of the answer stands.
 */
export function relationResolver(name: string, shape: 'value' | 'list' | 'connection', target?: Model): Resolver {
  return (parent, args, context) => {
    if (target && !context.caller.can(target, 'find')) throw new ForbiddenError(FORBIDDEN_ACCESS);
    const value = parent[name];
    if (shape === 'value') return value ?? null;
    const items = Array.isArray(value) ? sliceWindow(value, graphqlWindow(args.pagination as Record<string, unknown>, context.config)) : [];
    return shape === 'list' ? items : { nodes: items };
  };
}

/** A component field: the populated component, or the repeatable list cut to its pagination. */
export function componentResolver(name: string, repeatable: boolean): Resolver {
  return (parent, args, context) => {
    const value = parent[name];
    if (!repeatable) return value ?? null;
    if (!Array.isArray(value)) return value ?? null;
    return sliceWindow(value, graphqlWindow(args.pagination as Record<string, unknown>, context.config));
  };
}

/** A dynamic zone: its components in order (each resolves its union member by `__component`). */
export function zoneResolver(name: string): Resolver {
  return (parent) => parent[name] ?? [];
}
