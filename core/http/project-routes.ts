import { MethodNotAllowedError, NotFoundError } from '../errors.js';
import type { ProjectCode } from '../extensions/project-code.js';
import { matchProjectRoute } from '../extensions/route-table.js';
import { runRoute } from '../extensions/run-route.js';
import type { Models } from '../schema/types.js';
import { parseQueryString } from '../strapi/parse-query.js';
import { readBody } from './body.js';
import { routeAnswerResponse } from './respond.js';
import type { ClaimsRequest, ExtensionRoute } from './route-context.js';

/** The owned content type a path under the prefix names (`/articles/…` → its collection, `/homepage` → its single type). */
function ownedTypeAt(code: ProjectCode, models: Models, path: string): string | undefined {
  const name = path.split('/')[1]?.toLowerCase();
  return [...code.owned].find((uid) => {
    const model = models.get(uid);
    return model && (model.kind === 'singleType' ? model.singularName : model.pluralName) === name;
  });
}

/**
 * The HTTP face of a project's own routes (core routers and custom ones), tried before the built-in
 * content API. The content types they own answer only through them: a route their router leaves out
 * (`only`, `except`) is Strapi's 404 (GET) or 405 (other verbs, `Allow: HEAD, GET`), never the built-in one.
 *
 * @example
 * createApp(cms, { extensions: [...EXTENSIONS, projectRoutes(code)] })
 */
export function projectRoutes(code: ProjectCode): ExtensionRoute & { claims: ClaimsRequest } {
  const route: ExtensionRoute = async ({ request, url, cms, headers }) => {
    const method = request.method.toUpperCase();
    const prefix = cms.config.api.rest.prefix;
    let match;
    try {
      match = matchProjectRoute(code.routes, method, url.pathname);
    } catch (error) {
      // Strapi has a GET route matching every path under the prefix: a GET never gets a 405, and a 405 allows GET.
      if (!(error instanceof MethodNotAllowedError)) throw error;
      if (method === 'GET' || method === 'HEAD') throw new NotFoundError();
      throw new MethodNotAllowedError([...new Set([...error.allow, 'GET'])]);
    }
    if (!match) {
      const inApi = url.pathname === prefix || url.pathname.startsWith(`${prefix}/`);
      const uid = inApi ? ownedTypeAt(code, cms.models, url.pathname.slice(prefix.length)) : undefined;
      if (uid) throw method === 'GET' || method === 'HEAD' ? new NotFoundError() : new MethodNotAllowedError(['HEAD', 'GET']);
      return undefined;
    }
    const body = await readBody(request);
    const answer = await runRoute(cms, code, match, { request, url, query: parseQueryString(url.search), body });
    return routeAnswerResponse(answer, method, headers);
  };
  // Whether a request is the project's: a route of its own matches the path (whatever the method), or the type is owned.
  const claims: ClaimsRequest = (cms, method, pathname) => {
    try {
      if (matchProjectRoute(code.routes, method, pathname)) return true;
    } catch (error) {
      if (error instanceof MethodNotAllowedError) return true;
      throw error;
    }
    const prefix = cms.config.api.rest.prefix;
    const inApi = pathname === prefix || pathname.startsWith(`${prefix}/`);
    return inApi && ownedTypeAt(code, cms.models, pathname.slice(prefix.length)) !== undefined;
  };
  return Object.assign(route, { claims });
}
