import { baseSite } from '../branches/request-branch.js';
import { join } from 'node:path';
import type { Caller } from '../access/permissions.js';
import type { Cms } from '../cms.js';
import { ForbiddenError, MethodNotAllowedError, NotFoundError, UnauthorizedError } from '../errors.js';
import { json } from './respond.js';
import { HTML_TYPE, STUDIO_DIR, studioBundleFile, studioFile, studioPage, VENDOR } from './studio-files.js';
import { BUNDLE } from './studio-bundle.js';
import { studioPreviewResponse } from './studio-preview-route.js';
import { withPreviewFrames } from '../config/preview.js';
import { publicationResponse } from './studio-state-route.js';
import { storedResponse } from './studio-stored-route.js';
import { studioComponents, studioModels } from './studio-schemas.js';
import { checkUidAnswer, generateUidAnswer } from '../service/uid-requests.js';
import { mergeAnswer } from '../service/merge-request.js';
import { readBody } from './body.js';
import { mayReachType } from './studio-access.js';

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * The editing studio at `admin.path` (default `/admin`): a no-build single-page app from the
 * package's `studio/` folder, the UI library from `node_modules`, and the studio routes:
 *
 *   GET <admin.path>/                  the page (`<admin.path>` redirects here, so relative URLs work)
 *   GET <admin.path>/<name>.js|.css    the studio's own modules and styles
 *   GET <admin.path>/app.bundle.js     the modules joined by the build (studio-bundle.ts), what the page loads while current
 *   GET <admin.path>/vendor/<name>.js  Preact, its hooks and htm, as the browser imports them
 *   GET <admin.path>/api/schemas       the content types the credential may read, and the components (401 for the Public role)
 *   <admin.path>/api/git/…             the Git panel (studio-git-routes.ts)
 *   GET <admin.path>/api/preview       a document's front-end preview URL (studio-preview-route.ts)
 *   GET <admin.path>/api/publication   Draft / Published / Modified per document and locale (studio-state-route.ts)
 *   GET <admin.path>/api/stored        what a document's REST answer leaves out: private values, exact big integers,
 *                                      relation ids whose target was deleted (studio-stored-route.ts)
 *   POST <admin.path>/api/uid/generate a uid attribute's value from its targetField, as a write would make it
 *   POST <admin.path>/api/uid/check    whether a uid value is free in its locale, and a free one like it
 *   POST <admin.path>/api/merge        an open form merged with a version saved elsewhere (merge-request.ts)
 *
 * Everything else the studio does goes through the public REST API with the signed-in credential.
 */

/** The uid routes (POST): a value made from the targetField, and whether a value is free. */
export const UID_ROUTES: Record<string, typeof generateUidAnswer | typeof checkUidAnswer> = Object.assign(Object.create(null), {
  '/api/uid/generate': generateUidAnswer, '/api/uid/check': checkUidAnswer,
});

/** The POST routes that only compute: the uid routes, and a form merged with a newer version (it reads no stored document). */
const COMPUTE_ROUTES: Record<string, (models: Cms['models'], index: Cms['index'], caller: Caller, body: unknown) => unknown> =
  Object.assign(Object.create(null), {
    ...UID_ROUTES,
    '/api/merge': (models: Cms['models'], _index: unknown, caller: Caller, body: unknown) => mergeAnswer(models, caller, body),
  });

/**
 * Answer a request under the studio's path, or undefined when the path is not the studio's.
 *
 * @example
 * await studioResponse(cms, request, new URL(request.url), headers) // the page for GET /admin/
 */
export async function studioResponse(cms: Cms, request: Request, url: URL, headers: Record<string, string>): Promise<Response | undefined> {
  const base = cms.config.admin.path;
  if (url.pathname !== base && !url.pathname.startsWith(`${base}/`)) return undefined;
  if (!STUDIO_DIR) throw new NotFoundError('The studio is not installed with this package');
  const rest = url.pathname.slice(base.length);
  // The served tree's Git panel, whichever branch the tab is on (a merge reindexes the base, never a branch's overlay).
  // Imported on the first such request: the Git panel's routes (history, merges, change requests) are not a start's work.
  if (rest.startsWith('/api/git/')) {
    const { studioGitResponse } = await import('./studio-git-routes.js');
    return studioGitResponse(baseSite(cms), request, rest.slice('/api/git/'.length), url, headers);
  }
  if (rest === '/api/publication') return publicationResponse(cms, request, url, headers);
  if (rest === '/api/stored') return storedResponse(cms, request, url, headers);
  const uidRoute = COMPUTE_ROUTES[rest];
  if (uidRoute) {
    if (request.method !== 'POST') throw new MethodNotAllowedError(['POST']);
    const caller = cms.contentApi.callerFor(request.headers.get('authorization'));
    // Every compute route is for signed-in editors: the Public role is turned away before its body is read.
    if (caller.kind === 'public') throw new UnauthorizedError('Missing or invalid credentials');
    const body = await readBody(request);
    // A uid's uniqueness reads the type's values: for who may create or update the type, through its routes.
    const named = isRecord(body) && typeof body.contentType === 'string' ? cms.models.get(body.contentType) : undefined;
    const model = named?.modelType === 'contentType' ? named : undefined;
    if (model && !(await mayReachType({ cms, request, url }, model, ['create', 'update']))) throw new ForbiddenError();
    return json(200, uidRoute(cms.models, cms.index, caller, body), { ...headers, 'cache-control': 'no-store' });
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') throw new MethodNotAllowedError(['HEAD', 'GET']);
  if (rest === '') return new Response(null, { status: 308, headers: { ...headers, location: `${base}/${url.search}` } });
  if (rest === '/') {
    const page = studioPage(cms.config.api.rest.prefix);
    const csp = withPreviewFrames(page.csp, cms.config);
    return new Response(page.html, {
      status: 200, headers: { ...headers, 'content-security-policy': csp, 'content-type': HTML_TYPE, 'cache-control': 'no-cache' },
    });
  }
  if (rest === '/api/schemas') {
    const caller = cms.contentApi.callerFor(request.headers.get('authorization'));
    // The Public role sees nothing: the studio is for signed-in editors only.
    if (caller.kind === 'public') throw new UnauthorizedError('Missing or invalid credentials');
    const { locales, defaultLocale, api } = cms.config;
    const data = studioModels(cms.models, caller);
    const meta = {
      components: studioComponents(cms.models, caller), locales, defaultLocale, prefix: api.rest.prefix, user: caller.name ?? null,
    };
    return json(200, { data, meta }, { ...headers, 'cache-control': 'no-store' });
  }
  if (rest === '/api/preview') return await studioPreviewResponse(cms, request, url, headers);
  if (rest === `/${BUNDLE}`) return studioBundleFile(url.searchParams.get('v'), headers);
  const vendor = /^\/vendor\/([a-z]+\.js)$/.exec(rest)?.[1];
  if (vendor && Object.hasOwn(VENDOR, vendor)) return studioFile(VENDOR[vendor](), url.searchParams.get('v'), headers);
  // The studio's own files: plain names only, so no path can leave the folder.
  if (/^\/[a-z][a-z0-9-]*\.(js|css)$/.test(rest)) return studioFile(join(STUDIO_DIR, rest.slice(1)), url.searchParams.get('v'), headers);
  throw new NotFoundError();
}
