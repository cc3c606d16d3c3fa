import { mayReachDocument } from '../access/document-gate.js';
import type { Cms } from '../cms.js';
import { previewUrl } from '../config/preview.js';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../errors.js';
import { json } from './respond.js';

/**
 * `GET <admin.path>/api/preview?type=&documentId=&locale=&status=`: the front-end page that
 * previews a document (`{ data: { url } }`, `{ data: null }` when preview is off or the type has no
 * URL), as Strapi 5's admin asks its preview handler. The draft secret (`PREVIEW_SECRET` of the CMS's env, as every secret)
 * goes only to a signed-in caller who may read the document.
 *
 * @example
 * await studioPreviewResponse(cms, request, url, headers)
 * // 200 { data: { url: 'http://localhost:4321/articles/a1?status=draft&secret=…' } }
 */
export async function studioPreviewResponse(
  cms: Cms, request: Request, url: URL, headers: Record<string, string>, env: NodeJS.ProcessEnv = cms.env,
): Promise<Response> {
  const caller = cms.contentApi.callerFor(request.headers.get('authorization'));
  if (caller.kind === 'public') throw new UnauthorizedError('Missing or invalid credentials');
  const model = cms.contentType(url.searchParams.get('type') ?? '');
  const documentId = (model.kind === 'singleType' ? cms.index.singleDocumentId(model.uid) : undefined) ?? url.searchParams.get('documentId')
    ?? '';
  // The draft secret opens the document's draft: for who may read it, through the type's findOne route.
  if (!(await mayReachDocument(cms, { model, action: 'findOne', documentId: documentId || undefined, request, url }))) {
    throw new ForbiddenError();
  }
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(documentId)) throw new ValidationError('documentId is required', { key: 'documentId' });
  const status = url.searchParams.get('status') === 'published' ? 'published' : 'draft';
  const locale = model.localized ? url.searchParams.get('locale') || cms.config.defaultLocale : null;
  if (locale !== null && !cms.config.locales.includes(locale)) throw new ValidationError(`Unknown locale "${locale}"`, { key: 'locale' });
  const found = previewUrl(cms.config, model, { documentId, locale, status }, env.PREVIEW_SECRET ?? '');
  return json(200, { data: found ? { url: found } : null }, { ...headers, 'cache-control': 'no-store' });
}
