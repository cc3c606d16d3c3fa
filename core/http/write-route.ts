import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Cms } from '../cms.js';
import { PayloadTooLargeError } from '../errors.js';
import { errorStatus, toErrorBody } from '../strapi/errors.js';
import { JSON_LIMIT, jsonBody, readNode } from './body.js';
import { JSON_TYPE, statusText } from './respond.js';
import { answerHeaders } from './security-headers.js';
import { guardUnreadBody } from './unread-body.js';

/**
 * A content-API write (`POST /api/<plural>`, `PUT|DELETE /api/<plural>/<documentId>`, `PUT|DELETE /api/<singular>`) path
 * and query in the plainest spelling: the exact prefix, a lower-case API id, a documentId of id characters, and a query
 * WHATWG URL would not re-encode (no space, `"`, `#`, `'`, `<`, `>`, control or non-ASCII character). Any other spelling
 * goes the long way, where h3's URL and the route judgement (request-path.ts, case-insensitive prefix) read it.
 */
const PLAIN_TARGET = /^\/([a-z][a-z0-9-]*)(?:\/([A-Za-z0-9_-]+))?(\?[\x21\x24-\x26\x28-\x3b\x3d\x3f-\x7e]*)?$/;

/** The first segments under the prefix that built-in routes beside the content API answer (auth-routes.ts, upload, i18n, `_cms`). */
const BUILT_IN = new Set(['auth', 'connect', 'users', 'users-permissions', 'upload', 'i18n']);

/** A request the fast route may answer: its path under the prefix, split. */
interface PlainWrite {
  path: string;
  search: string;
}

/** The request as a plain content-API write, or undefined (then h3 answers it, as every other request). */
export function plainWrite(cms: Cms, req: IncomingMessage): PlainWrite | undefined {
  const method = req.method;
  if (method !== 'POST' && method !== 'PUT' && method !== 'DELETE') return undefined;
  // A replica forwards, notes commits and catches up on the long way; so does a credential store shared with other
  // servers (a token made there a moment ago is caught up with first); a branch's view answers there too.
  if (cms.replica || cms.auth.store.shared || req.headers['cms-branch'] !== undefined) return undefined;
  const prefix = cms.config.api.rest.prefix;
  const url = req.url;
  if (!prefix || !url || !url.startsWith(prefix) || url.charCodeAt(prefix.length) !== 47 /* / */) return undefined;
  const target = url.slice(prefix.length);
  const match = PLAIN_TARGET.exec(target);
  if (!match || BUILT_IN.has(match[1]!)) return undefined;
  const graphql = cms.config.graphql;
  if (graphql.enabled && url.toLowerCase().startsWith(graphql.endpoint.toLowerCase())) return undefined;
  // Node keeps the first of repeated `Authorization` or `Content-Type` headers, a web Request joins them: the long way.
  if (repeats(req.rawHeaders)) return undefined;
  const search = match[3] && match[3].length > 1 ? match[3] : '';
  return { path: match[3] ? target.slice(0, -match[3].length) : target, search };
}

/** Whether a request repeats a header Node reads once (`authorization`, `content-type`). */
function repeats(raw: string[]): boolean {
  let seen = 0;
  for (let at = 0; at < raw.length; at += 2) {
    const name = raw[at]!;
    if (name.length !== 13 && name.length !== 12) continue;
    const lower = name.toLowerCase();
    const bit = lower === 'authorization' ? 1 : lower === 'content-type' ? 2 : 0;
    if (bit & seen) return true;
    seen |= bit;
  }
  return false;
}

/**
 * The answer as h3's `jsonAnswer` (or, bodiless, a web `Response`) reaches Node through srvx: the headers as a web
 * `Headers` lists them (sorted by name), the length last, then the text.
 */
function writeAnswer(res: ServerResponse, status: number, text: string | undefined, headers: Record<string, string>): void {
  if (text !== undefined) headers['content-type'] = JSON_TYPE;
  const raw: string[] = [];
  for (const name of Object.keys(headers).sort()) raw.push(name, headers[name]!);
  writeRaw(res, status, raw, text);
}

/** The sorted header list `raw` (the length added last), then the text. */
function writeRaw(res: ServerResponse, status: number, raw: string[], text: string | undefined): void {
  if (text !== undefined) raw.push('content-length', String(Buffer.byteLength(text)));
  res.writeHead(status, statusText(status), raw);
  res.end(text);
}

/**
 * The sorted header list writeAnswer makes for a request without `Origin` (the headers then never change), made once per
 * shape: with or without a document version and a JSON text. The version's value sits at `version` (-1: none).
 */
