import type { ContentIndex } from '../index/content-index.js';
import type { Status } from '../types.js';

/** What a running query needs besides the query itself: the data, the scope and the caller's rights. */
export interface QueryContext {
  index: ContentIndex;
  status: Status;
  /** The request's locale: a code, `'*'`, or null. */
  locale: string | null;
  /** May the caller `find` this content type? Populate leaves out what it may not. */
  canRead: (uid: string) => boolean;
  /** Filters compiled during this query (populate filters repeat for every parent). */
  compiled?: WeakMap<object, unknown>;
}
