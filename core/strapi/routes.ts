import { MethodNotAllowedError, NotFoundError } from '../errors.js';
import type { Model, Models } from '../schema/types.js';

export type RouteAction = 'find' | 'findOne' | 'create' | 'update' | 'delete';

export interface MatchedRoute {
  model: Model;
  action: RouteAction;
  documentId: string | undefined;
}

/**
 * Methods per route shape, as Strapi's generated routes; koa-router adds HEAD before each GET, and
 * the key order is the order of its `Allow` header.
 */
const COLLECTION: Record<string, RouteAction> = { HEAD: 'find', GET: 'find', POST: 'create' };
const COLLECTION_DOCUMENT: Record<string, RouteAction> = { HEAD: 'findOne', GET: 'findOne', PUT: 'update', DELETE: 'delete' };
const SINGLE: Record<string, RouteAction> = { HEAD: 'find', GET: 'find', PUT: 'update', DELETE: 'delete' };

function pick(table: Record<string, RouteAction>, method: string): RouteAction {
  const action = table[method];
  if (!action) throw new MethodNotAllowedError(Object.keys(table));
  return action;
}

/**
 * A GET route of Strapi's matches every path under the prefix (and answers 404), so another verb on
 * an unknown path is koa-router's 405 with `Allow: HEAD, GET` (recorded: POST /api, /api/nopes, /api/a/b/c).
 */
export function unknownPath(method: string): Error {
  return method === 'GET' || method === 'HEAD' ? new NotFoundError() : new MethodNotAllowedError(['HEAD', 'GET']);
}

/**
 * Match `/:pluralApiId`, `/:pluralApiId/:documentId` and `/:singularApiId` (path after the prefix).
 * Unknown paths → 404, known paths with another verb → 405.
 */
export function matchRoute(models: Models, method: string, path: string): MatchedRoute {
  const segments = routeSegments(path);
  if (segments.length === 0 || segments.length > 2) throw unknownPath(method);
  const [given, documentId] = segments;
  // koa-router matches paths case-insensitively (`sensitive: false`); documentIds are taken as given.
  const name = given.toLowerCase();
  for (const model of models.values()) {
    if (model.modelType !== 'contentType' || !model.uid.startsWith('api::')) continue;
    if (model.kind === 'collectionType' && model.pluralName === name) {
      return documentId === undefined
        ? { model, action: pick(COLLECTION, method), documentId }
        : { model, action: pick(COLLECTION_DOCUMENT, method), documentId };
    }
    if (model.kind === 'singleType' && model.singularName === name && documentId === undefined) {
      return { model, action: pick(SINGLE, method), documentId };
    }
  }
  throw unknownPath(method);
}

/** A path's segments (after the prefix) as the routes match them: empty ones dropped, each percent-decoded when it can be. */
export function routeSegments(path: string): string[] {
  return path.split('/').filter(Boolean).map((segment) => {
    try { return decodeURIComponent(segment); } catch { return segment; }
  });
}

const routeNamesOf = new WeakMap<Models, ReadonlySet<string>>();

/**
 * The names matchRoute takes as a path's first segment (lower-cased): each collection type's plural and each single
 * type's singular, made once per set of models.
 */
export function routeNames(models: Models): ReadonlySet<string> {
  let names = routeNamesOf.get(models);
  if (names) return names;
  const made = new Set<string>();
  for (const model of models.values()) {
    if (model.modelType !== 'contentType' || !model.uid.startsWith('api::')) continue;
    if (model.kind === 'collectionType') made.add(model.pluralName);
    else if (model.kind === 'singleType') made.add(model.singularName);
  }
  routeNamesOf.set(models, (names = made));
  return names;
}
