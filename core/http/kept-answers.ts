import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Cms } from '../cms.js';
import { ifNoneMatch, notModifiedHeaders } from './http-cache.js';
import { ResponseCache, type CachedHit } from './response-cache.js';
import type { Later } from './turn-answers.js';
import { routeNames, routeSegments } from '../strapi/routes.js';

/**
 * The key app.ts keeps a content-API GET's answer under, for a Node request: `target` is its URL, prefixed with the
 * branch's name for a branch's answer; the caller's read scope, Origin and response format complete it.
 */
function keptKey(target: string, req: IncomingMessage, scope: string): string {
  const format = req.headers['strapi-response-format'];
  return ResponseCache.key(target, req.headers.origin, typeof format === 'string' ? format : undefined, scope);
}

/**
 * Whether a GET of `url` (as sent) can have an answer app.ts or the GraphQL route keeps: a content-API route's path
 * (`<prefix>/<plural>…` or `<prefix>/<singular>`, its first segment read as matchRoute reads it) or, with `graphql`, the
 * GraphQL endpoint. Only such a GET is worth handing to the end of the turn (turn-answers.ts) for the turn's look at the
 * auth state or a branch's refs; any other (the studio, `/users/me`, the media library, a project's own paths) can
 * never be a kept answer and goes the long way at once.
 *
 * @example
 * if (req.headers.authorization !== undefined && mayBeKept(cms, req.url!, true)) later(req, res, answer);
 */
export function mayBeKept(cms: Cms, url: string, graphql: boolean): boolean {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (graphql && cms.config.graphql.enabled) {
    const endpoint = cms.config.graphql.endpoint;
    if (path.startsWith(endpoint) && (path.length === endpoint.length || path === `${endpoint}/`)) return true;
  }
  const prefix = cms.config.api.rest.prefix;
  if (!path.startsWith(prefix) || path.charCodeAt(prefix.length) !== 0x2f) return false;
  const names = routeNames(cms.models);
  const end = path.indexOf('/', prefix.length + 1);
  if (names.has(path.slice(prefix.length + 1, end === -1 ? undefined : end))) return true;
  // Spelled otherwise (upper case, percent-encoded, after an empty segment): as matchRoute reads it.
  const [first] = routeSegments(path.slice(prefix.length));
  return first !== undefined && names.has(first.toLowerCase());
}

/** A kept answer written from Node: a 304 when the caller's `If-None-Match` names its tag, else its bytes as kept. */
function writeKept(req: IncomingMessage, res: ServerResponse, hit: CachedHit): void {
  if (ifNoneMatch(req.headers['if-none-match'], hit.headers.etag)) {
    res.writeHead(304, notModifiedHeaders(hit.headers));
    res.end();
    return;
  }
  // The flat raw list: fewer steps per header in Node than the object, byte-identical on the wire.
  res.writeHead(hit.status, hit.rawHeaders as string[]);
  res.end(hit.body);
}

/**
 * Answer a GET of the base from the answers app.ts kept, when this caller's read scope (anonymous, or a verified
 * credential's) has a fresh one for this URL. False: nothing kept, the long way answers. serve.ts asks it for a request
 * with a credential once the turn's reads are done (turn-answers.ts), anonymous ones at once.
 *
 * @example
 * if (answerBaseKept(cms, cache, req, res)) return;
 */
export function answerBaseKept(cms: Cms, cache: ResponseCache, req: IncomingMessage, res: ServerResponse): boolean {
  const scope = cms.contentApi.readScope(req.headers.authorization, req.socket);
  const hit = scope === undefined ? undefined : cache.get(keptKey(req.url!, req, scope), cms.index);
  if (!hit) return false;
  writeKept(req, res, hit);
  return true;
}

/** The answer kept for `site`'s view of this request, when fresh for its index and this caller's read scope. */
function branchHit(site: Cms, cache: ResponseCache, req: IncomingMessage): CachedHit | undefined {
  const scope = site.contentApi.readScope(req.headers.authorization, req.socket);
  const target = site.branchName === undefined ? req.url! : `${site.branchName}\u0000${req.url}`;
  return scope === undefined ? undefined : cache.get(keptKey(target, req, scope), site.index);
}

/**
 * A GET naming a branch (`Cms-Branch`), answered as app.ts would from its kept answers: `cms.branch` gives the branch's
 * view exactly as the long way asks it (the ref compared, the overlay read again when it moved; the base's own branch
 * is the base), and the answer kept under the branch's key is written when it is fresh for the view's index. An open
 * view whose refs have not moved is had without waiting (`cms.openBranch`: the same two refs, looked at once per `batch`
 * with one `fstat` each of the file as last read, held open; no promise). Anything else (a branch that does not exist, a bad name, nothing kept, an unknown credential) goes the long
 * way: `next`.
 */
function answerBranchKept(
  cms: Cms, cache: ResponseCache, name: string, req: IncomingMessage, res: ServerResponse, next: () => unknown, batch?: object,
): unknown {
  const open = cms.openBranch(name, batch);
  if (open) return writeOrNext(req, res, branchHit(open, cache, req), next);
  // A missing branch or a bad name is the long way's to answer (a 404, a 400), with its envelope.
  return cms.branch(name).then((site) => branchHit(site, cache, req)).catch(() => undefined)
    .then((hit) => writeOrNext(req, res, hit, next));
}

/**
 * answerBranchKept for the GETs naming a branch, each handed to `later` (turn-answers.ts): answered together once the
 * turn of the event loop that read them has read its sockets, their refs looked at once for all of them, after every one
 * of them arrived (one `fstat` of each ref file as last read, held open: core/branches/ref-watch.ts), so a commit that
 * any of their clients saw made before asking is seen, whatever order the event loop was told of things in.
 *
 * @example
 * const answerBranch = branchKeptAnswers(cms, cache, turnAnswers()); answerBranch('spring', req, res, () => handler(req, res));
 */
export function branchKeptAnswers(
  cms: Cms, cache: ResponseCache, later: Later,
): (name: string, req: IncomingMessage, res: ServerResponse, next: () => unknown) => void {
  return (name, req, res, next) => later(req, res, (batch) => answerBranchKept(cms, cache, name, req, res, next, batch));
}

/** The kept answer written, or the long way when there is none. */
function writeOrNext(req: IncomingMessage, res: ServerResponse, hit: CachedHit | undefined, next: () => unknown): unknown {
  if (!hit) return next();
  writeKept(req, res, hit);
  return undefined;
}
