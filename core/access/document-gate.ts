import { ForbiddenError } from '../errors.js';
import type { Model } from '../schema/types.js';
import type { Caller } from './permissions.js';

/** Strapi's five content actions: the route a document is reached through is one of them. */
export type DocumentAction = 'find' | 'findOne' | 'create' | 'update' | 'delete';

/** One request reaching one document (or a type's documents) for an action, as a route would see it. */
export interface DocumentAsk {
  model: Model;
  action: DocumentAction;
  /** The document the request names (`ctx.params.id` for the project's policies); none for a single type or a list. */
  documentId?: string;
  /** The request as sent: its credential, and the headers and query the project's policies may read. */
  request: Request;
  url: URL;
  /** The request's body, when the route read one (policies see it as `ctx.request.body`). */
  body?: unknown;
  /** Asked by a GraphQL operation: its work is built from GraphQL arguments, not from what the route's layers see. */
  graphql?: true;
}

/** What the route's middlewares left in `ctx.query` when they let the work run (its filters narrow a read). */
export interface RouteLayers {
  filters?: unknown;
}

/** The work of a route: acts as the route's caller; a read honours the filters the route's middlewares left. */
export type GatedWork<T> = (caller: Caller, layers?: RouteLayers) => Promise<T>;

/**
 * A read's own filters narrowed by the ones a route's middlewares left (an "only my own documents" middleware):
 * both must hold. Either alone when the other is absent or empty.
 *
 * @example
 * narrowFilters({ title: { $contains: 'a' } }, { author: 'me' }) // { $and: [{ title: … }, { author: 'me' }] }
 */
export function narrowFilters(own: unknown, layers: RouteLayers | undefined): unknown {
  const added = layers?.filters;
  const empty = (value: unknown) => value === undefined || value === null
    || (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);
  if (empty(added)) return own;
  if (empty(own)) return added;
  return { $and: [own, added] };
}

/** What a project route's layers answered instead of the work (a middleware that did not call `next`). */
export interface LayerAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The work ran (its value, and the headers the route's middlewares set), or a middleware answered instead. */
export type Gated<T> = { ran: true; value: T; headers: Record<string, string> } | { ran: false; answer: LayerAnswer };

/**
 * The project's own routes as the judge of every route that reaches a document of a type they own (set when its
 * `src/` code is loaded: core/extensions/route-gate.ts). Nothing answers for an owned type but through them.
 */
export interface ProjectRouteGate {
  owns(model: Model): boolean;
  /**
   * The project's route for the action: absent (its router leaves it out) is a refusal; else its auth (and
   * `auth.scope`), its policies, then its middlewares around `work`, which acts as that route's caller.
   */
  /**
   * Whether the route for the action exists and its auth admits the request's credential, nothing run: what a list of
   * offers (MCP's tools) is decided by; its policies and middlewares judge when the request acts.
   */
  admits(ask: Pick<DocumentAsk, 'model' | 'action' | 'request'>): boolean;
  through<T>(ask: DocumentAsk, work: GatedWork<T>): Promise<Gated<T>>;
}

/** The part of the CMS the decision reads: the project's routes, when it has its own code, and the credential's caller. */
export interface DocumentAccessSource {
  routeGate?: ProjectRouteGate;
  contentApi: { callerFor(authorization: string | null | undefined): Caller };
}

/**
 * The one access decision for a route that reaches a document, whatever the route (REST, the `_cms` extensions,
 * uploads attaching a file, the studio): a type the project's routes own is reached only as its route for that
 * Strapi action allows (router `only`/`except`, auth and `auth.scope`, policies, middlewares around the work); any
 * other type as the credential's grants allow (`cms.config.json`, tokens). Refused: 403 (a policy's `PolicyError`).
 *
 * @example
 * const done = await authorizeDocument(cms, { model, action: 'update', documentId, request, url }, (caller) => publish(caller));
 */
export async function authorizeDocument<T>(
  source: DocumentAccessSource, ask: DocumentAsk, work: GatedWork<T>,
): Promise<Gated<T>> {
  if (source.routeGate?.owns(ask.model)) return source.routeGate.through(ask, work);
  const caller = source.contentApi.callerFor(ask.request.headers.get('authorization'));
  if (!caller.can(ask.model, ask.action)) throw new ForbiddenError();
  return { ran: true, value: await work(caller), headers: {} };
}

/**
 * Whether the request may reach the document for the action, asked without doing anything (a file to commit, a
 * history to show): the same decision, its layers run around no work. Any refusal is `false`; other errors are thrown.
 */
export async function mayReachDocument(source: DocumentAccessSource, ask: DocumentAsk): Promise<boolean> {
  try {
    const done = await authorizeDocument(source, ask, async () => undefined);
    return done.ran;
  } catch (error) {
    if ((error as { status?: number }).status === 403) return false;
    throw error;
  }
}
