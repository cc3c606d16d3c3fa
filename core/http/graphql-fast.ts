import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Cms } from '../cms.js';
import type { CmsConfig } from '../config/types.js';
import type { GraphqlAnswer, GraphqlFace, GraphqlRequest } from '../graphql/graphql-face.js';
import { JSON_LIMIT, jsonBody, keepReadBody, readNode } from './body.js';
import { answerReuse, keptAnswer, wasReached, wireAnswer, type WireAnswer } from './graphql-answers.js';
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
 * answerReuse (the caller's read scope from contentApi.readScope, as REST's fast path asks it; no type a project
 * route owns, so no policy or middleware is walked around; no project resolvers), on a path h3 has routed to the
 * GraphQL route. Anything else (a mutation, a query not kept or stale, a bad credential, a body that is not
 * `application/json` with its length, a malformed one) goes to h3 unchanged: `next`, with the body already read
 * handed on (body.ts reads it from there). The caller has left out replicas' pinned reads and branch requests.
 *
 * @example
 * if (cms.config.graphql.enabled) return answerGraphqlKept(cms, req, res, () => handler(req, res));
 */
export function answerGraphqlKept(cms: Cms, req: IncomingMessage, res: ServerResponse, next: () => unknown): unknown {
  const method = req.method!;
  if (method !== 'POST' && method !== 'GET') return next();
  const face = builtFace(cms);
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  if (!face || !wasReached(face, method, query === -1 ? url : url.slice(0, query))) return next();
  const header = headerOf(req);
  if (csrfBlocked(header)) return next();
  if (method === 'GET') return answerFrom(cms, face, () => fromSearch(new URL(url, 'http://localhost')), req, res, next);
  // Only a JSON body of a declared length, read here whole (bounded as body.ts bounds it); chunked ones go to h3 unread.
  const type = header('content-type') ?? '';
  const length = Number(req.headers['content-length']);
  if (type.split(';')[0].trim().toLowerCase() !== 'application/json' || req.headers['transfer-encoding'] !== undefined
    || !(length > 0 && length <= JSON_LIMIT)) return next();
  // The body read is handed on only with the request (body.ts reads it from there): a kept answer needs no note of it.
  return readNode(req, JSON_LIMIT).then((text) => answerFrom(cms, face, () => fromBody(jsonBody(text)), req, res, () => {
    keepReadBody(req, text);
    return next();
  }), () => next());
}

/** The kept answer for a well-formed request, written; else (a malformed one too) the long way. */
function answerFrom(
  cms: Cms, face: GraphqlFace, parse: () => GraphqlRequest | GraphqlAnswer, req: IncomingMessage, res: ServerResponse,
  next: () => unknown,
): unknown {
  let wire: WireAnswer;
  try {
    const parsed = parse();
    if ('status' in parsed) return next();
    const authorization = req.headers.authorization ?? null;
    const reuse = answerReuse(cms, face, parsed, authorization);
    const hit = reuse?.cache.get(reuse.key, cms.index);
    if (!hit) return next();
    const header = headerOf(req);
    const ask = { method: req.method!, authorization, ifNoneMatch: header('if-none-match') };
    const origin = header('origin');
    const lists = ask.ifNoneMatch === null ? listsOf(hit, cms.config) : undefined;
    const key = `${ask.method}\u0000${authorization ? 1 : 0}\u0000${origin ?? ''}`;
    const list = lists?.get(key);
    if (list) {
      res.writeHead(200, list);
      res.end(hit.body);
      return undefined;
    }
    wire = wireAnswer(cms, keptAnswer(hit), answerHeaders(origin), {}, ask);
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
const written = new WeakMap<CachedHit, { config: CmsConfig; lists: Map<string, string[]> }>();
const MAX_LISTS = 8;

function listsOf(hit: CachedHit, config: CmsConfig): Map<string, string[]> {
  let held = written.get(hit);
  if (!held || held.config !== config) written.set(hit, (held = { config, lists: new Map() }));
  return held.lists;
}
