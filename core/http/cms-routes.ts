import { authorizeDocument } from '../access/document-gate.js';
import { MethodNotAllowedError, NotFoundError } from '../errors.js';
import { createGit } from '../git/git.js';
import { documentAt, documentHistory } from '../git/history.js';
import { gatedResponse, json } from './respond.js';
import type { ExtensionRoute } from './route-context.js';
import { ROUTE_PATHS } from './route-paths.js';

/**
 * Extensions beyond Strapi under `<prefix>/_cms/…`. A content type's API id is kebab-case and
 * starts with a letter, so a `_cms` segment can never collide with a content type's routes.
 *
 *   POST <prefix>/_cms/:pluralApiId/:documentId/publish|unpublish|discard-draft[?locale=fr]   (optional If-Match)
 *   GET  <prefix>/_cms/:pluralApiId/:documentId/history
 *   GET  <prefix>/_cms/:pluralApiId/:documentId/history/:commit[?locale=&status=]
 * Single types use their singular API id and no documentId. Each is a change or a full view of one document, so
 * each is judged as the type's update route (core/access/document-gate.ts).
 */
/** Koa-router's rule: a segment that is not valid percent-encoding is taken as written. */
const safeDecode = (segment: string) => {
  try { return decodeURIComponent(segment); } catch { return segment; }
};

/** `POST …/:documentId/<name>` → the writer's transition; core/http/builtin-routes.ts lists each as a route. */
export const CMS_TRANSITIONS = { publish: 'publish', unpublish: 'unpublish', 'discard-draft': 'discardDraft' } as const;

export const cmsRoutes: ExtensionRoute = async ({ request, url, cms, headers }) => {
  const base = `${cms.config.api.rest.prefix}/_cms/`;
  if (!ROUTE_PATHS.cms(url.pathname, cms.config.api.rest.prefix)) return undefined;
  const segments = url.pathname.slice(base.length).split('/').filter(Boolean).map(safeDecode);
  const model = cms.contentTypes().find((candidate) =>
    candidate.pluralName === segments[0] || (candidate.kind === 'singleType' && candidate.singularName === segments[0]));
  if (!model) throw new NotFoundError();
  const single = model.kind === 'singleType';
  const documentId = single ? cms.index.singleDocumentId(model.uid) : segments[1];
  const [action, commit, extra] = segments.slice(single ? 1 : 2);
  if (!documentId || !action || extra !== undefined) throw new NotFoundError();
  const locale = url.searchParams.get('locale') ?? undefined;
  const ask = { model, action: 'update' as const, documentId, request, url };

  if (action === 'history') {
    if (request.method !== 'GET') throw new MethodNotAllowedError(['GET']);
    // Every version, old private values and deleted documents included: for who may update the type, as the studio's
    // Git history; a document deleted since is a 404 to anyone else (its history is all that is left of it).
    const done = await authorizeDocument(cms, ask, async (caller) => {
      const git = createGit(cms.root);
      // On a branch (`Cms-Branch`), the branch's commits: its own edits and the base's before it left.
      const ref = cms.branchName === undefined ? undefined : `refs/heads/${cms.branchName}`;
      if (commit === undefined) return { data: await documentHistory(cms, git, model, documentId, caller, ref), meta: {} };
      const status = url.searchParams.get('status') === 'draft' ? 'draft' : 'published';
      const version = await documentAt(cms, git, model, documentId, commit, { status, locale });
      return { data: version.data, meta: { commit: version.commit } };
    }).catch((error: unknown) => {
      const gone = !cms.index.documentRecords(model.uid, documentId).length;
      throw gone && (error as { status?: number }).status === 403 ? new NotFoundError() : error;
    });
    return gatedResponse(done, request.method, headers, (body, all) => json(200, body, all));
  }

  const transitions = CMS_TRANSITIONS;
  if (!Object.hasOwn(transitions, action) || commit !== undefined) throw new NotFoundError();
  if (request.method !== 'POST') throw new MethodNotAllowedError(['POST']);
  const transition = transitions[action as keyof typeof transitions];
  // A change of the document: allowed only as the project's update route (or, without one, the update grant) allows it.
  const done = await authorizeDocument(cms, ask, async (caller) => {
    // `If-Match`: the version the studio's form holds; a transition over a newer one is refused (412), checked under the lock.
    await cms.writer[transition](model, documentId, locale, caller, { ifMatch: request.headers.get('if-match') });
    const status = transition === 'publish' ? 'published' : 'draft';
    return cms.documents(model.uid, caller).findOne({ documentId, locale, status });
  });
  return gatedResponse(done, request.method, headers, (data, all) => json(200, { data, meta: {} }, all));
};
