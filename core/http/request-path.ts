import type { H3Event } from 'h3';
import { unknownPath } from '../strapi/routes.js';

/** A segment that is `.` or `..`, spelt plainly or percent-encoded (`%2e`, `.%2E`, …). */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * The path as the client sent it. h3 (through WHATWG URL) resolves `.` and `..` segments, turns `\` into `/`
 * and decodes needless escapes before any route sees the path; Strapi's koa-router matches what was sent.
 * A request made in process (`app.request`) has no raw form: its URL is the path.
 */
export function sentPath(event: H3Event): string {
  const raw = (event.runtime?.node?.req as { url?: string } | undefined)?.url;
  if (raw === undefined) return event.url.pathname;
  // An absolute-form request target (`GET http://host/api/…`) names the path after the authority.
  const path = /^[a-z][a-z\d+.-]*:\/\//i.test(raw) ? raw.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '') : raw;
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

/**
 * Whether a path can name a route at all. Strapi 5.54 matches routes on the path as sent and never collapses it:
 * an empty segment (`/api//articles`, `/api/articles//x`), a dot segment (`/api/./articles`, `/api/x/../articles`,
 * `%2e` too) or a backslash matches no route (recorded in test/extensions/recording.json, cases `path.*`). Only
 * one trailing slash is allowed, as koa-router's non-strict match allows it.
 *
 * @example
 * isRoutablePath('/api/articles/')       // true
 * isRoutablePath('/api//articles/abc')   // false
 */
export function isRoutablePath(path: string): boolean {
  if (!path.startsWith('/') || path.includes('\\')) return false;
  const segments = path.slice(1).split('/');
  if (segments.length > 1 && segments.at(-1) === '') segments.pop();
  if (segments.length === 1 && segments[0] === '') return true;
  return !segments.some((segment) => segment === '' || DOT_SEGMENT.test(segment));
}

/**
 * Judge the path once, before any router (studio, built-in extensions, project routes, the content API):
 * a path that cannot name a route is refused here with Strapi's answer to a path no route matches (GET 404, other
 * verbs 405 `Allow: HEAD, GET`), so no router is ever handed a spelling another router
 * reads differently, and which router owns a request is decided on one path.
 *
 * @example
 * assertRoutable(event, 'PUT') // throws a 405 for PUT /api//articles/abc
 */
export function assertRoutable(event: H3Event, method: string): void {
  if (!isRoutablePath(sentPath(event)) || !isRoutablePath(event.url.pathname)) throw unknownPath(method);
}
