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
