import qs from 'qs';
import { BodySyntaxError, PayloadTooLargeError, ValidationError } from '../errors.js';

/** Koa-body's limits, as Strapi configures them: JSON 1 MB, forms and text 56 KB. */
export const JSON_LIMIT = 1024 * 1024;
export const FORM_LIMIT = 56 * 1024;

/**
 * Most levels of objects and arrays a JSON body may nest (the root counts as one). A project rule:
 * Strapi has none, and a 100k-deep body made its validators and ours overflow the stack (500).
 * The deepest a schema needs is far below: blocks stop at 32 node levels (about 66 here), and
 * components add a few.
 */
export const MAX_BODY_DEPTH = 100;

/**
 * Does JSON text nest objects and arrays deeper than `max`? A linear scan of the brackets outside
 * strings, before anything recursive (parsing, validation, error printing) sees the value.
 *
 * @example
 * nestsDeeperThan('{"a":[[1]]}', 2) // true
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i++; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      if (++depth > max) return true;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return false;
}

async function readText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) throw new PayloadTooLargeError();
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
  if (type.includes('json')) {
    const text = await readText(request, JSON_LIMIT);
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
    if (nestsDeeperThan(text, MAX_BODY_DEPTH)) throw new ValidationError(`The request body is nested too deep: at most ${MAX_BODY_DEPTH} levels of objects and arrays`, { maxDepth: MAX_BODY_DEPTH });
    return body;
  }
  if (type.includes('application/x-www-form-urlencoded')) {
    return qs.parse(await readText(request, FORM_LIMIT), { allowPrototypes: false, plainObjects: true });
  }
  if (type.startsWith('text/')) return readText(request, FORM_LIMIT);
  return {};
}
