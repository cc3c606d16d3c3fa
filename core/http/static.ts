import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { join, normalize, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { mimeFromName } from '../media/mime.js';

/** Text types are served as UTF-8. */
const contentType = (file: string): string => {
  const mime = mimeFromName(file);
  return mime.startsWith('text/') ? `${mime}; charset=utf-8` : mime;
};

/** Whether reaching `target` goes through a symbolic link below `publicDir`: such files are never served. */
async function throughLink(publicDir: string, target: string): Promise<boolean> {
  const [realFolder, realTarget] = await Promise.all([realpath(publicDir), realpath(target)]).catch(() => [undefined, undefined]);
  return realFolder === undefined || realTarget !== join(realFolder, relative(publicDir, target));
}

/**
 * Serve a file from `<root>/public` (Strapi's public folder, uploads under `/uploads`).
 * The decoded path can never leave the folder; ETag and long caching for the hashed names.
 */
export async function servePublicFile(publicDir: string, pathname: string, request: Request): Promise<Response | undefined> {
  let decoded: string;
  try { decoded = decodeURIComponent(pathname); } catch { return undefined; }
  if (decoded.includes('\0')) return undefined;
  const target = normalize(join(publicDir, decoded));
  if (!target.startsWith(publicDir + sep)) return undefined;
  const info = await stat(target).catch(() => undefined);
  if (!info?.isFile() || await throughLink(publicDir, target)) return undefined;
  const etag = `W/"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"`;
  const headers: Record<string, string> = {
    'content-type': contentType(target),
    'content-length': String(info.size),
    etag,
    'last-modified': info.mtime.toUTCString(),
    'cache-control': 'public, max-age=31536000, immutable',
  };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: { etag } });
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response(Readable.toWeb(createReadStream(target)) as ReadableStream, { status: 200, headers });
}
