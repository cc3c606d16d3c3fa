import { ValidationError } from '../errors.js';
import { MultipartTooLargeError } from './errors.js';
import { mimeFromName } from './mime.js';

/** One uploaded file, read into memory. */
export interface IncomingFile {
  /** The name the client sent (`filename=` of the part). */
  name: string;
  /** The part's type, or a guess from the name when it sent none. */
  type: string;
  data: Buffer;
}

/** A multipart upload: the `files` parts and the text fields Strapi reads beside them. */
export interface UploadForm {
  files: IncomingFile[];
  /** Every `fileInfo` field (a JSON string each), in order. */
  fileInfo: string[];
  /** Legacy attach-on-upload fields. */
  ref?: string;
  refId?: string;
  field?: string;
}

export const isMultipart = (request: Request): boolean => (request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');

/** The request body as a stream that fails with 413 once more than `limit` bytes have passed. */
function limitedBody(request: Request, limit: number): ReadableStream<Uint8Array> | null {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) throw new MultipartTooLargeError();
  if (!request.body) return null;
  let seen = 0;
  return request.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > limit) controller.error(new MultipartTooLargeError());
      else controller.enqueue(chunk);
    },
  }));
}

const text = (value: FormDataEntryValue | null): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Read a `multipart/form-data` request as Strapi's body parser does: every part named `files` is a
 * file (other file parts are ignored, so a wrong field name means no files), empty parts are
 * skipped, and the whole body may not exceed `limit` bytes (413 `FileTooBig`).
 *
 * @example
 * const form = await readUploadForm(request, 200 * 1024 * 1024); form.files.length
 */
export async function readUploadForm(request: Request, limit: number): Promise<UploadForm> {
  const body = limitedBody(request, limit);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
  } catch (error) {
    if (error instanceof MultipartTooLargeError) throw error;
    if ((error as Error)?.cause instanceof MultipartTooLargeError) throw (error as Error).cause;
    throw new ValidationError('Malformed multipart body');
  }
  const files: IncomingFile[] = [];
  for (const entry of form.getAll('files')) {
    if (typeof entry === 'string' || entry.size === 0) continue;
    const name = entry.name || 'unamed';
    files.push({ name, type: entry.type || mimeFromName(name), data: Buffer.from(await entry.arrayBuffer()) });
  }
  return {
    files,
    fileInfo: form.getAll('fileInfo').filter((value): value is string => typeof value === 'string'),
    ref: text(form.get('ref')),
    refId: text(form.get('refId')),
    field: text(form.get('field')),
  };
}
