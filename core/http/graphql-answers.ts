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

/**
 * What the GraphQL route keeps per face (a model set and config: a reload makes a new face, and so starts empty): its
 * answers, and the paths h3 routed to it (markReached). One lookup by face gives both.
 */
export interface FaceAnswers {
  cache: ResponseCache;
  reached: { GET: string[]; POST: string[] };
}

const faceAnswers = new WeakMap<GraphqlFace, FaceAnswers>();

export function answersOf(face: GraphqlFace): FaceAnswers {
  let answers = faceAnswers.get(face);
  if (!answers) faceAnswers.set(face, (answers = { cache: new ResponseCache(2000, 32 * 1024 * 1024), reached: { GET: [], POST: [] } }));
  return answers;
}

/**
 * Where one caller's answer to a plan is kept: its key and cache, and what the fast path held of it last time (the
 * answer: ResponseCache.again; the header lists written with it, graphql-fast.ts). Kept on the plan per read scope, so a
 * repeated request neither builds nor hashes its key, nor looks it up while the answer it had is still the one kept.
 */
export interface KeptFor {
  key: string;
  cache: ResponseCache;
  hit?: CachedHit;
  lists?: { hit: CachedHit; config: object; byAsk: Map<string, string[]> };
}

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
  /** Whether it reaches media (whose URLs a private bucket signs per answer). */
  media: boolean;
  /** The base's keys made from it, by scope (a kept plan's repeated lookup then hashes no new string). */
  scopes: Map<string, KeptFor>;
  /** The project route gate last asked whether a route owns one of its types, and its answer (a gate's routes are fixed). */
  gate?: { of: object; owned: boolean };
}

const MAX_PLAN_KEYS = 16;

export function readPlan(site: Cms, face: GraphqlFace, request: GraphqlRequest): ReadPlan | undefined {
  const models = face.readModels(request);
  if (!models?.length) return undefined;
  const text = JSON.stringify([request.query, request.variables ?? null, request.operationName ?? null]);
  if (text.length > MAX_KEY_CHARS) return undefined;
  const types = [...new Set(models.flatMap((model) => site.index.dependencies.readsOf(model.uid)))];
  return { models, types, text, media: types.includes(UPLOAD_FILE_UID), scopes: new Map() };
}

/** Whether a route of the project owns a type the plan reads (their policies and middlewares run for every request). */
function ownedByRoute(site: Cms, plan: ReadPlan): boolean {
  const gate = site.routeGate;
  if (!gate) return false;
  if (plan.gate?.of !== gate) plan.gate = { of: gate, owned: plan.models.some((model) => gate.owns(model)) };
  return plan.gate.owned;
}

/**
 * Where a planned query's answer is kept for this caller, as the REST answers are (response-cache.ts), when it may be:
 * asked with a credential whose read scope is known, on types no project route owns (their policies and middlewares run
 * for every request), on a site whose project adds no resolvers of its own, and reaching no media of a private bucket
 * (signed URLs expire). The key holds the branch, the scope and the request's text. Undefined: answer afresh.
 */
export function keptKey(site: Cms, face: GraphqlFace, plan: ReadPlan, authorization: string | null, connection?: object): KeptFor | undefined {
  if (graphqlExtensionStateOf(site.models)?.uses.length || ownedByRoute(site, plan)) return undefined;
  // A private bucket's media URLs are signed per answer and expire (see app.ts): such an answer is never kept.
  if (plan.media && mayBePrivate(site.config.upload)) return undefined;
  // The connection: a keep-alive socket's last verified key is recognised without hashing it again (credential-cache.ts).
  const scope = site.contentApi.readScope(authorization, connection);
  if (scope === undefined) return undefined;
  // Neither a branch's name nor a scope holds a NUL: the request's text, last, cannot make one key look like another.
  if (site.branchName !== undefined) return { key: `${site.branchName}\u0000${scope}\u0000${plan.text}`, cache: answersOf(face).cache };
  let kept = plan.scopes.get(scope);
  if (kept === undefined) {
    kept = { key: `\u0000${scope}\u0000${plan.text}`, cache: answersOf(face).cache };
    if (plan.scopes.size < MAX_PLAN_KEYS) plan.scopes.set(scope, kept);
  }
  return kept;
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
  return kept && { key: kept.key, cache: kept.cache, from: freshness(site.index, plan.types) };
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
export function markReached(face: GraphqlFace, endpoint: string, method: string, path: string): void {
  if ((path !== endpoint && path !== `${endpoint}/`) || (method !== 'GET' && method !== 'POST')) return;
  const paths = answersOf(face).reached[method];
  if (!paths.includes(path)) paths.push(path);
}
