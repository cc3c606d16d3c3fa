import type { ContentIndex } from '../index/content-index.js';
import { UPLOAD_FILE_UID, type Attribute } from '../schema/types.js';

/** The four kinds a media attribute's `allowedTypes` names (Strapi's media library asset types). */
export const MEDIA_TYPES = ['images', 'videos', 'audios', 'files'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** One entity-validation problem, in the `details.errors[]` shape (`name: 'ValidationError'` added by the validator). */
export interface MediaTypeProblem {
  path: string[];
  message: string;
  value: unknown;
}

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

const asList = (value: unknown): unknown[] => (value === null || value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * Check the files a media attribute is about to store (documentIds, as the relation resolver
 * returns them) against its `allowedTypes`; one problem per file that does not fit. Files that do
 * not exist are the resolver's concern and are skipped here.
 *
 * @example
 * allowedTypeProblems(index, { type: 'media', allowedTypes: ['images'] }, ['k4h9…'], ['cover'])
 * // [] or [{ path: ['cover'], message: 'cover accepts only images: "notes.pdf" is application/pdf (files)', value: 'k4h9…' }]
 */
export function allowedTypeProblems(index: ContentIndex, attribute: Attribute, stored: unknown, path: string[]): MediaTypeProblem[] {
  if (attribute.type !== 'media' || !attribute.allowedTypes?.length) return [];
  const problems: MediaTypeProblem[] = [];
  for (const documentId of asList(stored)) {
    const row = index.findRow(UPLOAD_FILE_UID, String(documentId), { status: 'published', locale: null });
    const mime = typeof row?.data.mime === 'string' ? row.data.mime : undefined;
    if (!row || mime === undefined || isAllowedType(attribute, mime)) continue;
    problems.push({
      path,
      message: `${path.join('.')} accepts only ${attribute.allowedTypes.join(', ')}: "${String(row.data.name)}" is ${mime} (${mediaTypeOf(mime)})`,
      value: documentId,
    });
  }
  return problems;
}
