import type { ProviderFile } from './types.js';

/** `@strapi/provider-upload-aws-s3`'s path sanitising: no `..`, no leading or trailing slashes, no doubled ones. */
const sanitize = (component: string | null | undefined): string =>
  component ? component.replace(/\.\./g, '').replace(/^\/+|\/+$/g, '').replace(/\/+/g, '/') : '';

/**
 * The object key of a file, as the Strapi provider builds it: `<rootPath>/<path>/<hash><ext>`.
 *
 * @example
 * objectKey('media/', { hash: 'cat_1a2b', ext: '.png', mime: 'image/png' }) // 'media/cat_1a2b.png'
 */
export function objectKey(rootPath: string | undefined, file: ProviderFile): string {
  const prefix = rootPath ? `${rootPath.replace(/\/+$/, '')}/` : '';
  const path = sanitize(file.path) ? `${sanitize(file.path)}/` : '';
  const ext = file.ext ? file.ext.replace(/[^a-zA-Z0-9.]/g, '') : '';
  return `${prefix}${path}${sanitize(file.hash)}${ext}`;
}

/**
 * The URL the Strapi provider stores for an uploaded object: `baseUrl` first, then the upload's `Location` when it is
 * an http(s) URL, then `<endpoint>/<Bucket>/<key>`, then AWS's default host.
 */
export function objectUrl(
  key: string, location: string | undefined, options: { baseUrl?: string; endpoint?: string; bucket: string },
): string {
  if (options.baseUrl) return `${options.baseUrl.replace(/\/+$/, '')}/${key}`;
  if (location && /^https?:\/\//.test(location)) return location;
  if (options.endpoint) {
    const endpoint = options.endpoint.startsWith('http') ? options.endpoint : `https://${options.endpoint}`;
    return `${endpoint.replace(/\/+$/, '')}/${options.bucket}/${key}`;
  }
  if (location) return `https://${location}`;
  return `https://${options.bucket}.s3.amazonaws.com/${key}`;
}

const AWS_HOST = /^(.+\.)?s3[.-]([a-z0-9-]+)\./;

/** The bucket an AWS-style URL names (`s3://bucket/…`, `bucket.s3.region.amazonaws.com`, `s3.amazonaws.com/bucket/…`). */
function bucketOfAwsUrl(url: URL): string | null | undefined {
  if (url.protocol === 's3:') return url.host || undefined;
  const match = AWS_HOST.exec(url.host);
  if (!match) return undefined;
  if (match[1]) return match[1].slice(0, -1);
  if (url.pathname === '/') return null;
  const end = url.pathname.indexOf('/', 1);
  return end === -1 ? url.pathname.slice(1) : url.pathname.slice(1, end);
}

/**
 * The Strapi provider's `isUrlFromBucket`: only URLs of the bucket are signed; with a `baseUrl` (a CDN) none is.
 */
export function isUrlFromBucket(fileUrl: string, bucket: string, baseUrl?: string): boolean {
  let url: URL;
  try { url = new URL(fileUrl); } catch { return false; }
  if (baseUrl) return false;
  const named = bucketOfAwsUrl(url);
  if (named) return named === bucket;
  return url.host.startsWith(`${bucket}.`) || url.pathname.includes(`/${bucket}/`);
}
