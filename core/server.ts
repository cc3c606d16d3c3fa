/**
 * The HTTP face, as its own entry (`gitcms/server`): Strapi v5's REST API as a fetch handler, a
 * Node request listener, and a listening server. Its declarations name only web and Node types, so a
 * consumer type-checks with `lib: ["ES2022"]` and `skipLibCheck: false`: h3's and listhen's own
 * declarations need the DOM library, and stay behind these functions.
 *
 * @example
 * import { createCms } from 'gitcms';
 * import { serve } from 'gitcms/server';
 * const cms = await createCms({ root: './site' });
 * const server = await serve(cms, { port: 1337 });
 * console.log(server.url); // http://localhost:1337/
 */
import type { Cms } from './cms.js';
import type { AppOptions } from './http/app-options.js';
import { createApp as createH3App } from './http/app.js';

export type { AppOptions };
export { createNodeHandler, serve, type RunningServer, type ServeOptions } from './http/serve.js';

/** The REST API as a fetch handler: a web `Request` in, a `Response` out (for Bun, Deno, workers, or tests). */
export interface CmsApp {
  /** Answer one request, as a runtime's `fetch` handler does. */
  fetch(request: Request): Response | Promise<Response>;
  /** Answer a path or URL without a socket (`app.request('/api/articles')`). */
  request(input: string | URL | Request, init?: RequestInit): Response | Promise<Response>;
}

/**
 * The REST API of a loaded project (h3 inside), without listening anywhere.
 *
 * @example
 * const app = createApp(await createCms({ root: './site' }));
 * const res = await app.request('/api/articles');   // res.status === 200
 */
export function createApp(cms: Cms, options: AppOptions = {}): CmsApp {
  return createH3App(cms, options);
}
