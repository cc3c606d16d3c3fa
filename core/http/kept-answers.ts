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
  return contentRoutePath(cms, url) || (graphql && graphqlPath(cms, url));
}

/** Whether `url` is under the REST prefix, its first segment a content-API route's name (as matchRoute reads it). */
function contentRoutePath(cms: Cms, url: string): boolean {
  const prefix = cms.config.api.rest.prefix;
  if (!url.startsWith(prefix) || url.charCodeAt(prefix.length) !== 0x2f) return false;
  let end = prefix.length + 1;
  for (let code = url.charCodeAt(end); end < url.length && code !== 0x2f && code !== 0x3f; code = url.charCodeAt(++end));
  const first = url.slice(prefix.length + 1, end);
  const names = routeNames(cms.models);
  if (names.has(first)) return true;
  // Spelled otherwise (upper case, percent-encoded, after an empty segment): read as matchRoute reads it.
  if (first !== '' && !/[%A-Z]/.test(first)) return false;
  const query = url.indexOf('?');
  const [segment] = routeSegments((query === -1 ? url : url.slice(0, query)).slice(prefix.length));
  return segment !== undefined && names.has(segment.toLowerCase());
}

/** Whether `url` is the GraphQL endpoint's path (or it with a trailing slash), with GraphQL on. */
function graphqlPath(cms: Cms, url: string): boolean {
  const { enabled, endpoint } = cms.config.graphql;
  if (!enabled || !url.startsWith(endpoint)) return false;
  const after = url.length === endpoint.length ? 0x3f : url.charCodeAt(endpoint.length);
  if (after === 0x3f) return true;
  return after === 0x2f && (url.length === endpoint.length + 1 || url.charCodeAt(endpoint.length + 1) === 0x3f);
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
