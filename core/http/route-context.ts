import type { Cms } from '../cms.js';

/** What an extension route gets: the request, its URL, the CMS and the response headers set so far (CORS). */
export interface RouteContext {
  request: Request;
  url: URL;
  cms: Cms;
  headers: Record<string, string>;
}

/**
 * A route beside the content API (auth, users, upload, history…). Returns undefined when the path
 * is not its own; throws CmsErrors, which the app maps to Strapi's envelope.
 */
export type ExtensionRoute = (context: RouteContext) => Promise<Response | undefined>;

/**
 * What a built-in route reaches, declared beside it (core/http/builtin-routes.ts lists them all): the documents it
 * names for one of these Strapi actions (each judged by core/access/document-gate.ts), a whole type's documents for
 * one of them, the whole site (a manager's Git work), the media library's own entries (Strapi's upload plugin,
 * judged by its permissions), or no document at all (`why` says what it serves instead).
 */
export type Reach =
  | { document: Array<'find' | 'findOne' | 'create' | 'update' | 'delete'> }
  | { type: Array<'find' | 'findOne' | 'create' | 'update' | 'delete'> }
  | { site: string }
  | { media: string }
  | { none: string };

/**
 * Whether an extension answers a request (method, path as sent, without its query): what lets serve.ts's fast write
 * route (write-route.ts) take a content-API write past a project's routes only when none of them is the request's.
 */
export type ClaimsRequest = (cms: Cms, method: string, pathname: string) => boolean;
