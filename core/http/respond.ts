import { STATUS_CODES } from 'node:http';
import { HTTPResponse } from 'h3';
import type { Gated, LayerAnswer } from '../access/document-gate.js';

export const JSON_TYPE = 'application/json; charset=utf-8';

export const statusText = (status: number): string => STATUS_CODES[status] ?? '';

/** A JSON response with the reason phrase Strapi's Koa sends. */
export function json(status: number, body: unknown, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status, statusText: statusText(status), headers: { ...headers, 'content-type': JSON_TYPE } });
}

/**
 * The same answer as h3's own light response: h3 hands it to srvx's Node response, which writes the
 * text with its length in one call, where a web `Response` builds a body stream that is then read
 * back chunk by chunk (per write, as much main-thread time as validating it). For answers of the
 * HTTP face that nothing reads again (uncached content-API answers, errors).
 */
export function jsonAnswer(status: number, body: unknown, headers: Record<string, string>): HTTPResponse {
  return new HTTPResponse(
    JSON.stringify(body), { status, statusText: statusText(status), headers: { ...headers, 'content-type': JSON_TYPE } },
  );
}

/** A project route's answer (core/extensions/run-route.ts): JSON, text or bytes as its body is, none for HEAD or an empty body. */
export function routeAnswerResponse(answer: LayerAnswer, method: string, headers: Record<string, string>): Response {
  const all = { ...headers, ...answer.headers };
  if (answer.body === undefined || answer.body === null || method === 'HEAD') {
    return new Response(null, { status: answer.status, statusText: statusText(answer.status), headers: all });
  }
  if (typeof answer.body === 'string' || answer.body instanceof Uint8Array) {
    const type = typeof answer.body === 'string' ? 'text/plain; charset=utf-8' : 'application/octet-stream';
    const init = { status: answer.status, statusText: statusText(answer.status), headers: { 'content-type': type, ...all } };
    return new Response(answer.body as BodyInit, init);
  }
  return json(answer.status, answer.body, all);
}

/**
 * A built-in route's answer after the one access decision (core/access/document-gate.ts): its own, with the headers the
 * project route's middlewares set, or what a middleware answered instead.
 */
export function gatedResponse<T>(
  done: Gated<T>, method: string, headers: Record<string, string>, answer: (value: T, headers: Record<string, string>) => Response,
): Response {
  return done.ran ? answer(done.value, { ...headers, ...done.headers }) : routeAnswerResponse(done.answer, method, headers);
}
