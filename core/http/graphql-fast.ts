import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Cms } from '../cms.js';
import type { CmsConfig } from '../config/types.js';
import type { GraphqlAnswer, GraphqlFace, GraphqlRequest } from '../graphql/graphql-face.js';
import { headerOf, jsonBody, keepReadBody, readDeclaredJson } from './body.js';
import { createTextCache, type TextCache } from '../graphql/document-cache.js';
import {
  answersOf, keptAnswer, keptKey, MAX_KEY_CHARS, readPlan, wireAnswer, type FaceAnswers, type KeptFor, type ReadPlan,
} from './graphql-answers.js';
import { csrfBlocked, fromBody, fromSearch } from './graphql-request.js';
import { builtFace, facesMade } from './graphql-route.js';
import type { CachedHit } from './response-cache.js';
import { answerHeaders } from './security-headers.js';
import type { Later } from './turn-answers.js';

/**
 * `/graphql` read before h3, as serve.ts answers REST's kept GETs: a query whose answer graphql-answers.ts keeps, and
 * which is fresh, is written from Node without h3's web Request and Response, byte for byte as the GraphQL route
 * writes it (the same wireAnswer). Whether it may be answered so is decided as the route decides it: the same
 * readPlan (kept per request text) and keptKey (the caller's read scope from contentApi.readScope, as REST's fast path
 * asks it; no type a project route owns, so no policy or middleware is walked around; no project resolvers), on a path
 * h3 has routed to the GraphQL route. Anything else (a mutation, a query not kept or stale, a bad credential, a body
 * that is not `application/json` with its length, a malformed one) goes to h3 unchanged: `next`, with the body already
 * read handed on (body.ts reads it from there). The caller has left out replicas' pinned reads and branch requests.
 * `later` (turn-answers.ts): a POST is answered once the turn's reads are done, a credential judged on one look at the
 * auth state for all of them, and the answers written together (an anonymous POST answered inside its `data` event cost
 * this server 1–2 µs more than a credentialed one; docs/reference/performance.md, round 23). Without it (a caller
 * already at the turn's end, as serve.ts's `notKept` inside `later`, or a test), at once.
 *
 * @example
 * if (cms.config.graphql.enabled) return answerGraphqlKept(cms, req, res, handler);
 */
export function answerGraphqlKept(
  cms: Cms, req: IncomingMessage, res: ServerResponse, next: (req: IncomingMessage, res: ServerResponse) => unknown, later?: Later,
): unknown {
  const method = req.method;
  if (method !== 'POST' && method !== 'GET') return next(req, res);
  const fast = fastStateOf(cms);
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  if (!fast || !fast.answers.reached[method].includes(query === -1 ? url : url.slice(0, query))) return next(req, res);
  // A GET is answered here at once: serve.ts hands a credentialed GET to the turn's end before it comes here.
  if (method === 'GET') {
    if (csrfBlocked(headerOf(req))) return next(req, res);
    const plan = planned(() => planOf(cms, fast, fast.getPlans, url, () => fromSearch(new URL(url, 'http://localhost'))));
    return plan && answerKept(cms, fast, plan, req, res) ? undefined : next(req, res);
  }
  // Only a JSON body of a declared length, read here whole (bounded as body.ts bounds it); chunked ones go to h3 unread.
  // (Its type is not one a browser sends without a preflight: Apollo's CSRF prevention lets it through.)
  const read = readDeclaredJson(req, (bytes) => {
    if (later) later(req, res, () => answerPost(cms, fast, bytes, req, res, next));
    else answerPost(cms, fast, bytes, req, res, next);
  });
  return read ? undefined : next(req, res);
}

/** A POST's whole body answered from the kept answers, or handed on (`next`) with the body already read. */
function answerPost(
  cms: Cms, fast: FastState, bytes: Buffer, req: IncomingMessage, res: ServerResponse,
  next: (req: IncomingMessage, res: ServerResponse) => unknown,
): unknown {
  const plan = postPlan(cms, fast, bytes);
  if (plan && answerKept(cms, fast, plan, req, res)) return undefined;
  keepReadBody(req, bytes.toString('utf8'));
  return next(req, res);
}

/**
 * What the fast path keeps per face: the GraphQL route's answers and reached paths, the read plans of request texts
 * asked before (per method), and the last POST body planned. The last site's is held with what it was found for (the
 * site, its models and GraphQL config, no face made since), so a request finds it with a few comparisons.
 */
interface FastState {
  face: GraphqlFace;
  answers: FaceAnswers;
  getPlans: TextCache<ReadPlan>;
  postPlans: TextCache<ReadPlan>;
  /** The last POST body planned and its plan: a client repeating its request (the usual case) is recognised by its bytes. */
  lastPost?: { bytes: Buffer; plan: ReadPlan };
}

const states = new WeakMap<GraphqlFace, FastState>();
let last: { cms: Cms; models: object; config: object; made: number; state: FastState } | undefined;
/** Read plans are bounded by the texts' size. */
const PLAN_CHARS = 4 * 1024 * 1024;

