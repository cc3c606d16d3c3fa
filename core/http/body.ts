import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { BodySyntaxError, PayloadTooLargeError } from '../errors.js';
import { MAX_BODY_DEPTH, nestsDeeperThan, tooDeep } from '../parsers/json-depth.js';

/** Koa-body's limits, as Strapi configures them: JSON 1 MB, forms and text 56 KB. */
export const JSON_LIMIT = 1024 * 1024;
export const FORM_LIMIT = 56 * 1024;

export { MAX_BODY_DEPTH, nestsDeeperThan } from '../parsers/json-depth.js';

/** Node's request under a web Request from h3's Node adapter (srvx). */
const nodeRequest = (request: Request): IncomingMessage | undefined =>
  (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;

/** Node's request under a web Request, while nothing has read its body. */
function nodeSource(request: Request): IncomingMessage | undefined {
  const req = nodeRequest(request);
  return req && !request.bodyUsed && !req.readableEnded && !req.destroyed ? req : undefined;
}

/** Bodies read whole before h3 saw their request (serve.ts's GraphQL fast path, when it then hands the request on). */
const readAhead = new WeakMap<IncomingMessage, string>();

/** Hand h3 the body of a request already read from Node (a request's body can be read only once). */
export function keepReadBody(req: IncomingMessage, text: string): void {
  readAhead.set(req, text);
}

/** A Node request header as a web Request's `headers.get` gives it (srvx reads Node's own, joined the same way). */
export const headerOf = (req: IncomingMessage) => (name: string): string | null => {
  const value = req.headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
};

/**
 * A JSON body of a declared length within `JSON_LIMIT` (`application/json`, not chunked), read from Node as a bare server
 * reads one: `whole` gets its bytes once the declared length has come (Node's parser stops there), without waiting for
 * `end`. A client gone before then leaves nothing to answer (no `error` listener: Node then emits none). False, nothing
 * read: any other body, for h3 to read (graphql-fast.ts, mcp-fast.ts).
 *
 * @example
 * if (!readDeclaredJson(req, (bytes) => answer(bytes))) return next(req, res);
 */
export function readDeclaredJson(req: IncomingMessage, whole: (bytes: Buffer) => void): boolean {
  const type = req.headers['content-type'] ?? '';
  const length = Number(req.headers['content-length']);
  if ((type !== 'application/json' && type.split(';')[0].trim().toLowerCase() !== 'application/json')
    || req.headers['transfer-encoding'] !== undefined || !(length > 0 && length <= JSON_LIMIT)) return false;
  let chunks: Buffer[] | Buffer | undefined;
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    chunks = chunks === undefined ? chunk : Array.isArray(chunks) ? [...chunks, chunk] : [chunks, chunk];
    if ((size += chunk.length) !== length) return;
    whole(Array.isArray(chunks) ? Buffer.concat(chunks) : chunk);
  });
  return true;
}

/**
 * Read Node's request itself: the web stream over it (Readable.toWeb, a reader, transferable
 * chunks) cost as much main-thread time as the rest of a small write. Past the limit, reading
 * stops without destroying the request (see unread-body.ts, which drops the rest after the answer).
 */
export function readNode(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => readNodeBody(req, limit, (error, text) => (error ? reject(error) : resolve(text!))));
}

/**
 * readNode with a callback, called once: with the body's text, or the error that stopped it (too large, an error on the
 * request, a client gone before the end). Its listeners stay on the request, doing nothing once it is called: a request
 * object is done with after its body (a kept-alive socket brings a new one), and taking them off cost more than the rest.
 */
export function readNodeBody(req: IncomingMessage, limit: number, done: (error: Error | undefined, text?: string) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  const settle = (error: Error | undefined, text?: string) => {
    if (settled) return;
    settled = true;
    done(error, text);
  };
  req.on('data', (chunk: Buffer) => {
    if (settled) return;
    size += chunk.length;
    if (size <= limit) { chunks.push(chunk); return; }
    req.pause();
    settle(new PayloadTooLargeError());
  }).on('end', () => settle(undefined, (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8')))
    .on('error', (error: Error) => settle(error))
    // A client gone before the end: no body to answer for.
    .on('close', () => settled || settle(new Error('request closed before its body ended')));
}

async function readText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) throw new PayloadTooLargeError();
  const req = nodeRequest(request);
  const ahead = req && readAhead.get(req);
  if (ahead !== undefined) {
    if (Buffer.byteLength(ahead) > limit) throw new PayloadTooLargeError();
    return ahead;
  }
  const node = nodeSource(request);
  if (node) return readNode(node, limit);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Stop reading, never cancel: cancelling destroys Node's request and detaches it from its
      // socket before the 413 is written (listhen's shutdown hook then crashes the process).
      // The rest is dropped after the answer (unread-body.ts).
      reader.releaseLock();
      throw new PayloadTooLargeError();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The request body as Strapi's body parser gives it: JSON (objects and arrays only), urlencoded
 * forms, text; anything else (multipart included) carries no `data` object.
 */
export async function readBody(request: Request): Promise<unknown> {
  if (!['POST', 'PUT', 'PATCH'].includes(request.method)) return undefined;
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (type.includes('json')) return jsonBody(await readText(request, JSON_LIMIT));
  if (type.includes('application/x-www-form-urlencoded')) {
    // qs is required for the first form body, not by every server start (issue 39).
    const qs = createRequire(import.meta.url)('qs') as typeof import('qs');
    return qs.parse(await readText(request, FORM_LIMIT), { allowPrototypes: false, plainObjects: true });
  }
  if (type.startsWith('text/')) return readText(request, FORM_LIMIT);
  return {};
}

/** A JSON body's text as Strapi's body parser reads it: objects and arrays only, nested at most MAX_BODY_DEPTH deep. */
export function jsonBody(text: string): unknown {
  if (text.trim() === '') return {};
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') throw new BodySyntaxError('invalid JSON, only supports object and array');
  let body: unknown;
  try {
    // A `__proto__` key stays an own property; body validation rejects it as an invalid key.
    body = JSON.parse(text);
  } catch (error) {
    throw new BodySyntaxError((error as Error).message);
  }
  // Parsing is not recursive; validating, printing and writing the value are.
  if (nestsDeeperThan(text, MAX_BODY_DEPTH)) throw tooDeep();
  return body;
}
