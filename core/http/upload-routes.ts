import { authorizeDocument } from '../access/document-gate.js';
import type { Caller } from '../access/permissions.js';
import type { Cms } from '../cms.js';
import { ForbiddenError, MethodNotAllowedError, NotFoundError, ValidationError } from '../errors.js';
import { resolveAttachTarget, type AttachTarget } from '../media/references.js';
import { mediaLibrary } from '../media/media-library.js';
import { signFileUrls } from '../media/sign-urls.js';
import { isMultipart, readUploadForm } from '../media/multipart.js';
import { Scratch, scratchFolder } from '../media/scratch.js';
import type { UploadConfig } from '../media/upload-config.js';
import { documentVersion } from '../service/document-version.js';
import type { Data } from '../types.js';
import { parseQueryString } from '../strapi/parse-query.js';
import { readBody } from './body.js';
import type { ExtensionRoute } from './route-context.js';
import { ROUTE_PATHS } from './route-paths.js';
import { gatedResponse, json } from './respond.js';

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

/** The upload request's parts: multipart (files streamed into `scratch`, and fields) or a JSON/urlencoded body (fields only). */
async function readUpload(request: Request, config: UploadConfig, scratch: Scratch) {
  if (isMultipart(request)) {
    const form = await readUploadForm(request, config.requestSizeLimit, scratch);
    return {
      files: form.files, fileInfo: form.fileInfo.length ? form.fileInfo : undefined,
      attach: { ref: form.ref, refId: form.refId, field: form.field },
    };
  }
  const body = await readBody(request);
  const fields = isRecord(body) ? body : {};
  return { files: [], fileInfo: fields.fileInfo, attach: { ref: text(fields.ref), refId: text(fields.refId), field: text(fields.field) } };
}

/**
 * Strapi's upload plugin routes (no `{data}` envelope):
 *
 *   POST   <prefix>/upload              files → 201 [entries]; ?id= with a file → replace (200),
 *                                       ?id= without → fileInfo update (200)
 *   GET    <prefix>/upload/files        [entries] (filters, sort, fields, start/limit/page/pageSize)
 *   GET    <prefix>/upload/files/page   { data, meta: { pagination } } with the REST defaults
 *   GET    <prefix>/upload/files/:id    entry, or 404 `file.notFound`
 *   DELETE <prefix>/upload/files/:id    the deleted entry (200); references in documents cleared
 */

/** The entry an upload's `ref`/`refId`/`field` attach to (400 for a `ref` that is no content type), when there is one. */
const attachTarget = (cms: Cms, attach: Partial<AttachTarget>) => {
  const { ref, refId, field } = attach;
  return ref && refId && field ? resolveAttachTarget(cms.index, { ref, refId, field }) : undefined;
};

export const uploadRoutes: ExtensionRoute = async ({ request, url, cms, headers }) => {
  const base = `${cms.config.api.rest.prefix}/upload`;
  if (!ROUTE_PATHS.upload(url.pathname, cms.config.api.rest.prefix)) return undefined;
  const segments = url.pathname.slice(base.length).split('/').filter(Boolean);
  const method = request.method;
  // Media files are the site's (binary files under public/), never a branch's: a branch reads the library, writes none.
  if (cms.branchName !== undefined && method !== 'GET' && method !== 'HEAD') {
    const branch = cms.branchName;
    throw new ValidationError(`The media library belongs to the published site, not to branch "${branch}": send this without Cms-Branch`);
  }
  const library = mediaLibrary(cms);
  // Strapi's upload controller answers every file through `signFileUrls`: signed URLs for a private provider's files.
  const provider = await library.provider();
  const unsigned = (file: Data): Promise<Data> => signFileUrls(provider, file);
  const unsignedAll = (files: Data[]): Promise<Data[]> => Promise.all(files.map(unsigned));
  // As a document's: `If-Match` names the version the client edited (412 when the entry changed since).
  const precondition = { ifMatch: request.headers.get('if-match') };
  const versioned = async (entry: Data) => {
    const version = documentVersion(cms.index, library.model, String(entry.documentId), null);
    return json(200, await unsigned(entry), version ? { ...headers, 'document-version': version } : headers);
  };

  if (segments.length === 0) {
    if (method !== 'POST') throw new MethodNotAllowedError(['POST']);
    const caller = cms.contentApi.callerFor(request.headers.get('authorization'));
    // Checked before the body is read, so no one without the right can make the server buffer a large body.
    if (!caller.can(library.model, 'upload')) throw new ForbiddenError();
    const query = parseQueryString(url.search);
    if (query.id !== undefined && text(query.id) === undefined) throw new ValidationError('File id is required and must be a single value');
    const id = text(query.id);
    // Uploaded files are temp files until the library moves them into place; whatever is left goes.
    const scratch = await Scratch.open(scratchFolder(cms.root));
    try {
      const { files, fileInfo, attach } = await readUpload(request, cms.config.upload, scratch);
      if (id !== undefined && files.length === 0) return versioned(await library.updateInfo(id, fileInfo, caller, precondition));
      if (id !== undefined) return versioned(await library.replace(id, files, fileInfo, caller, precondition));
      const store = async (who: Caller) => unsignedAll(await library.upload({ files, fileInfo, attach }, who));
      const target = files.length ? attachTarget(cms, attach) : undefined;
      if (!target) return json(201, await store(caller), headers);
      // Attaching changes the entry: allowed only as its type's update route allows (core/access/document-gate.ts).
      const ask = { model: target.model, action: 'update' as const, documentId: target.documentId, request, url, body: attach };
      const done = await authorizeDocument(cms, ask, store);
      return gatedResponse(done, method, headers, (created, all) => json(201, created, all));
    } finally {
      await scratch.dispose();
    }
  }

  if (segments[0] !== 'files' || segments.length > 2) throw new NotFoundError();
  const caller = () => cms.contentApi.callerFor(request.headers.get('authorization'));
  const query = parseQueryString(url.search);
  if (segments.length === 1) {
    if (method !== 'GET') throw new MethodNotAllowedError(['GET']);
    return json(200, await unsignedAll(library.find(query, caller())), headers);
  }
  let id: string;
  try { id = decodeURIComponent(segments[1]); } catch { throw new NotFoundError('file.notFound'); }
  if (id === 'page' && method === 'GET') {
    const who = caller();
    if (!who.can(library.model, 'find')) throw new ForbiddenError();
    const page = cms.service.findPage(library.model, query, who);
    return json(200, { ...page, data: await unsignedAll(page.data) }, headers);
  }
  if (method === 'GET') return versioned(library.findOne(id, query, caller()));
  if (method === 'DELETE') return json(200, await unsigned((await library.remove(id, caller(), precondition)).file), headers);
  throw new MethodNotAllowedError(['GET', 'DELETE']);
};
