import type { ContentIndex } from '../index/content-index.js';
import type { Status } from '../types.js';

/** The document version a publishing write has just replaced. */
export interface Relinking { uid: string; documentId: string; locale: string | null }

/** What a running query needs besides the query itself: the data, the scope and the caller's rights. */
export interface QueryContext {
  index: ContentIndex;
  status: Status;
  /** The request's locale: a code, `'*'`, or null. */
  locale: string | null;
  /** May the caller `find` this content type? Populate leaves out what it may not. */
  canRead: (uid: string) => boolean;
  /**
   * A publishing write's answer: Strapi 5.54 loads it before it re-links the relations into the
   * version it has just published, so a populated relation to that version renders as absent
   * (recorded: fuzz.self.parent, fuzz.publish.relinked.*).
   */
  relinking?: Relinking;
  /** Filters compiled during this query (populate filters repeat for every parent). */
  compiled?: WeakMap<object, unknown>;
}
