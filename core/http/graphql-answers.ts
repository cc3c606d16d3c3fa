import type { Cms } from '../cms.js';
import { graphqlExtensionStateOf } from '../extensions/graphql-extension.js';
import { mayBePrivate } from '../media/providers/index.js';
import { UPLOAD_FILE_UID, type Model } from '../schema/types.js';
import type { GraphqlFace, GraphqlRequest } from '../graphql/graphql-face.js';
import { bodyTag, ifNoneMatch, notModifiedHeaders } from './http-cache.js';
import { cacheControlFor } from '../config/cache-control.js';
import { JSON_TYPE } from './respond.js';
import { freshness, isFresh, ResponseCache, type CachedHit, type Freshness } from './response-cache.js';

/** Where a query's answer may be kept, and what it is computed from. */
export interface AnswerReuse {
  key: string;
  from: Freshness;
  cache: ResponseCache;
}

/**
 * The longest key kept, as a REST answer's URL is bounded by Node's 16 KB of headers: the cache counts its answers'
 * bytes, not its keys', so a long query text (a client's own, or a hostile one) is answered afresh, never kept.
 */
export const MAX_KEY_CHARS = 16 * 1024;

/** One cache per face (a model set and config): a reload makes a new face, and so starts empty. */
const caches = new WeakMap<GraphqlFace, ResponseCache>();
const cacheOf = (face: GraphqlFace): ResponseCache => {
  let cache = caches.get(face);
  if (!cache) caches.set(face, (cache = new ResponseCache(2000, 32 * 1024 * 1024)));
  return cache;
};

/**
 * What a kept query's answer is computed from, worked out from its request alone (so once per request text: see
 * graphql-fast.ts): the content types its roots read (no mutation, no `me`, no plugin's field), the types those reach
 * (relations, components, media), whose versions say whether a kept answer is fresh, and the request's part of the key
 * (query, variables, operation name). Undefined: the answer is never kept (not such a query, or its text passes
 * MAX_KEY_CHARS).
 */
export interface ReadPlan {
  models: readonly Model[];
  types: readonly string[];
  text: string;
  /** The base's keys made from it, by scope (a kept plan's repeated lookup then hashes no new string). */
  keys: Map<string, string>;
}

const MAX_PLAN_KEYS = 16;

export function readPlan(site: Cms, face: GraphqlFace, request: GraphqlRequest): ReadPlan | undefined {
  const models = face.readModels(request);
  if (!models?.length) return undefined;
  const text = JSON.stringify([request.query, request.variables ?? null, request.operationName ?? null]);
  if (text.length > MAX_KEY_CHARS) return undefined;
  return { models, types: [...new Set(models.flatMap((model) => site.index.dependencies.readsOf(model.uid)))], text, keys: new Map() };
}

/**
 * Where a planned query's answer is kept for this caller, as the REST answers are (response-cache.ts), when it may be:
 * asked with a credential whose read scope is known, on types no project route owns (their policies and middlewares run
 * for every request), on a site whose project adds no resolvers of its own, and reaching no media of a private bucket
 * (signed URLs expire). The key holds the branch, the scope and the request's text. Undefined: answer afresh.
 */
export function keptKey(
  site: Cms, face: GraphqlFace, plan: ReadPlan, authorization: string | null, connection?: object,
): { key: string; cache: ResponseCache } | undefined {
  if (graphqlExtensionStateOf(site.models)?.uses.length || plan.models.some((model) => site.routeGate?.owns(model))) return undefined;
  // A private bucket's media URLs are signed per answer and expire (see app.ts): such an answer is never kept.
  if (mayBePrivate(site.config.upload) && plan.types.includes(UPLOAD_FILE_UID)) return undefined;
  // The connection: a keep-alive socket's last verified key is recognised without hashing it again (credential-cache.ts).
  const scope = site.contentApi.readScope(authorization, connection);
  if (scope === undefined) return undefined;
  // Neither a branch's name nor a scope holds a NUL: the request's text, last, cannot make one key look like another.
  if (site.branchName !== undefined) return { key: `${site.branchName}\u0000${scope}\u0000${plan.text}`, cache: cacheOf(face) };
  let key = plan.keys.get(scope);
  if (key === undefined) {
    key = `\u0000${scope}\u0000${plan.text}`;
    if (plan.keys.size < MAX_PLAN_KEYS) plan.keys.set(scope, key);
  }
  return { key, cache: cacheOf(face) };
}

