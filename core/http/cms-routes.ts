import type { Action } from '../config/types.js';
import { ForbiddenError, MethodNotAllowedError, NotFoundError } from '../errors.js';
import { createGit } from '../git/git.js';
import { documentAt, documentHistory } from '../git/history.js';
import { json } from './respond.js';
import type { ExtensionRoute } from './route-context.js';

/**
 * Extensions beyond Strapi under `<prefix>/_cms/…`. A content type's API id is kebab-case and
 * starts with a letter, so a `_cms` segment can never collide with a content type's routes.
 *
 *   POST <prefix>/_cms/:pluralApiId/:documentId/publish|unpublish|discard-draft[?locale=fr]   (optional If-Match)
 *   GET  <prefix>/_cms/:pluralApiId/:documentId/history
 *   GET  <prefix>/_cms/:pluralApiId/:documentId/history/:commit[?locale=&status=]
 * Single types use their singular API id and no documentId.
 */
/** Koa-router's rule: a segment that is not valid percent-encoding is taken as written. */
const safeDecode = (segment: string) => {
  try { return decodeURIComponent(segment); } catch { return segment; }
};

export const cmsRoutes: ExtensionRoute = async ({ request, url, cms, headers }) => {
  const base = `${cms.config.api.rest.prefix}/_cms/`;
  if (!url.pathname.startsWith(base)) return undefined;
  const segments = url.pathname.slice(base.length).split('/').filter(Boolean).map(safeDecode);
  const model = cms.contentTypes().find((candidate) =>
    candidate.pluralName === segments[0] || (candidate.kind === 'singleType' && candidate.singularName === segments[0]));
  if (!model) throw new NotFoundError();
  const single = model.kind === 'singleType';
  const documentId = single ? cms.index.singleDocumentId(model.uid) : segments[1];
  const [action, commit, extra] = segments.slice(single ? 1 : 2);
  if (!documentId || !action || extra !== undefined) throw new NotFoundError();
  const caller = cms.contentApi.callerFor(request.headers.get('authorization'));
  const allow = (needed: Action) => { if (!caller.can(model, needed)) throw new ForbiddenError(); };
  const locale = url.searchParams.get('locale') ?? undefined;

  if (action === 'history') {
    if (request.method !== 'GET') throw new MethodNotAllowedError(['GET']);
    allow('findOne');
    const git = createGit(cms.root);
    if (commit === undefined) return json(200, { data: await documentHistory(cms, git, model, documentId, caller), meta: {} }, headers);
    const status = url.searchParams.get('status') === 'draft' ? 'draft' : 'published';
    const version = await documentAt(cms, git, model, documentId, commit, { status, locale });
    return json(200, { data: version.data, meta: { commit: version.commit } }, headers);
  }

  const transitions = { publish: 'publish', unpublish: 'unpublish', 'discard-draft': 'discardDraft' } as const;
  if (!(action in transitions) || commit !== undefined) throw new NotFoundError();
  if (request.method !== 'POST') throw new MethodNotAllowedError(['POST']);
  allow('update');
  const documents = cms.documents(model.uid, caller);
  const transition = transitions[action as keyof typeof transitions];
  // `If-Match`: the version the studio's form holds; a transition over a newer one is refused (412), checked under the lock.
  await cms.writer[transition](model, documentId, locale, caller, { ifMatch: request.headers.get('if-match') });
  const status = transition === 'publish' ? 'published' : 'draft';
  const data = await documents.findOne({ documentId, locale, status });
  return json(200, { data, meta: {} }, headers);
};
