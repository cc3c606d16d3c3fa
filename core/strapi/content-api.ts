import { bearerToken } from '../auth/bearer.js';
import type { Caller } from '../access/permissions.js';
import { NotFoundError, ForbiddenError, UnauthorizedError } from '../errors.js';
import type { Model } from '../schema/types.js';
import type { ContentService } from '../service/content-service.js';
import { documentVersion } from '../service/document-version.js';
import { readsOnlyPublishedRows } from '../query/published-reads.js';
import type { Data } from '../types.js';
import { parseQueryString } from './parse-query.js';
import { matchRoute, unknownPath, type MatchedRoute } from './routes.js';
import { toV4Body } from './v4.js';

/** One request to the content API, independent of HTTP: what both the server and `cms get` send. */
export interface ContentRequest {
  method: string;
  /** Path after the API prefix, e.g. `/articles/abc`. */
  path: string;
  /** Raw query string, with or without `?`. */
  search: string;
  /** Parsed JSON body (writes). */
  body?: unknown;
  /** `Authorization` header, if any. */
  authorization?: string | null;
  /** `Strapi-Response-Format` header, if any. */
  responseFormat?: string | null;
  /** `If-Match` header, if any: a write (PUT, DELETE) over another version of the document is refused (412). */
  ifMatch?: string | null;
  /** `If-None-Match` header, if any: `*` on a PUT refuses (412) to replace a version that exists (a new locale's). */
  ifNoneMatch?: string | null;
}

export interface ContentResponse {
  status: number;
  /** JSON body; undefined for 204. */
  body: { data: unknown; meta: unknown } | undefined;
  /** The answered document's version in its locale (one-document answers), for a later `If-Match`. */
  version?: string;
  /** A list that read only its type's published rows (readsOnlyPublishedRows): a write of drafts only leaves it as it is. */
  publishedRowsOnly?: boolean;
}

/** `Bearer <token>`: exactly two parts, scheme case-insensitive (Strapi's content-api-token strategy). */

export interface ContentApiOptions {
  service: ContentService;
  /** The caller for requests without credentials (the Public role). */
  anonymous: Caller;
  /**
   * Resolve a Bearer token to a caller; undefined when it matches nothing (→ 401). `connection`: the client's socket, when
   * there is one (its next request with the same token skips the token's hash: see `Auth.readFingerprint`).
   */
  authenticate?: (token: string, connection?: object) => Caller | undefined;
  /**
   * A Bearer token's read fingerprint (what its answers depend on); undefined when the token is not valid. `connection`
   * is the client's socket, when there is one (see `Auth.readFingerprint`).
   */
  readFingerprint?: (token: string, connection?: object) => string | undefined;
  /**
   * A type another router answers for (a project's own routes, core/extensions): this API never reaches it, as if it
   * had no route here (404, or 405 `Allow: HEAD, GET`), however the request reached it.
   */
  ownedElsewhere?: (model: Model) => boolean;
}

/**
 * Strapi's content API as a function: route → authenticate → authorize → parse query → service →
 * envelope. HTTP and the CLI are thin shells around it, so they answer byte for byte the same.
 */
