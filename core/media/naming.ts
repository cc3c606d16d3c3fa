import { randomBytes } from 'node:crypto';
import { basename, extname } from 'node:path';
import { createRequire } from 'node:module';
import { extensionFromMime } from './mime.js';

/** Extensions kept as given; anything else (spaces, slashes, very long) falls back to the MIME type's. */
const SAFE_EXTENSION = /^\.[A-Za-z0-9_+-]{1,16}$/;

/**
 * Most characters of the slug in a hash. Stored files are named `[<format>_]<hash><ext>` and a file
 * name may have 255 bytes: an upload named with 250 characters answered 500 ENAMETOOLONG.
 */
export const MAX_HASH_BASE = 100;

/**
 * Strapi's hash rule: the base name slugified with `_` (case kept, as `nameToSlug` with
 * `lowercase: false`), then `_` and 10 random hex characters. The slug is cut to MAX_HASH_BASE.
 *
 * @example
 * fileHash('Pizza margherita') // 'Pizza_margherita_3f9a1c0b2e'
 */
export function fileHash(baseName: string): string {
  // Required by the first upload, not by every server start (issue 39).
  const slugify = createRequire(import.meta.url)('@sindresorhus/slugify') as typeof import('@sindresorhus/slugify');
  const slug = slugify(baseName, { separator: '_', lowercase: false });
  const bounded = slug.length > MAX_HASH_BASE ? slug.slice(0, MAX_HASH_BASE).replace(/_+$/, '') : slug;
  return `${bounded}_${randomBytes(5).toString('hex')}`;
}

/** A file's extension as Strapi takes it: from its name, else from its MIME type. */
export function fileExtension(fileName: string, mime: string): string {
  const ext = extname(fileName);
  return SAFE_EXTENSION.test(ext) ? ext : extensionFromMime(mime);
}

/** Name, extension and hash of a new file: the entry's `name` is `fileInfo.name` or the uploaded name. */
export function nameFile(fileName: string, mime: string, infoName?: string | null): { name: string; ext: string; hash: string } {
  const ext = fileExtension(fileName, mime);
  const name = (infoName || fileName).normalize();
  const base = ext && name.endsWith(ext) ? basename(name, ext) : basename(name);
  return { name, ext, hash: fileHash(base) };
}
