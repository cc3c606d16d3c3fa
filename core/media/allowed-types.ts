import type { Attribute } from '../schema/types.js';

/** The four kinds a media attribute's `allowedTypes` names (Strapi's media library asset types). */
export const MEDIA_TYPES = ['images', 'videos', 'audios', 'files'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/**
 * The kind of a file by its MIME type, as Strapi's media library sorts assets: `image/*`,
 * `video/*`, `audio/*`; everything else (PDFs, text, archives…) is `files`.
 *
 * @example
 * mediaTypeOf('image/svg+xml') // 'images'
 */
export function mediaTypeOf(mime: string): MediaType {
  const type = mime.toLowerCase();
  if (type.startsWith('image/')) return 'images';
  if (type.startsWith('video/')) return 'videos';
  if (type.startsWith('audio/')) return 'audios';
  return 'files';
}

/** May a media attribute hold a file of this MIME type? No `allowedTypes` (or an empty list) allows all. */
export function isAllowedType(attribute: Pick<Attribute, 'allowedTypes'>, mime: string): boolean {
  const allowed = attribute.allowedTypes;
  if (!allowed || allowed.length === 0) return true;
  return allowed.includes(mediaTypeOf(mime));
}
