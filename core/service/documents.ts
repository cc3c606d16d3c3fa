import type { Caller } from '../access/permissions.js';
import type { RawQuery } from '../query/normalize.js';
import type { Model } from '../schema/types.js';
import type { Data, Status } from '../types.js';
import type { ContentService } from './content-service.js';
import type { DocumentWriter } from './document-writer.js';

/** Locale, status, paging and search of a Document Service read: what a typed and an untyped find share. */
export interface PagingParams {
  locale?: string;
  status?: Status;
  start?: number;
  limit?: number;
  page?: number;
  pageSize?: number;
  pagination?: { page?: number; pageSize?: number; start?: number; limit?: number; withCount?: boolean };
  _q?: string;
  /** Draft & publish: `never-published`, `has-published-version`, `modified`, `unmodified`, … (Strapi 5). */
  publicationFilter?: string;
}

/** Parameters of Strapi 5's Document Service, as plain objects (no query string involved). */
export interface FindParams extends PagingParams {
  filters?: Record<string, unknown>;
  sort?: string | string[] | Record<string, unknown> | Record<string, unknown>[];
  fields?: string | string[];
  populate?: unknown;
  /** Deprecated alias of publicationFilter. */
  hasPublishedVersion?: boolean | 'true' | 'false';
}

export interface WriteParams {
  data: Record<string, unknown>;
  locale?: string;
  status?: Status;
  fields?: string | string[];
  populate?: unknown;
}

const toRaw = ({ start, limit, page, pageSize, pagination, ...rest }: FindParams): { raw: RawQuery; paginate: boolean } => {
  const paging = pagination ?? (page !== undefined || pageSize !== undefined
    ? { page, pageSize }
    : start !== undefined || limit !== undefined
    ? { start, limit }
    : undefined);
  return { raw: { ...rest, pagination: paging } as RawQuery, paginate: paging !== undefined };
};

export interface Documents {
  findMany(params?: FindParams): Promise<Data[]>;
  findOne(params: FindParams & { documentId: string }): Promise<Data | null>;
  findFirst(params?: FindParams): Promise<Data | null>;
  count(params?: FindParams): Promise<number>;
  create(params: WriteParams): Promise<Data>;
  update(params: WriteParams & { documentId: string }): Promise<Data | null>;
  /** Delete a document in a locale (`'*'`: all); `deleted` counts the versions (files) removed, 0 when there was nothing. */
  delete(params: { documentId: string; locale?: string }): Promise<{ documentId: string; deleted: number }>;
  publish(params: { documentId: string; locale?: string }): Promise<void>;
  unpublish(params: { documentId: string; locale?: string }): Promise<void>;
  discardDraft(params: { documentId: string; locale?: string }): Promise<void>;
}

/** What a handle works with: the site's service and writer and the type's model, as they serve now. */
export interface DocumentsParts {
  service: ContentService;
  writer: DocumentWriter;
  model: Model;
}

/**
 * The Document Service of one content type, over the shared core. `parts` is asked on every call: a handle kept across
 * `cms.reload()` reads and writes through the parts (and the model) the reload installed, so it sees its own writes.
 */
export function createDocuments(parts: () => DocumentsParts, caller: Caller): Documents {
  return {
    async findMany(params = {}) {
      const { raw, paginate } = toRaw(params);
      const { service, model } = parts();
      return service.findMany(model, raw, caller, paginate);
    },
    async findOne({ documentId, ...params }) {
      const { service, model } = parts();
      return service.findOne(model, documentId, toRaw(params).raw, caller) ?? null;
    },
    async findFirst(params = {}) {
      const { service, model } = parts();
      return service.findFirst(model, toRaw(params).raw, caller) ?? null;
    },
    async count(params = {}) {
      const { service, model } = parts();
      return service.count(model, toRaw(params).raw, caller);
    },
    async create({ data, ...query }) {
      const { service, model } = parts();
      return (await service.create(model, { data }, query as RawQuery, caller)).data;
    },
    async update({ documentId, data, ...query }) {
      const { service, model } = parts();
      return (await service.update(model, documentId, { data }, query as RawQuery, caller))?.data ?? null;
    },
    async delete({ documentId, locale }) {
      const { service, model } = parts();
      return { documentId, deleted: await service.delete(model, documentId, { locale }, caller) };
    },
    publish: async ({ documentId, locale }) => { const { writer, model } = parts(); return writer.publish(model, documentId, locale, caller); },
    unpublish: async ({ documentId, locale }) => { const { writer, model } = parts(); return writer.unpublish(model, documentId, locale, caller); },
    discardDraft: async ({ documentId, locale }) => {
      const { writer, model } = parts();
      return writer.discardDraft(model, documentId, locale, caller);
    },
  };
}
