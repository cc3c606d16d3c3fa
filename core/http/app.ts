import { join, resolve } from 'node:path';
import { H3, HTTPResponse, type H3Event } from 'h3';
import type { Cms } from '../cms.js';
import { MethodNotAllowedError, NotFoundError } from '../errors.js';
import { errorStatus, toErrorBody } from '../strapi/errors.js';
import { apiIndex } from './api-index.js';
import { readBody } from './body.js';
import { cacheControlFor } from '../config/cache-control.js';
import { entityTag, ifNoneMatch, notModified, unstored, withBodyTag } from './http-cache.js';
import { preflightResponse } from './cors.js';
import type { AppOptions } from './app-options.js';
import { EXTENSIONS } from './extensions.js';
import { jsonAnswer, JSON_TYPE, statusText } from './respond.js';
import { freshness, isFresh, ResponseCache, type Freshness } from './response-cache.js';
import { mayBePrivate } from '../media/providers/index.js';
import { UPLOAD_FILE_UID } from '../schema/types.js';
import { answerHeaders } from './security-headers.js';
import { servePublicFile } from './static.js';
import { assertRoutable } from './request-path.js';
import { noteCommits, type CommitNote } from '../replication/write-context.js';
import { catchUpForRequest, commitHeaders, WRITER_HEADER } from './read-your-writes.js';
import { healthResponse } from './health-route.js';
import { carriesPullToken } from './replica-route.js';
import { onBranch } from '../branches/request-branch.js';

/** The request header naming the branch a request reads and writes (absent: the base). */
export const BRANCH_HEADER = 'cms-branch';

export type { AppOptions };

/** The model whose `server.cacheControl` entry an extension's answer uses (the media library's routes). */
const extensionModel = (cms: Cms, url: URL) =>
  (url.pathname.startsWith(`${cms.config.api.rest.prefix}/upload/`) ? { uid: 'plugin::upload.file' } : undefined);

/** The URL with its prefix spelled as configured, when the request spelled it in another case. */
function withPrefixCase(url: URL, prefix: string): URL {
  const head = url.pathname.slice(0, prefix.length);
  if (head === prefix || head.toLowerCase() !== prefix.toLowerCase()) return url;
  const next = url.pathname.slice(prefix.length);
  if (next !== '' && !next.startsWith('/')) return url;
  const fixed = new URL(url.href);
  fixed.pathname = prefix + next;
  return fixed;
}

/**
 * The HTTP face: Strapi's REST content API under the prefix, public files (uploads) beside it.
 * Handlers stay thin: read the request, call the core, write the answer. One place maps errors.
 *
 * @example
 * const app = createApp(await createCms({ root })); const res = await app.request('/api/articles');
 */
