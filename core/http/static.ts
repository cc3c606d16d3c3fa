import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';

const TYPES: Record<string, string> = {
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp',
  '.svg': 'image/svg+xml', '.avif': 'image/avif', '.ico': 'image/x-icon', '.pdf': 'application/pdf',
  '.mp4': 'video/mp4', '.webm': 'video/webm', '.mp3': 'audio/mpeg', '.wav': 'audio/wav', '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json', '.csv': 'text/csv; charset=utf-8', '.zip': 'application/zip',
};

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
  if (!info?.isFile()) return undefined;
  const etag = `W/"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"`;
  const headers: Record<string, string> = {
    'content-type': TYPES[extname(target).toLowerCase()] ?? 'application/octet-stream',
    'content-length': String(info.size),
    etag,
    'last-modified': info.mtime.toUTCString(),
    'cache-control': 'public, max-age=31536000, immutable',
  };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: { etag } });
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response(Readable.toWeb(createReadStream(target)) as ReadableStream, { status: 200, headers });
}
