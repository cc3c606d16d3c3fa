import type { Caller } from '../access/permissions.js';
import type { CmsConfig } from '../config/types.js';
import type { ContentIndex } from '../index/content-index.js';
import type { Query } from '../query/ast.js';
import type { QueryContext, Relinking } from '../query/context.js';
import { executeCount, executeFind, executeFindFirst, executeFindOne } from '../query/execute.js';
import { normalizeQuery, type RawQuery } from '../query/normalize.js';
import type { Model, Models } from '../schema/types.js';
import type { Data } from '../types.js';
import type { MediaSigner } from '../media/sign-entity.js';
import type { DocumentReader } from './document-reader.js';
import type { Precondition } from './document-version.js';
import type { DocumentWriter, Written } from './document-writer.js';

/**
 * Every operation on documents, once: parse-free (it takes raw query objects), face-free (no HTTP,
 * no argv). The content API, the CLI and the library all call this.
 */
export class ContentService implements DocumentReader {
  readonly index: ContentIndex;
  readonly config: CmsConfig;
  private readonly writer: DocumentWriter;
  /**
   * A private upload provider's signing of answers (Strapi's upload plugin signs in a document-service middleware):
   * faces pass what they answer through it. Set by siteParts; without a private provider it answers the data as is.
   */
  signMedia: MediaSigner = async (_uid, data) => data;

  constructor(index: ContentIndex, writer: DocumentWriter) {
    this.index = index;
    this.config = index.config;
    this.writer = writer;
  }

  get models(): Models {
    return this.index.models;
  }

  /** Validate a raw query for a caller; relations the caller may not read are left out. */
  normalize(model: Model, raw: RawQuery, caller: Caller, action: 'find' | 'findOne'): Query {
    const canRead = (uid: string) => caller.can(this.index.model(uid), 'find');
    return normalizeQuery({ models: this.models, canRead }, this.config, model, raw, { action });
  }

  context(query: Query, caller: Caller): QueryContext {
    return {
      index: this.index,
      status: query.status,
      locale: query.locale,
      canRead: (uid) => caller.can(this.index.model(uid), 'find'),
    };
  }

  /** A list with `meta.pagination`, as `GET /api/:pluralApiId` answers. */
  findPage(model: Model, raw: RawQuery, caller: Caller): { data: Data[]; meta: { pagination: Record<string, number> } } {
    const query = this.normalize(model, raw, caller, 'find');
    const result = executeFind(this.context(query, caller), query);
    return { data: result.data, meta: { pagination: result.pagination } };
  }

  /**
   * A list in a window its face chose (GraphQL's pagination has its own defaults and bounds), with how many the
   * query selects in all; `limit` Infinity for no bound.
   */
  findWindow(model: Model, raw: RawQuery, caller: Caller, window: { start: number; limit: number }): { data: Data[]; total: number } {
    const query = this.normalize(model, raw, caller, 'find');
    query.pagination = { ...query.pagination, start: window.start, limit: window.limit };
    const result = executeFind(this.context(query, caller), query);
    return { data: result.data, total: result.total };
  }

  /** Every matching document, unpaginated unless the query paginates (Document Service `findMany`). */
  findMany(model: Model, raw: RawQuery, caller: Caller, paginate: boolean): Data[] {
    const query = this.normalize(model, raw, caller, 'find');
    if (!paginate) query.pagination = { ...query.pagination, start: 0, limit: Number.POSITIVE_INFINITY };
    return executeFind(this.context(query, caller), query).data;
  }

  findOne(model: Model, documentId: string, raw: RawQuery, caller: Caller, relinking?: Relinking): Data | undefined {
    return this.findChecked(documentId, this.normalize(model, raw, caller, 'findOne'), caller, relinking);
  }

  findChecked(documentId: string, query: Query, caller: Caller, relinking?: Relinking): Data | undefined {
    return executeFindOne({ ...this.context(query, caller), relinking }, query, documentId);
  }

  findFirst(model: Model, raw: RawQuery, caller: Caller): Data | undefined {
    const query = this.normalize(model, raw, caller, 'find');
    return executeFindFirst(this.context(query, caller), query);
  }

  /** A single type's document in the requested status and locale. */
  findSingle(model: Model, raw: RawQuery, caller: Caller): Data | undefined {
    const query = this.normalize(model, raw, caller, 'findOne');
    if (query.locale === '*') return undefined;
    return executeFindFirst(this.context(query, caller), query);
  }

  count(model: Model, raw: RawQuery, caller: Caller): number {
    const query = this.normalize(model, raw, caller, 'find');
    return executeCount(this.context(query, caller), query);
  }

  /** The created document, with its version as written (see document-version.ts). */
  create(model: Model, body: unknown, raw: RawQuery, caller: Caller): Promise<Written> {
    return this.writer.create(model, body, raw, caller, this);
  }

  /** `precondition`: the version the caller edited (see document-version.ts); the write is refused when it no longer holds. */
  update(
    model: Model, documentId: string | undefined, body: unknown, raw: RawQuery, caller: Caller, precondition?: Precondition,
  ): Promise<Written | undefined> {
    return this.writer.update(model, documentId, body, raw, caller, this, precondition);
  }

  delete(model: Model, documentId: string | undefined, raw: RawQuery, caller: Caller, precondition?: Precondition): Promise<number> {
    return this.writer.delete(model, documentId, raw, caller, this, precondition);
  }
}
