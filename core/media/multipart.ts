import { createRequire } from 'node:module';
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { BusboyFileStream, BusboyInstance } from '@fastify/busboy';
import { PayloadTooLargeError, ValidationError } from '../errors.js';
import { MultipartTooLargeError } from './errors.js';
import { mimeFromName } from './mime.js';
import type { Scratch } from './scratch.js';

/** One uploaded file, streamed to a temp file that the media library moves into place (or removes). */
export interface IncomingFile {
  /** The name the client sent (`filename=` of the part). */
  name: string;
  /** The part's type, or a guess from the name when it sent none. */
  type: string;
  /** A temp file holding the bytes, owned by the upload: the library may move it. */
  path: string;
  /** Its size in bytes. */
  size: number;
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

/** Largest text field (`fileInfo`, `ref`…) kept in memory; file parts go to disk whatever their size. */
export const FIELD_LIMIT = 1024 * 1024;

export const isMultipart = (request: Request): boolean => (request.headers.get('content-type') ?? '').toLowerCase()
  .startsWith('multipart/form-data');

/** The request body as a stream that fails with 413 once more than `limit` bytes have passed. */
function limitedBody(request: Request, limit: number): ReadableStream<Uint8Array> | null {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) throw new MultipartTooLargeError();
  if (!request.body) return null;
  let seen = 0;
  // preventCancel: a failed upload stops reading the request, never cancels it (cancelling destroys
  // Node's request before the answer is written; the HTTP face drops the rest).
  return request.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > limit) controller.error(new MultipartTooLargeError());
      else controller.enqueue(chunk);
    },
  }), { preventCancel: true });
}

/** Write one file part to `path`, settling only once the file is closed (so a cleanup never races its creation). */
function spool(part: BusboyFileStream, path: string): Promise<number> {
  const out = createWriteStream(path, { flags: 'wx' });
  const closed = new Promise<void>((resolve) => out.once('close', () => resolve()));
  return pipeline(part, out).then(
    async () => { await closed; return out.bytesWritten; },
    async (error) => { out.destroy(); await closed; throw error; },
  );
}

/**
 * Read a `multipart/form-data` request as Strapi's body parser does, streaming: every part named
 * `files` is a file written to a temp file in `scratch` as it arrives (other file parts are
 * ignored, so a wrong field name means no files), empty parts are skipped, and the whole body may
 * not exceed `limit` bytes (413 `FileTooBig`, checked while streaming). Memory stays a few chunks
 * whatever the size. On any failure (limit, malformed body, aborted client) every temp file is
 * closed before this rejects, so `scratch.dispose()` leaves nothing behind.
 *
 * @example
 * const scratch = await Scratch.open(scratchFolder(root));
 * try { const form = await readUploadForm(request, 200 * 1024 * 1024, scratch); … } finally { await scratch.dispose(); }
 */
export async function readUploadForm(request: Request, limit: number, scratch: Scratch): Promise<UploadForm> {
  const body = limitedBody(request, limit);
  const fileInfo: string[] = [];
  const fields: Record<string, string> = Object.create(null);
  const parts: BusboyFileStream[] = [];
  const spooled: Promise<IncomingFile>[] = [];
  let parser: BusboyInstance;
  try {
    // Required by the first upload, not by every server start (issue 39).
    const { Busboy } = createRequire(import.meta.url)('@fastify/busboy') as typeof import('@fastify/busboy');
    parser = Busboy({
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      // As the fetch standard's FormData: a part is a file when it has a `filename`.
      isPartAFile: (_field, _type, fileName) => fileName !== undefined,
      limits: { fieldSize: FIELD_LIMIT },
    });
  } catch {
    throw new ValidationError('Malformed multipart body');
  }
  parser.on('file', (field, part, fileName, _encoding, type) => {
    if (field !== 'files') {
      part.resume();
      return;
    }
    const name = fileName || 'unamed';
    const path = scratch.file();
    parts.push(part);
    spooled.push(spool(part, path).then((size) => ({ name, type: type || mimeFromName(name), path, size })));
  });
  let tooLong: string | undefined;
  parser.on('field', (field, value, _nameTruncated, valueTruncated) => {
    if (valueTruncated) tooLong ??= field;
    if (field === 'fileInfo') fileInfo.push(value);
    else if (!(field in fields)) fields[field] = value;
  });
  try {
    await pipeline(body ? Readable.fromWeb(body as NodeReadableStream<Uint8Array>) : Readable.from([]), parser);
    const files = await Promise.all(spooled);
    if (tooLong !== undefined) {
      throw new PayloadTooLargeError(`The multipart field ${JSON.stringify(tooLong)} is over ${FIELD_LIMIT} bytes`);
    }
    return { files: files.filter((file) => file.size > 0), fileInfo, ref: fields.ref, refId: fields.refId, field: fields.field };
  } catch (error) {
    // Stop every part still being written and wait for its file to close, so none is left open or re-created.
    for (const part of parts) part.destroy();
    await Promise.allSettled(spooled);
    if (error instanceof PayloadTooLargeError) throw error;
    if ((error as Error)?.cause instanceof MultipartTooLargeError) throw (error as Error).cause;
    throw new ValidationError('Malformed multipart body');
  }
}
