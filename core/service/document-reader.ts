import type { Caller } from '../access/permissions.js';
import type { Query } from '../query/ast.js';
import type { Relinking } from '../query/context.js';
import type { RawQuery } from '../query/normalize.js';
import type { Model } from '../schema/types.js';
import type { Data } from '../types.js';

/**
 * The reads a writer needs (check a write's query, answer with the written document), so the
 * writer depends on this narrow port, not on the service that owns it.
 */
export interface DocumentReader {
  normalize(model: Model, raw: RawQuery, caller: Caller, action: 'find' | 'findOne'): Query;
  /** `relinking`: a publishing write's answer (see QueryContext). */
  findOne(model: Model, documentId: string, raw: RawQuery, caller: Caller, relinking?: Relinking): Data | undefined;
  /** `findOne` of a query `normalize` has already checked for this caller (`action: 'findOne'`), without checking it again. */
  findChecked(documentId: string, query: Query, caller: Caller, relinking?: Relinking): Data | undefined;
}
