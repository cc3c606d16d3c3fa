import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Cms } from '../cms.js';
import type { CmsConfig } from '../config/types.js';
import type { GraphqlAnswer, GraphqlFace, GraphqlRequest } from '../graphql/graphql-face.js';
import { JSON_LIMIT, jsonBody, keepReadBody } from './body.js';
import { createTextCache, type TextCache } from '../graphql/document-cache.js';
import { keptAnswer, keptKey, MAX_KEY_CHARS, readPlan, wasReached, wireAnswer, type ReadPlan, type WireAnswer } from './graphql-answers.js';
import { csrfBlocked, fromBody, fromSearch } from './graphql-request.js';
import { builtFace } from './graphql-route.js';
import type { CachedHit } from './response-cache.js';
import { answerHeaders } from './security-headers.js';

/** A Node request header as a web Request's `headers.get` gives it (srvx reads Node's own, joined the same way). */
const headerOf = (req: IncomingMessage) => (name: string): string | null => {
  const value = req.headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
};

/**
 * `/graphql` read before h3, as serve.ts answers REST's kept GETs: a query whose answer graphql-answers.ts keeps, and
 * which is fresh, is written from Node without h3's web Request and Response, byte for byte as the GraphQL route
 * writes it (the same wireAnswer). Whether it may be answered so is decided as the route decides it: the same
 * readPlan (kept per request text) and keptKey (the caller's read scope from contentApi.readScope, as REST's fast path asks it; no type a project
 * route owns, so no policy or middleware is walked around; no project resolvers), on a path h3 has routed to the
 * GraphQL route. Anything else (a mutation, a query not kept or stale, a bad credential, a body that is not
 * `application/json` with its length, a malformed one) goes to h3 unchanged: `next`, with the body already read
 * handed on (body.ts reads it from there). The caller has left out replicas' pinned reads and branch requests.
 *
 * @example
 * if (cms.config.graphql.enabled) return answerGraphqlKept(cms, req, res, () => handler(req, res));
 */
export function answerGraphqlKept(cms: Cms, req: IncomingMessage, res: ServerResponse, next: () => unknown): unknown {
  const method = req.method;
  if (method !== 'POST' && method !== 'GET') return next();
  const face = builtFace(cms);
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  if (!face || !wasReached(face, method, query === -1 ? url : url.slice(0, query))) return next();
  if (method === 'GET') {
    if (csrfBlocked(headerOf(req))) return next();
    return answerFrom(cms, face, () => planOf(cms, face, 'GET', url, () => fromSearch(new URL(url, 'http://localhost'))), req, res, next);
  }
  // Only a JSON body of a declared length, read here whole (bounded as body.ts bounds it); chunked ones go to h3 unread.
  // (Its type is not one a browser sends without a preflight: Apollo's CSRF prevention lets it through.)
  const type = req.headers['content-type'] ?? '';
  const length = Number(req.headers['content-length']);
  if ((type !== 'application/json' && type.split(';')[0].trim().toLowerCase() !== 'application/json')
    || req.headers['transfer-encoding'] !== undefined || !(length > 0 && length <= JSON_LIMIT)) return next();
  // Read as a bare server reads a body, answered once its declared length has come (Node's parser stops there), without
  // waiting for `end`. A client gone before then leaves nothing to answer (no `error` listener: Node then emits none).
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    if ((size += chunk.length) !== length) return;
    const bytes = chunks.length === 1 ? chunk : Buffer.concat(chunks);
    answerFrom(cms, face, () => postPlan(cms, face, bytes), req, res, () => {
      keepReadBody(req, bytes.toString('utf8'));
      return next();
    });
  });
  return undefined;
}

/**
 * The last POST body planned, per face, and its plan: a client repeating its request (the usual case) has it recognised
 * by comparing bytes, without making or hashing a string of them.
 */
const lastPost = new WeakMap<GraphqlFace, { bytes: Buffer; plan: ReadPlan }>();

