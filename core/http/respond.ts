import { STATUS_CODES } from 'node:http';
import { HTTPResponse } from 'h3';

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