export function createContentApi(options: ContentApiOptions) {
  const { service } = options;

  function resolveCaller(request: Pick<ContentRequest, 'authorization'>, connection?: object): Caller {
    const token = bearerOf(request.authorization, connection);
    if (token === undefined) return options.anonymous;
    const caller = options.authenticate?.(token, connection);
    if (!caller) throw new UnauthorizedError('Missing or invalid credentials');
    return caller;
  }

  /** Route, authenticate, authorize: the caller may run this request (throws 404/405/401/403 otherwise). */
  function authorize(request: Pick<ContentRequest, 'method' | 'path' | 'authorization'>): { route: MatchedRoute; caller: Caller } {
    const method = request.method.toUpperCase();
    const route = matchRoute(service.models, method, request.path);
    if (options.ownedElsewhere?.(route.model)) throw unknownPath(method);
    const caller = resolveCaller(request);
    if (!caller.can(route.model, route.action)) throw new ForbiddenError();
    return { route, caller };
  }

  async function handle(request: ContentRequest): Promise<ContentResponse> {
    const { route, caller } = authorize(request);
    const query = parseQueryString(request.search);
    const isSingle = route.model.kind === 'singleType';
    let result: ContentResponse;
    // A write answers the version it wrote, read under its lock: read again later, it could be a newer write's.
    let written: string | null | undefined;
    const precondition = { ifMatch: request.ifMatch, ifNoneMatch: request.ifNoneMatch };
    switch (route.action) {
      case 'find':
        result = isSingle
          ? { status: 200, body: { data: found(service.findSingle(route.model, query, caller)), meta: {} } }
          : {
            status: 200, body: service.findPage(route.model, query, caller), publishedRowsOnly: readsOnlyPublishedRows(route.model, query),
          };
        break;
      case 'findOne':
        result = { status: 200, body: { data: found(service.findOne(route.model, route.documentId!, query, caller)), meta: {} } };
        break;
      case 'create': {
        const created = await service.create(route.model, request.body, query, caller);
        result = { status: 201, body: { data: created.data, meta: {} } };
        written = created.version;
        break;
      }
      case 'update': {
        const updated = await service.update(route.model, route.documentId, request.body, query, caller, precondition);
        result = { status: 200, body: { data: found(updated?.data), meta: {} } };
        written = updated!.version;
        break;
      }
      case 'delete':
        await service.delete(route.model, route.documentId, query, caller, precondition);
        return { status: 204, body: undefined };
    }
    // A private provider's media URLs come signed, as Strapi's upload plugin signs every document its service answers.
    if (result.body) result.body.data = await service.signMedia(route.model.uid, result.body.data as Data | Data[]);
    const listed = route.action === 'find' && !isSingle;
    const version = written !== undefined ? written : listed ? null : versionOf(service, route.model, result.body?.data);
    if (version) result.version = version;
    if (request.responseFormat === 'v4' && result.body) result.body = toV4Body(service.models, route.model, result.body);
    return result;
  }

  /**
   * The caller behind an `Authorization` header (anonymous without one; 401 for a bad Bearer token). `connection`: the
   * client's socket, when there is one (a keep-alive client's next request with the same header skips the key's hash).
   */
  const callerFor = (authorization: string | null | undefined, connection?: object): Caller =>
    resolveCaller({ authorization }, connection);

  /** The Bearer key last read on each connection, with the header it came from: a client sends the same one on each request. */
  const lastBearer = new WeakMap<object, { authorization: string; token: string | undefined }>();
  /** bearerToken, once per header and connection: the same header string gives the same key (and the same string). */
  function bearerOf(authorization: string | null | undefined, connection: object | undefined): string | undefined {
    if (!connection || !authorization) return bearerToken(authorization);
    const last = lastBearer.get(connection);
    if (last?.authorization === authorization) return last.token;
    const token = bearerToken(authorization);
    lastBearer.set(connection, { authorization, token });
    return token;
  }

  /**
   * What a read's answer depends on besides the URL: '' for anonymous callers, the credential's
   * read fingerprint otherwise, undefined when the credential is not valid (its answer is an
   * error, computed every time). Callers with one scope get the same bytes, so they may share
   * cached answers; no other two callers ever do. `connection`: the client's socket, when there is
   * one (a keep-alive client's next request with the same credential costs two string comparisons).
   */
  function readScope(authorization: string | null | undefined, connection?: object): string | undefined {
    const token = bearerOf(authorization, connection);
    // No Bearer token (none, or another scheme) is the Public role, as resolveCaller decides.
    if (token === undefined) return '';
    if (!options.readFingerprint) return undefined;
    try {
      return options.readFingerprint(token, connection);
    } catch {
      return undefined; // an expired token, a blocked user: answered (401) the long way
    }
  }
  return Object.assign(handle, { callerFor, authorize, readScope });
}

/** The version of the one document an answer holds, in the locale it was answered in. */
function versionOf(service: ContentService, model: Model, data: unknown): string | null {
  const document = data as Data | undefined;
  if (!document || typeof document.documentId !== 'string') return null;
  return documentVersion(service.index, model, document.documentId, typeof document.locale === 'string' ? document.locale : null);
}

function found(data: Data | undefined): Data {
  if (!data) throw new NotFoundError();
  return data;
}

export type ContentApi = ReturnType<typeof createContentApi>;
