import type { CmsConfig } from '../config/types.js';
import { UPLOAD_FILE_UID, type Model } from '../schema/types.js';
import { formatFileName, parseFileName, type FileName } from './file-name.js';

/**
 * Where a type keeps its files. `flat` (the default): `content/<plural>/<documentId>….json`. `fan-out`:
 * `content/<plural>/<xx>/<documentId>….json`, `xx` the id's first two characters, so no folder holds more
 * than a few thousand files even at millions of documents (a commit rewrites the trees of the changed file's
 * folders only; see docs/reference/performance-scale.md).
 */
export type ContentLayout = 'flat' | 'fan-out';
export const CONTENT_LAYOUTS: readonly ContentLayout[] = ['flat', 'fan-out'];

/** Where every content file is, as paths are spelled (relative to the project's root). */
export const CONTENT = 'content/';

/** `content/<folder>/` of a content path (a fan-out file's too): up to the slash after its type's folder. */
export const folderOf = (file: string): string => file.slice(0, file.indexOf('/', CONTENT.length) + 1);

/** The folder under `content/` that holds a type's files. */
export function contentFolder(model: Model): string {
  return model.uid === UPLOAD_FILE_UID ? 'upload' : model.pluralName;
}

/** The sub-folder of a document in the fan-out layout: its id's first two characters. */
export const shardOf = (documentId: string): string => documentId.slice(0, 2);

/** The layout the project gives a type (`content.layout`, keyed by folder); the media library stays flat. */
export function layoutOf(config: Pick<CmsConfig, 'content'>, model: Model): ContentLayout {
  const layouts = config.content.layout;
  const folder = contentFolder(model);
  return model.uid !== UPLOAD_FILE_UID && Object.hasOwn(layouts, folder) ? layouts[folder] : 'flat';
}

/** The folder a document's files go in: `content/<plural>` or `content/<plural>/<xx>`. */
export function documentFolder(folder: string, layout: ContentLayout, documentId: string): string {
  return layout === 'fan-out' ? `content/${folder}/${shardOf(documentId)}` : `content/${folder}`;
}

/**
 * The one mapping from a document's file to its path.
 *
 * @example
 * contentFilePath('articles', 'fan-out', { documentId: 'ab12', locale: 'fr', draft: false, ext: '.json' })
 * // 'content/articles/ab/ab12.fr.json'
 */
export function contentFilePath(folder: string, layout: ContentLayout, name: FileName): string {
  return `${documentFolder(folder, layout, name.documentId)}/${formatFileName(name)}`;
}

/** A content path read back: its type folder, its layout, and its file name (when the name is a content file's). */
export interface ContentPath {
  folder: string;
  layout: ContentLayout;
  name: FileName | undefined;
}

/**
 * The inverse of `contentFilePath`, for either layout: `content/<folder>/<name>` is flat,
 * `content/<folder>/<xx>/<name>` is fan-out when `xx` is the name's id's first two characters. Anything else
 * (deeper, a shard that does not match the id) is no content path. Both layouts are read for every type, so a
 * type can move between them (`git mv`) and every tool reads a checkout whatever its settings.
 *
 * @example
 * parseContentPath('content/articles/ab/ab12.json') // { folder: 'articles', layout: 'fan-out', name: { documentId: 'ab12', … } }
 */
export function parseContentPath(path: string): ContentPath | undefined {
  const parts = path.split('/');
  if (parts[0] !== 'content' || !parts[1]) return undefined;
  if (parts.length === 3) return { folder: parts[1], layout: 'flat', name: parseFileName(parts[2]) };
  if (parts.length !== 4) return undefined;
  const name = parseFileName(parts[3]);
  return name && shardOf(name.documentId) === parts[2] ? { folder: parts[1], layout: 'fan-out', name } : undefined;
}

/** Whether a name under a type's folder may be a fan-out sub-folder (two id characters). */
export const isShardName = (name: string): boolean => /^[A-Za-z0-9_-]{1,2}$/.test(name);

/** The path prefixes of a document's files in either layout (`content/articles/ab12.`, `content/articles/ab/ab12.`). */
export function documentPrefixes(folder: string, documentId: string): string[] {
  return [`content/${folder}/${documentId}.`, `content/${folder}/${shardOf(documentId)}/${documentId}.`];
}
