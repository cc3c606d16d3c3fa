/** Shared shapes of the engine. */
export type Status = 'draft' | 'published';

/** Plain JSON-like object without a prototype, so no `__proto__` key can reach Object.prototype. */
export type Data = Record<string, unknown>;

/**
 * One row: a document in one locale and one status, as Strapi stores it. A draft-and-publish
 * document has up to two rows per locale (draft, published); other types have one.
 */
export interface Row {
  /** `${uid}|${documentId}|${locale}|${status}`: the row's identity, from which `id` is derived. */
  key: string;
  uid: string;
  id: number;
  documentId: string;
  locale: string | null;
  status: Status;
  /** Attribute values as stored (relations and media as documentIds, components inline). */
  data: Data;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  /** Content file this row was read from, relative to the project root. */
  file: string;
}
