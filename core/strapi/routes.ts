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

const decoded = (segment: string): string => {
  try { return decodeURIComponent(segment); } catch { return segment; }
};

/** The content types a route name reaches: `bare` for `/:name`, `withId` for `/:name/:documentId` (the first in the models' order). */
interface RouteNames { size: number; bare: Map<string, Model>; withId: Map<string, Model> }
const namesByModels = new WeakMap<Models, RouteNames>();

function namesOf(models: Models): RouteNames {
  const held = namesByModels.get(models);
  if (held && held.size === models.size) return held;
  const names: RouteNames = { size: models.size, bare: new Map(), withId: new Map() };
  for (const model of models.values()) {
    if (model.modelType !== 'contentType' || !model.uid.startsWith('api::')) continue;
    const name = model.kind === 'collectionType' ? model.pluralName : model.kind === 'singleType' ? model.singularName : undefined;
    if (name === undefined) continue;
    if (!names.bare.has(name)) names.bare.set(name, model);
    if (model.kind === 'collectionType' && !names.withId.has(name)) names.withId.set(name, model);
  }
  namesByModels.set(models, names);
  return names;
}

/**
 * Match `/:pluralApiId`, `/:pluralApiId/:documentId` and `/:singularApiId` (path after the prefix).
 * Unknown paths → 404, known paths with another verb → 405. A name is looked up in a table made once per set of
 * models (the first content type in their order that the name reaches, as a walk over them finds it).
 */
export function matchRoute(models: Models, method: string, path: string): MatchedRoute {
  // The non-empty segments between slashes: at most two (no array made for the usual one or two).
  let given: string | undefined;
  let documentId: string | undefined;
  let count = 0;
  for (let start = 0, at = 0; at <= path.length && count <= 2; at++) {
    if (at < path.length && path.charCodeAt(at) !== 47 /* / */) continue;
    if (at > start) {
      const segment = path.slice(start, at);
      if (++count === 1) given = segment; else if (count === 2) documentId = segment;
    }
    start = at + 1;
  }
  if (count === 0 || count > 2) throw unknownPath(method);
  if (path.includes('%')) {
    given = decoded(given!);
    if (documentId !== undefined) documentId = decoded(documentId);
  }
  // koa-router matches paths case-insensitively (`sensitive: false`); documentIds are taken as given.
  const name = given!.toLowerCase();
  const names = namesOf(models);
  const model = documentId === undefined ? names.bare.get(name) : names.withId.get(name);
  if (!model) throw unknownPath(method);
  if (documentId !== undefined) return { model, action: pick(COLLECTION_DOCUMENT, method), documentId };
  return { model, action: pick(model.kind === 'collectionType' ? COLLECTION : SINGLE, method), documentId };
}

/** A path's segments (after the prefix) as the routes match them: empty ones dropped, each percent-decoded when it can be. */
export function routeSegments(path: string): string[] {
  return path.split('/').filter(Boolean).map(decoded);
}

/**
 * The names matchRoute takes as a path's first segment (lower-cased): each collection type's plural and each single
 * type's singular (its table, made once per set of models).
 */
export function routeNames(models: Models): { has(name: string): boolean } {
  return namesOf(models).bare;
}
