import type { Cms } from '../cms.js';
import { ForbiddenError, MethodNotAllowedError, ValidationError } from '../errors.js';
import { publicationStates } from '../service/publication-states.js';
import { json } from './respond.js';
import { mayReachType, studioType } from './studio-access.js';

/** Documents asked for at once, at most (a list page is 100 at most). */
const MAX_IDS = 200;

/**
 * `GET <admin.path>/api/publication?type=articles&ids=a,b`: the publication state of each document
 * per locale (core/service/publication-states.ts), for the studio's list badges and form header.
 */
export async function publicationResponse(cms: Cms, request: Request, url: URL, headers: Record<string, string>): Promise<Response> {
  if (request.method !== 'GET') throw new MethodNotAllowedError(['GET']);
  const model = studioType(cms, url);
  const caller = cms.contentApi.callerFor(request.headers.get('authorization'));
  // The states tell which documents exist and are published: for who may list the type, through its routes.
  if (caller.kind === 'public' || !(await mayReachType({ cms, request, url }, model, ['find']))) throw new ForbiddenError();
  const single = model.kind === 'singleType' ? cms.index.singleDocumentId(model.uid) : undefined;
  const ids = single !== undefined ? [single] : (url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
  if (ids.length > MAX_IDS) throw new ValidationError(`At most ${MAX_IDS} documents at once`);
  return json(200, { data: publicationStates(cms.index, model, ids) }, { ...headers, 'cache-control': 'no-store' });
}
