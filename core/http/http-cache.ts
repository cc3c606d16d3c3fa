import { createHash, randomBytes } from 'node:crypto';

/**
 * HTTP validators and freshness for GET answers. A content-API tag is computed without running the
 * query: it hashes the index's identity and the versions of the types the answer reads with the answer key (URL, Origin, response
 * format) and the caller's credentials, so an `If-None-Match` revalidation costs a hash, and no two
 * callers (or index generations) ever share a tag.
 */

/**
 * Every request header an API answer depends on, for `Vary`, so a shared cache (a CDN under
 * `server.cacheControl: "public, …"`) never hands one caller's answer to another: `Origin` (CORS
 * headers), `Authorization` (what the caller may read; anonymous answers are the ones a CDN keeps),
 * `Strapi-Response-Format` (the v4 shape) and `Cms-Branch` (which branch's view answers). Nothing else
 * is read (no compression here: a proxy that compresses adds `Accept-Encoding` itself).
 */
export const ANSWER_VARY = 'Origin, Authorization, Strapi-Response-Format, Cms-Branch';

/** A random epoch per index object: a restarted server or reloaded model never reissues an old tag. */
const epochs = new WeakMap<object, string>();

function epochOf(index: object): string {
  let epoch = epochs.get(index);
  if (!epoch) epochs.set(index, (epoch = randomBytes(9).toString('base64url')));
  return epoch;
}

const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 27);

/**
 * The tag of a content-API answer. `credentials` is '' for anonymous callers, else the
 * Authorization header with the auth state's revision (a revoked or re-scoped token changes it).
 *
 * @example
 * entityTag(cms.index, '3.1.7', ResponseCache.key('/api/articles', null, null), '') // '"m2W…"'
 */
export function entityTag(index: object, version: number | string, key: string, credentials: string): string {
  return `"${digest(epochOf(index), String(version), key, credentials)}"`;
}

/** A strong tag from the bytes of an answer (routes whose answer is not a pure function of the index). */
export function bodyTag(body: Uint8Array | string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * Whether an `If-None-Match` header names `tag` (weak comparison, as RFC 9110 asks for GET).
 *
 * @example
 * ifNoneMatch('W/"a", "b"', '"b"') // true
 */
export function ifNoneMatch(header: string | string[] | null | undefined, tag: string | undefined): boolean {
  if (!header || !tag || Array.isArray(header)) return false;
  const bare = (value: string) => value.trim().replace(/^W\//, '');
  // `*` is never taken: the tag is compared before the query runs, so whether the answer exists is not known yet.
  return header.split(',').some((candidate) => bare(candidate) === bare(tag));
}

/** `304 Not Modified` with the validators and freshness of the answer it stands for (no body headers). */
export function notModified(headers: Record<string, string>): Response {
  return new Response(null, { status: 304, statusText: 'Not Modified', headers: notModifiedHeaders(headers) });
}

/** The headers of a 304: those of the full answer without its body's type and length. */
export function notModifiedHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'content-type' && name !== 'content-length'));
}

/**
 * An answer no cache may keep, here or downstream (it may hold a private bucket's signed URLs, which expire):
 * `Cache-Control: no-store` and no tag, whatever `server.cacheControl` says.
 */
export function unstored(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('cache-control', 'no-store');
  headers.delete('etag');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Give a successful GET answer of an extension route (upload files, locales, history) a tag from its
 * bytes and `cacheControl`, and turn it into a 304 when the client holds it. The answer was computed
 * for this caller, so a 304 confirms nothing the caller could not read.
 */
export async function withBodyTag(response: Response, request: Request, cacheControl: string): Promise<Response> {
  if (request.method !== 'GET' || response.status !== 200 || response.headers.has('etag')) return response;
  const bytes = new Uint8Array(await response.arrayBuffer());
  const headers = Object.fromEntries(response.headers);
  headers.etag = bodyTag(bytes);
  headers['cache-control'] = cacheControl;
  if (ifNoneMatch(request.headers.get('if-none-match'), headers.etag)) return notModified(headers);
  return new Response(bytes, { status: 200, statusText: response.statusText, headers });
}