function postPlan(cms: Cms, face: GraphqlFace, bytes: Buffer): ReadPlan | undefined {
  const last = lastPost.get(face);
  if (last && last.bytes.equals(bytes)) return last.plan;
  // Kept by the body's bytes as latin1 text (a character a byte: no UTF-8 decoding), decoded as UTF-8 only to be parsed.
  const plan = planOf(cms, face, 'POST', bytes.toString('latin1'), () => fromBody(jsonBody(bytes.toString('utf8'))));
  // (A copy: the request's bytes may be a view of a larger read buffer.)
  if (plan) lastPost.set(face, { bytes: Buffer.from(bytes), plan });
  return plan;
}

/**
 * The read plans of requests asked before, per face and method, by the request's text (a POST's body as latin1, a GET's
 * URL): a repeated request is neither parsed as JSON nor looked up as a query again. Only a plan is kept (what the text alone
 * decides); whether this caller may have the kept answer is asked every time (keptKey). Bounded by the texts' size.
 */
const plans = new WeakMap<GraphqlFace, Record<string, TextCache<ReadPlan>>>();
const PLAN_CHARS = 4 * 1024 * 1024;

function planOf(cms: Cms, face: GraphqlFace, method: string, text: string, parse: () => GraphqlRequest | GraphqlAnswer): ReadPlan | undefined {
  let byMethod = plans.get(face);
  if (!byMethod) plans.set(face, (byMethod = {}));
  const kept = (byMethod[method] ??= createTextCache<ReadPlan>(PLAN_CHARS, MAX_KEY_CHARS));
  let plan = kept.get(text);
  if (plan) return plan;
  const parsed = parse();
  plan = 'status' in parsed ? undefined : readPlan(cms, face, parsed);
  if (plan) kept.set(text, plan);
  return plan;
}

/** The kept answer for a well-formed request (`planned`: its plan), written; else (a malformed one too) the long way. */
function answerFrom(
  cms: Cms, face: GraphqlFace, planned: () => ReadPlan | undefined, req: IncomingMessage, res: ServerResponse, next: () => unknown,
): unknown {
  let wire: WireAnswer;
  try {
    const plan = planned();
    const authorization = req.headers.authorization ?? null;
    const reuse = plan && keptKey(cms, face, plan, authorization, req.socket);
    const hit = reuse?.cache.get(reuse.key, cms.index);
    if (!hit) return next();
    // (Node joins a repeated header of these two with ', ', as a web Request's `headers.get` does.)
    const ifNoneMatch = req.headers['if-none-match'] ?? null;
    const origin = req.headers.origin ?? null;
    const method = req.method!;
    const lists = ifNoneMatch === null ? listsOf(hit, cms.config) : undefined;
    // (Without an Origin, one of four constant keys: no string is made and hashed per request.)
    const key = origin === null ? NO_ORIGIN[method === 'GET' ? 0 : 1][authorization ? 1 : 0]
      : `${method}\u0000${authorization ? 1 : 0}\u0000${origin}`;
    const list = lists?.get(key);
    if (list) {
      res.writeHead(200, list);
      res.end(hit.body);
      return undefined;
    }
    wire = wireAnswer(cms, keptAnswer(hit), answerHeaders(origin), {}, { method, authorization, ifNoneMatch });
    if (lists && lists.size < MAX_LISTS && wire.status === 200) lists.set(key, Object.entries(wire.headers).flat());
  } catch {
    // whatever went wrong here is h3's to answer (and log), never an exception in Node's request listener
    return next();
  }
  res.writeHead(wire.status, Object.entries(wire.headers).flat());
  res.end(wire.body ?? undefined);
  return undefined;
}

/**
 * The header lists written for a kept answer, by what they depend on besides it (method, a credential sent or not,
 * Origin) and the config they were computed under: a repeated request is written without building them again. A few
 * per answer (callers' origins are theirs to choose); a kept answer replaced or dropped takes its lists with it.
 */
const NO_ORIGIN = [['GET\u00000\u0000', 'GET\u00001\u0000'], ['POST\u00000\u0000', 'POST\u00001\u0000']];
const written = new WeakMap<CachedHit, { config: CmsConfig; lists: Map<string, string[]> }>();
const MAX_LISTS = 8;

function listsOf(hit: CachedHit, config: CmsConfig): Map<string, string[]> {
  let held = written.get(hit);
  if (!held || held.config !== config) written.set(hit, (held = { config, lists: new Map() }));
  return held.lists;
}
