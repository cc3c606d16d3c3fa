import { ValidationError } from '../errors.js';
import type { ContentIndex } from '../index/content-index.js';
import type { Model } from '../schema/types.js';
import type { Row } from '../types.js';
import { textOf } from './text.js';

/** Strapi's publication cohorts (`packages/core/utils/src/publication-filter.ts`). */
export const PUBLICATION_FILTERS = [
  'never-published',
  'has-published-version',
  'modified',
  'unmodified',
  'never-published-document',
  'has-published-version-document',
  'published-without-draft',
  'published-with-draft',
] as const;

export type PublicationFilter = (typeof PUBLICATION_FILTERS)[number];

const isPublicationFilter = (value: unknown): value is PublicationFilter =>
  typeof value === 'string' && (PUBLICATION_FILTERS as readonly string[]).includes(value);

/** The deprecated `hasPublishedVersion` boolean maps onto the document-scoped cohorts. */
const HAS_PUBLISHED_VERSION: Record<string, PublicationFilter> = {
  true: 'has-published-version-document',
  false: 'never-published-document',
};

/**
 * `publicationFilter` (or the deprecated `hasPublishedVersion`, which it overrides); an unknown value
 * is a 400 with Strapi's message, on every type (it only has an effect on draft-and-publish types).
 *
 * @example
 * resolvePublicationFilter('modified', undefined) // 'modified'
 * resolvePublicationFilter(undefined, 'true')     // 'has-published-version-document'
 */
export function resolvePublicationFilter(publicationFilter: unknown, hasPublishedVersion: unknown): PublicationFilter | undefined {
  if (publicationFilter !== undefined && publicationFilter !== null) {
    if (isPublicationFilter(publicationFilter)) return publicationFilter;
    throw new ValidationError(
      `Invalid value for 'publicationFilter'. Expected one of: ${PUBLICATION_FILTERS.join(', ')}.`,
      { source: 'query', param: 'publicationFilter' },
    );
  }
  if (hasPublishedVersion === undefined || hasPublishedVersion === null) return undefined;
  const mode = HAS_PUBLISHED_VERSION[textOf(hasPublishedVersion)];
  if (!mode) {
    throw new ValidationError(
      "Invalid value for 'hasPublishedVersion'. Expected boolean or 'true'/'false' string.",
      { source: 'query', param: 'hasPublishedVersion' },
    );
  }
  return mode;
}

const newer = (a: Row, b: Row) => Date.parse(a.updatedAt) > Date.parse(b.updatedAt);

/** Each cohort as a test on a row, its sibling of the other status in the same locale (`pair`), and every row of its document. */
const COHORTS: Record<PublicationFilter, (row: Row, pair: { draft?: Row; published?: Row }, document: Row[]) => boolean> = {
  'never-published': (row, pair) => row.status === 'draft' && !pair.published,
  'has-published-version': (_row, pair) => !!pair.draft && !!pair.published,
  modified: (_row, { draft, published }) => !!draft && !!published && newer(draft, published),
  unmodified: (_row, { draft, published }) => !!draft && !!published && !newer(draft, published),
  'never-published-document': (row, _pair, document) => row.status === 'draft' && !document.some((other) => other.status === 'published'),
  'has-published-version-document': (row, _pair, document) =>
    document.some((other) => other.status === (row.status === 'draft' ? 'published' : 'draft')),
  'published-without-draft': (row, pair) => row.status === 'published' && !pair.draft,
  'published-with-draft': (row, pair) => row.status === 'published' && !!pair.draft,
};

/**
 * Is a row in a publication cohort? Pair-scoped cohorts compare the draft and published rows of the
 * same `(documentId, locale)`; `-document` ones look across locales (Strapi's `buildPublicationFilterWhere`).
 * Types without draft & publish are never filtered.
 */
export function inPublicationCohort(index: ContentIndex, model: Model, row: Row, mode: PublicationFilter): boolean {
  if (!model.draftAndPublish) return true;
  const document = index.documentRows(row.uid, row.documentId);
  const pair: { draft?: Row; published?: Row } = {};
  for (const other of document) if (other.locale === row.locale) pair[other.status] = other;
  return COHORTS[mode](row, pair, document);
}
