import type { Caller } from '../access/permissions.js';
import { invalidKey } from '../errors.js';
import type { ContentIndex } from '../index/content-index.js';
import { fileLinks } from '../query/file-related.js';
import type { RawQuery } from '../query/normalize.js';
import type { ContentService } from '../service/content-service.js';
import type { Data } from '../types.js';

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * `populate=related` on the upload routes: Strapi's file model has a morph relation to the entries
 * that use it. Takes `related` out of the populate the query engine sees; `wanted` is whether the
 * answer lists them (a nested object, `populate[related][fields]=…`, lists nothing, as Strapi answers).
 * Throws Strapi's 400 for a populate key nested under `related`.
 *
 * @example
 * splitRelated('related') // { populate: undefined, wanted: true }
 */
export function splitRelated(populate: unknown): { populate: unknown; wanted: boolean } {
  if (populate === 'related') return { populate: undefined, wanted: true };
  // `*` populates every relation of the file, its morph `related` included: the query engine lists it.
  if (populate === '*') return { populate, wanted: false };
  if (Array.isArray(populate) && populate.includes('related')) {
    const rest = populate.filter((item) => item !== 'related');
    return { populate: rest.length ? rest : undefined, wanted: true };
  }
  if (isRecord(populate) && Object.hasOwn(populate, 'related')) {
    const { related, ...rest } = populate;
    // The morph relation has no target schema to populate through: a nested key is refused, as
    // Strapi does (recorded: populate.upload.files.related.populate.key); `[populate]=*` is not.
    if (isRecord(related) && isRecord(related.populate) && Object.keys(related.populate).length) {
      throw invalidKey('populate', 'related', 'populate');
    }
    const wanted = related === true || related === 'true' || related === '1' || related === 't';
    return { populate: Object.keys(rest).length ? rest : undefined, wanted };
  }
  return { populate, wanted: false };
}

/** The entries that use a file (`populate=related` on the upload routes), each with `__type` (see `fileLinks`). */
export function relatedEntries(index: ContentIndex, service: ContentService, fileId: string, caller: Caller): Data[] {
  const entries: Data[] = [];
  for (const row of fileLinks(index, fileId, (uid) => caller.can(index.model(uid), 'find'))) {
    const model = index.model(row.uid);
    const raw: RawQuery = { status: row.status, ...(row.locale ? { locale: row.locale } : {}) };
    const data = service.findOne(model, row.documentId, raw, caller);
    if (data) entries.push({ ...data, __type: model.uid });
  }
  return entries;
}