export function createApp(cms: Cms, options: AppOptions = {}): H3 {
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const publicDir = resolve(join(cms.root, 'public'));
  // Malformed percent-encoding reaches the routes, which answer as Strapi's router does (a 404), not h3's bare 400.
  const app = new H3({ allowMalformedURL: true });
  const cache = options.cache ?? new ResponseCache();
  const admin = options.admin ?? cms.config.admin.enabled;

  app.all('/**', async (event) => {
    if (!cms.replica) return answer(event);
    // A replica names the commit holding each acknowledged write (read-your-writes through a balancer).
    const note: CommitNote = {};
    const response = await noteCommits(note, () => answer(event));
    if (note.commit) for (const [name, value] of Object.entries(commitHeaders(note.commit))) response.headers.set(name, value);
    // With PostgreSQL choosing the writer: the term and holder of the lock the write was made under.
    if (note.writer) response.headers.set(WRITER_HEADER, note.writer);
    return response;
  });

  async function answer(event: H3Event): Promise<Response | HTTPResponse> {
    const request = event.req;
    const prefix = cms.config.api.rest.prefix;
    // koa-router matches routes case-insensitively: `/API/tags` is `/api/tags` (recorded: route.case)
    const url = withPrefixCase(event.url, prefix);
    const preflight = preflightResponse(request);
    if (preflight) return preflight;
    const headers = answerHeaders(request.headers.get('origin'));
    try {
      // One judgement of the path, before any router: a spelling no Strapi route matches reaches none of them.
      assertRoutable(event, request.method);
      // A user or token made on another replica a moment ago is known before the request is judged. The pull token names
      // neither: a replica cut from PostgreSQL answers its status at once, not after the state store's query timeout.
      const authorization = request.headers.get('authorization');
      if (!carriesPullToken(cms, authorization)) await cms.auth.catchUp(authorization);
      if (url.pathname === '/_health' && ['GET', 'HEAD'].includes(request.method)) return healthResponse(cms, headers);
      // A request naming a commit this replica does not hold yet waits for it (bounded), before any cache; the
      // replica's own routes (its status, the pull webhook) answer at once, whatever cookie the caller carries.
      if (!url.pathname.startsWith('/_cms/')) await catchUpForRequest(cms, request);
      // `Cms-Branch`: the named branch's view answers (one header lookup when absent, the base's path as it was).
      const named = request.headers.get(BRANCH_HEADER);
      if (named === null) return await answerOn(cms, request, url, headers);
      const site = await cms.branch(named);
      return await onBranch(cms, site, () => answerOn(site, request, url, headers));
    } catch (error) {
      if (error instanceof MethodNotAllowedError && request.method === 'OPTIONS') {
        // koa-router's allowedMethods(): a plain OPTIONS (not a CORS preflight) lists the methods, with Koa's empty text body.
        const plain = { allow: error.allow.join(', '), 'content-type': 'text/plain; charset=utf-8', 'content-length': '0' };
        return new Response(null, { status: 200, statusText: 'OK', headers: { ...headers, ...plain } });
      }
      if (error instanceof MethodNotAllowedError) {
        return new Response('Method Not Allowed', {
          status: 405, statusText: 'Method Not Allowed',
          headers: { ...headers, allow: error.allow.join(', '), 'content-type': 'text/plain; charset=utf-8' },
        });
      }
      const status = errorStatus(error);
      if (status === 500) log(`[cms] ${request.method} ${url.pathname}: ${(error as Error)?.stack ?? String(error)}`);
      return jsonAnswer(status, toErrorBody(error), headers);
    }
  }

  /** The answer of a routable request, by the base or by a branch's view (`site`). */
  async function answerOn(site: Cms, request: Request, url: URL, headers: Record<string, string>): Promise<Response | HTTPResponse> {
    const prefix = site.config.api.rest.prefix;
    if (url.pathname === '/' && ['GET', 'HEAD'].includes(request.method)) {
      const page = await apiIndex(site, request, headers);
      return withBodyTag(page, request, cacheControlFor(site.config, undefined, !!request.headers.get('authorization')));
    }
    // The studio's path is checked against the API prefix when the config loads, and wins over public files.
    // Its routes are imported on the studio's first request: a start, and the content API, never need them.
    const studioPath = site.config.admin.path;
    const underStudio = url.pathname === studioPath || url.pathname.startsWith(`${studioPath}/`);
    const studio = admin && underStudio
      ? await (await import('./studio-route.js')).studioResponse(site, request, url, headers)
      : undefined;
    if (studio) return studio;
    for (const extension of options.extensions ?? EXTENSIONS) {
      const response = await extension({ request, url, cms: site, headers });
      if (response) {
        // The upload API, GraphQL and a project's routes may answer a private bucket's signed URLs, which expire.
        if (mayBePrivate(site.config.upload) && /json/.test(response.headers.get('content-type') ?? '')) return unstored(response);
        const cacheControl = cacheControlFor(site.config, extensionModel(site, url), !!request.headers.get('authorization'));
        return withBodyTag(response, request, cacheControl);
      }
    }
    if (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`)) {
      const authorization = request.headers.get('authorization');
      const api = site.contentApi;
      // Answers are shared by callers who may read exactly the same (anonymous: ''); an invalid credential is never cached.
      const scope = request.method === 'GET' ? api.readScope(authorization) : undefined;
      const cacheable = scope !== undefined;
      // A branch's answers are its own: the branch is part of the key, so of the tag too.
      const target = site.branchName === undefined ? url.pathname + url.search : `${site.branchName}\u0000${url.pathname}${url.search}`;
      const cacheKey = ResponseCache.key(target, request.headers.get('origin'), request.headers.get('strapi-response-format'), scope);
      if (cacheable) {
        const hit = cache.get(cacheKey, site.index);
        if (hit) {
          if (ifNoneMatch(request.headers.get('if-none-match'), hit.headers.etag)) return notModified(hit.headers);
          const init = { status: hit.status, statusText: statusText(hit.status), headers: hit.headers };
          return new Response(hit.body as unknown as BodyInit, init);
        }
      }
      const body = await readBody(request);
      const index = site.index;
      const path = url.pathname.slice(prefix.length);
      let validators: Record<string, string> | undefined;
      let computedFrom: Freshness | undefined;
      if (request.method === 'GET') {
        // Authorised before the tag is compared: a 304 never confirms content the caller could not read.
        const { route } = api.authorize({ method: 'GET', path, authorization });
        // The answer reads the route's type and the types it reaches; the tag names their versions.
        const reads = index.dependencies.readsOf(route.model.uid);
        if (mayBePrivate(site.config.upload) && reads.includes(UPLOAD_FILE_UID)) {
          // A private bucket's media URLs are signed per answer and expire: no tag, no cached copy here or downstream.
          headers['cache-control'] = 'no-store';
        } else {
          computedFrom = freshness(index, reads);
          // The key holds the caller's read scope: callers who may read the same share a tag, no others.
          const credentialKey = authorization && !cacheable ? `${authorization}\u0000${site.auth.store.revision}` : '';
          const etag = entityTag(index, computedFrom.versions.join('.'), cacheKey, credentialKey);
          validators = { etag, 'cache-control': cacheControlFor(site.config, route.model, !!authorization) };
          if (ifNoneMatch(request.headers.get('if-none-match'), etag)) return notModified({ ...headers, ...validators });
        }
      }
      const result = await api({
        method: request.method, path, search: url.search, body, authorization,
        responseFormat: request.headers.get('strapi-response-format'), ifMatch: request.headers.get('if-match'),
        // On a write, `If-None-Match: *` is the studio's "this locale must not exist yet"; on a read it is a cache's.
        ifNoneMatch: request.method === 'GET' || request.method === 'HEAD' ? undefined : request.headers.get('if-none-match'),
      });
      // The document's version, for a later `If-Match` (the studio's stale-form check); Strapi clients ignore it.
      if (result.version) headers['document-version'] = result.version;
      // Only an answer computed from the version the tag names may carry it.
      if (validators && computedFrom && result.status === 200 && isFresh(computedFrom, site.index)) Object.assign(headers, validators);
      if (result.body === undefined) return new Response(null, { status: result.status, statusText: statusText(result.status), headers });
      if (request.method === 'HEAD') {
        return new Response(null, { status: result.status, headers: { ...headers, 'content-type': JSON_TYPE } });
      }
      if (cacheable && result.status === 200 && headers.etag !== undefined) {
        const body = Buffer.from(JSON.stringify(result.body));
        // Its length is part of the stored headers: a hit is written as it is, without copying them.
        const answer = { status: 200, headers: { ...headers, 'content-type': JSON_TYPE, 'content-length': String(body.length) }, body };
        // Fresh since computedFrom (checked above, nothing awaited since): the published versions now are the ones it read.
        cache.set(cacheKey, result.publishedRowsOnly ? freshness(site.index, computedFrom!.types, true) : computedFrom!, answer);
        return new HTTPResponse(body, { status: 200, statusText: 'OK', headers: answer.headers });
      }
      return jsonAnswer(result.status, result.body, headers);
    }
    if (['GET', 'HEAD'].includes(request.method)) {
      const file = await servePublicFile(publicDir, url.pathname, request);
      if (file) {
        // A public file is the same for every caller and format: only its CORS headers vary.
        for (const [key, value] of Object.entries({ ...headers, vary: 'Origin' })) file.headers.set(key, value);
        return file;
      }
    }
    throw new NotFoundError();
  }
  return app;
}
