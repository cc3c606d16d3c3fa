import type { ContentIndex } from '../index/content-index.js';

/** What entry validation and relation resolution read: the index and the row being written. */
export interface ValidateContext {
  index: ContentIndex;
  /** The row being written (its locale), for unique checks and relation resolution. */
  locale: string | null;
  documentId: string;
  /** Strapi's `validateEntityCreation` (`must be defined.`) or `validateEntityUpdate` (`cannot be null.`). */
  mode: 'create' | 'update';
  /** False for draft writes of draft-and-publish types: required, unique, minLength and item counts wait for the publish. */
  enforceConstraints: boolean;
}
