/**
 * Where an exported URL's body lives. Every part of a URL the export answers (type, documentId,
 * locale, populate shape, page) is a path segment of its file, so a host needs a few pattern rules
 * that copy those parts into a path, never one rule per document:
 *
 *   /api/articles?locale=fr&pagination[page]=2  →  api/articles/fr/_/page/2.json
 *   /api/articles/<id>?populate=*               →  api/articles/en/full/documents/<id>.json
 *
 * The locale segment is always present (the default locale when the URL names none; a type without
 * i18n lives under the default locale only, so `?locale=fr` on it finds no file: 404). `_` is the
 * plain API, every other shape segment is an `export.populate` name (which cannot start with `_`).
 */
export const PLAIN_SHAPE = '_';

export interface VariantKey { type: string; locale: string; shape: string | undefined }

/** The folder's name under the output folder: the API prefix without its leading slash (`api`). */
export const filesRoot = (prefix: string) => prefix.replace(/^\/+|\/+$/g, '');

const variantDir = (root: string, key: VariantKey) => `${root}/${key.type}/${key.locale}/${key.shape ?? PLAIN_SHAPE}`;

/** A list's first page, or a single type. */
export const listFile = (root: string, key: VariantKey) => `${variantDir(root, key)}/index.json`;
export const pageFile = (root: string, key: VariantKey, page: number | string) => `${variantDir(root, key)}/page/${page}.json`;
export const documentFile = (root: string, key: VariantKey, documentId: string) => `${variantDir(root, key)}/documents/${documentId}.json`;
export const localesFile = (root: string) => `${root}/i18n/locales/index.json`;

/** The URL parts a rule may capture; the patterns match what the export can write (kebab-case types, documentIds). */
export const PART_PATTERNS = {
  type: '[a-z][a-z0-9-]*', id: '[A-Za-z0-9_-]{1,64}', locale: '[A-Za-z0-9_-]{1,35}', page: '[1-9][0-9]{0,8}',
} as const;