interface PlainHeads { raw: readonly string[]; version: number }
const plainHeads = new Map<number, PlainHeads>();
function plainHeadsOf(versioned: boolean, json: boolean): PlainHeads {
  const shape = (versioned ? 1 : 0) | (json ? 2 : 0);
  let heads = plainHeads.get(shape);
  if (!heads) {
    const headers = answerHeaders(null);
    if (versioned) headers['document-version'] = '';
    if (json) headers['content-type'] = JSON_TYPE;
    const names = Object.keys(headers).sort();
    const raw = names.flatMap((name) => [name, headers[name]!]);
    heads = { raw, version: versioned ? raw.indexOf('document-version') + 1 : -1 };
    plainHeads.set(shape, heads);
  }
  return heads;
}

/** writeAnswer for a request without `Origin`: the same bytes, from the list made once instead of an object sorted per answer. */
function writePlainAnswer(res: ServerResponse, status: number, text: string | undefined, version: string | undefined): void {
  const heads = plainHeadsOf(version !== undefined, text !== undefined);
  const raw = heads.raw.slice();
  if (heads.version >= 0) raw[heads.version] = version!;
  writeRaw(res, status, raw, text);
}

/** The unread-body guard (unread-body.ts), as serve.ts sets it for every other request. */
const guard = (cms: Cms, req: IncomingMessage, res: ServerResponse) => guardUnreadBody(req, res, cms.config.server.unreadBodyLinger * 1000);

/** The JSON body as the app's readBody reads it (core/http/body.ts): the same limits, the same refusals. */
async function readJson(req: IncomingMessage): Promise<unknown> {
  if (req.method === 'DELETE') return undefined;
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (!type.includes('json')) return undefined;
  if (Number(req.headers['content-length'] ?? Number.NaN) > JSON_LIMIT) throw new PayloadTooLargeError();
  return jsonBody(await readNode(req, JSON_LIMIT));
}

/**
 * Answer a plain content-API write from Node's request, skipping h3's web Request and Response: the same content API
 * (`cms.contentApi`: route, credential, users-permissions or token scope, validation, the one write path), the same
 * answer bytes. Only once the caller is authorised and the body is JSON (or absent): every refusal before that (no
 * credential, a read-only token, an unknown or owned type, a method the route lacks) and every other body type is
 * handed to `longWay` untouched, so h3 answers it as it answers everything else. The unread-body guard is set
 * at once (as serve.ts calls it for every other request) wherever an answer may come before the body's end: the long
 * way, a DELETE (its body is never read), a body without a declared length within the limit. A POST or PUT of a
 * declared length within it is answered only after its body's `end` (or not at all: a client gone), so needs none.
 */
export async function answerWrite(
  cms: Cms, req: IncomingMessage, res: ServerResponse, write: PlainWrite, longWay: () => unknown,
): Promise<void> {
  const type = req.headers['content-type'];
  if (req.method !== 'DELETE' && !(typeof type === 'string' && type.toLowerCase().includes('json'))) {
    guard(cms, req, res);
    await longWay();
    return;
  }
  const early = req.method === 'DELETE' || !(Number(req.headers['content-length']) <= JSON_LIMIT)
    || req.headers['transfer-encoding'] !== undefined;
  if (early) guard(cms, req, res);
  const api = cms.contentApi;
  const authorization = req.headers.authorization;
  try {
    api.authorize({ method: req.method!, path: write.path, authorization });
  } catch {
    if (!early) guard(cms, req, res);
    await longWay();
    return;
  }
  const origin = req.headers.origin;
  const header = (name: string) => {
    const value = req.headers[name];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  };
  try {
    const body = await readJson(req);
    const result = await api({
      method: req.method!, path: write.path, search: write.search, body, authorization,
      responseFormat: header('strapi-response-format'), ifMatch: header('if-match'), ifNoneMatch: header('if-none-match'),
    });
    const text = result.body === undefined ? undefined : JSON.stringify(result.body);
    if (origin === undefined) { writePlainAnswer(res, result.status, text, result.version || undefined); return; }
    const headers = answerHeaders(origin);
    if (result.version) headers['document-version'] = result.version;
    writeAnswer(res, result.status, text, headers);
  } catch (error) {
    const status = errorStatus(error);
    const where = `${req.method} ${cms.config.api.rest.prefix}${write.path}`;
    if (status === 500) process.stderr.write(`[cms] ${where}: ${(error as Error)?.stack ?? String(error)}\n`);
    writeAnswer(res, status, JSON.stringify(toErrorBody(error)), answerHeaders(origin === undefined ? null : origin));
  }
}