/**
 * Whether a GraphQL request's answer may be kept and reused (readPlan, keptKey), and the versions it is computed from,
 * taken before it runs: an answer is kept only if they have not moved meanwhile.
 *
 * @example
 * const reuse = answerReuse(site, face, { query: '{ tags { name } }' }, null);
 * reuse?.cache.get(reuse.key, site.index) // the bytes answered last time, while no tag changed
 */
export function answerReuse(site: Cms, face: GraphqlFace, request: GraphqlRequest, authorization: string | null): AnswerReuse | undefined {
  const plan = readPlan(site, face, request);
  const kept = plan && keptKey(site, face, plan, authorization);
  return kept && { ...kept, from: freshness(site.index, plan.types) };
}

/** Keep a query's answer bytes: only a whole success, computed from the versions it is filed under (with its tag, for GETs). */
export function keepAnswer(reuse: AnswerReuse, site: Cms, status: number, errors: unknown, body: Buffer): void {
  if (status !== 200 || errors !== undefined || !isFresh(reuse.from, site.index)) return;
  reuse.cache.set(reuse.key, reuse.from, { status, headers: { etag: bodyTag(body) }, body });
}

/** A kept answer as wireAnswer takes it (its tag computed once, when kept). */
export const keptAnswer = (hit: CachedHit) => ({ status: 200, body: hit.body, etag: hit.headers.etag });

/** What a `/graphql` answer is on the wire: status, headers (in the order h3 writes them: by name) and body (none for a 304). */
export interface WireAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** The request's parts a `/graphql` answer's headers depend on (besides its Origin, in `base`). */
export interface AnswerAsk {
  method: string;
  authorization: string | null | undefined;
  ifNoneMatch: string | null | undefined;
}

/**
 * One `/graphql` JSON answer as both ways in write it: the app's headers (security, CORS, Vary), the answer's own, its
 * type and length; a GET's 200 with the tag of its bytes and `server.cacheControl` (withBodyTag's, as for every other
 * built-in GET), and a 304 for a client that holds it.
 */
export function wireAnswer(
  site: Cms, answer: { status: number; body: Buffer; etag?: string }, base: Record<string, string>, own: Record<string, string>,
  ask: AnswerAsk,
): WireAnswer {
  const headers: Record<string, string> = { ...base, ...own, 'content-type': JSON_TYPE, 'content-length': String(answer.body.length) };
  if (ask.method === 'GET' && answer.status === 200) {
    headers.etag = answer.etag ?? bodyTag(answer.body);
    headers['cache-control'] = cacheControlFor(site.config, undefined, !!ask.authorization);
    if (ifNoneMatch(ask.ifNoneMatch, headers.etag)) return { status: 304, headers: byName(notModifiedHeaders(headers)), body: null };
  }
  return { status: answer.status, headers: byName(headers), body: answer.body };
}

/** Headers in the order a web `Headers` lists them (h3 writes through one): by name. */
function byName(headers: Record<string, string>): Record<string, string> {
  const sorted: Record<string, string> = {};
  for (const name of Object.keys(headers).sort()) sorted[name] = headers[name];
  return sorted;
}

/**
 * The paths (per method) h3 routed to the GraphQL route, spelled as configured (at most two a method): only those may be
 * answered before h3 (serve.ts), as no earlier route (the studio, `/_health`, the `_cms` routes) owns them. Compared as
 * strings, never joined into a key: a request's path is then neither copied nor hashed.
 */
const reached = new WeakMap<GraphqlFace, { GET: string[]; POST: string[] }>();

export function markReached(face: GraphqlFace, endpoint: string, method: string, path: string): void {
  if ((path !== endpoint && path !== `${endpoint}/`) || (method !== 'GET' && method !== 'POST')) return;
  let paths = reached.get(face);
  if (!paths) reached.set(face, (paths = { GET: [], POST: [] }));
  if (!paths[method].includes(path)) paths[method].push(path);
}

export const wasReached = (face: GraphqlFace, method: 'GET' | 'POST', path: string): boolean =>
  reached.get(face)?.[method].includes(path) ?? false;