function fastStateOf(cms: Cms): FastState | undefined {
  const held = last;
  if (held && held.cms === cms && held.models === cms.models && held.config === cms.config.graphql && held.made === facesMade()) {
    return held.state;
  }
  const face = builtFace(cms);
  if (!face) return undefined;
  let state = states.get(face);
  if (!state) {
    const plans = () => createTextCache<ReadPlan>(PLAN_CHARS, MAX_KEY_CHARS);
    states.set(face, (state = { face, answers: answersOf(face), getPlans: plans(), postPlans: plans() }));
  }
  last = { cms, models: cms.models, config: cms.config.graphql, made: facesMade(), state };
  return state;
}

/** A plan, or none when working it out fails (a malformed request is h3's to answer, and to log). */
function planned(plan: () => ReadPlan | undefined): ReadPlan | undefined {
  try {
    return plan();
  } catch {
    return undefined;
  }
}

/** A POST body's plan (none when working it out fails, as `planned`): the last body's again without a closure made. */
function postPlan(cms: Cms, fast: FastState, bytes: Buffer): ReadPlan | undefined {
  const held = fast.lastPost;
  if (held && held.bytes.equals(bytes)) return held.plan;
  // Kept by the body's bytes as latin1 text (a character a byte: no UTF-8 decoding), decoded as UTF-8 only to be parsed.
  const parse = () => fromBody(jsonBody(bytes.toString('utf8')));
  const plan = planned(() => planOf(cms, fast, fast.postPlans, bytes.toString('latin1'), parse));
  // (A copy: the request's bytes may be a view of a larger read buffer.)
  if (plan) fast.lastPost = { bytes: Buffer.from(bytes), plan };
  return plan;
}

/**
 * The read plan of a request asked before, by its text (a POST's body as latin1, a GET's URL): a repeated request is
 * neither parsed as JSON nor looked up as a query again. Only a plan is kept (what the text alone decides); whether this
 * caller may have the kept answer is asked every time (keptKey).
 */
function planOf(
  cms: Cms, fast: FastState, kept: TextCache<ReadPlan>, text: string, parse: () => GraphqlRequest | GraphqlAnswer,
): ReadPlan | undefined {
  let plan = kept.get(text);
  if (plan) return plan;
  const parsed = parse();
  plan = 'status' in parsed ? undefined : readPlan(cms, fast.face, parsed);
  if (plan) kept.set(text, plan);
  return plan;
}

/** The kept answer to a planned request, written when this caller has a fresh one; false: nothing written, the long way. */
function answerKept(cms: Cms, fast: FastState, plan: ReadPlan, req: IncomingMessage, res: ServerResponse): boolean {
  let status = 200;
  let headers: string[];
  let body: Buffer | null;
  try {
    const authorization = req.headers.authorization ?? null;
    const kept = keptKey(cms, fast.face, plan, authorization, req.socket);
    const hit = kept && kept.cache.again(kept.hit, kept.key, cms.index);
    if (!hit) return false;
    // (Written only when it moved: a repeated request stores nothing on the long-lived plan.)
    if (kept.hit !== hit) kept.hit = hit;
    // (Node joins a repeated header of these two with ', ', as a web Request's `headers.get` does.)
    const ifNoneMatch = req.headers['if-none-match'] ?? null;
    const origin = req.headers.origin ?? null;
    const method = req.method!;
    const lists = ifNoneMatch === null ? listsOf(kept, hit, cms.config) : undefined;
    // (Without an Origin, one of four constant keys: no string is made and hashed per request.)
    const key = origin === null ? NO_ORIGIN[method === 'GET' ? 0 : 1][authorization ? 1 : 0]
      : `${method}\u0000${authorization ? 1 : 0}\u0000${origin}`;
    const list = lists?.get(key);
    body = hit.body;
    if (list) headers = list;
    else {
      const wire = wireAnswer(cms, keptAnswer(hit), answerHeaders(origin), {}, { method, authorization, ifNoneMatch });
      ({ status, body } = wire);
      headers = Object.entries(wire.headers).flat();
      if (lists && lists.size < MAX_LISTS && status === 200) lists.set(key, headers);
    }
  } catch {
    // whatever went wrong here is h3's to answer (and log), never an exception in Node's request listener
    return false;
  }
  res.writeHead(status, headers);
  res.end(body ?? undefined);
  return true;
}

/**
 * The header lists written for a kept answer, by what they depend on besides it (method, a credential sent or not,
 * Origin) and the config they were computed under: a repeated request is written without building them again. A few
 * per answer (callers' origins are theirs to choose), held beside it for the caller's scope; a kept answer replaced or
 * dropped takes its lists with it.
 */
const NO_ORIGIN = [['GET\u00000\u0000', 'GET\u00001\u0000'], ['POST\u00000\u0000', 'POST\u00001\u0000']];
const MAX_LISTS = 8;

function listsOf(kept: KeptFor, hit: CachedHit, config: CmsConfig): Map<string, string[]> {
  let held = kept.lists;
  if (!held || held.hit !== hit || held.config !== config) kept.lists = held = { hit, config, byAsk: new Map() };
  return held.byAsk;
}
