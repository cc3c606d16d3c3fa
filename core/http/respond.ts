import { STATUS_CODES } from 'node:http';

export const JSON_TYPE = 'application/json; charset=utf-8';

export const statusText = (status: number): string => STATUS_CODES[status] ?? '';

/** A JSON response with the reason phrase Strapi's Koa sends. */
export function json(status: number, body: unknown, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status, statusText: statusText(status), headers: { ...headers, 'content-type': JSON_TYPE } });
}
