import type { Caller } from '../access/permissions.js';
import { compareCreation, type ContentIndex } from '../index/content-index.js';
import type { RawQuery } from '../query/normalize.js';
import type { ContentService } from '../service/content-service.js';
import type { Model } from '../schema/types.js';
import type { Data, Row } from '../types.js';

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * `populate=related` on the upload routes: Strapi's file model has a morph relation to the entries
 * that use it. Takes `related` out of the populate the query engine sees; `wanted` is whether the
 * answer lists them (a nested object, `populate[related][fields]=…`, lists nothing, as Strapi answers).
 *
 * @example
 * splitRelated('related') // { populate: undefined, wanted: true }
 */
export function splitRelated(populate: unknown): { populate: unknown; wanted: boolean } {
  if (populate === 'related') return { populate: undefined, wanted: true };
  // `*` populates every relation of the file, its morph `related` included (recorded by the import comparison).
  if (populate === '*') return { populate, wanted: true };
  if (Array.isArray(populate) && populate.includes('related')) {
    const rest = populate.filter((item) => item !== 'related');
    return { populate: rest.length ? rest : undefined, wanted: true };
  }
  if (isRecord(populate) && Object.hasOwn(populate, 'related')) {
    const { related, ...rest } = populate;
    const wanted = related === true || related === 'true' || related === '1' || related === 't';
    return { populate: Object.keys(rest).length ? rest : undefined, wanted };
  }
  return { populate, wanted: false };
}

/**
 * Every row (each draft and published version) whose own media fields hold the file, in creation
 * order, drafts before their published version, each with `__type`; media inside components are
 * not listed (Strapi links those to the component rows, which this list leaves out).
 */
export function relatedEntries(index: ContentIndex, service: ContentService, fileId: string, caller: Caller): Data[] {
  const links: { model: Model; row: Row }[] = [];
  for (const model of index.models.values()) {
    if (model.modelType !== 'contentType' || model.uid.startsWith('plugin::') || !caller.can(model, 'find')) continue;
    const media = model.attributeNames.filter((name) => model.attributes[name].type === 'media');
    for (const row of media.length ? index.rows(model.uid) : []) {
      // one entry per field that holds the file, as Strapi keeps one morph link per field
      for (const name of media) {
        const value = row.data[name];
        if (Array.isArray(value) ? value.includes(fileId) : value === fileId) links.push({ model, row });
      }
    }
  }
  // in the order the links were made: by the row's creation, a draft before its published version
  links.sort((a, b) => compareCreation(a.row, b.row) || (a.row.status === b.row.status ? 0 : a.row.status === 'draft' ? -1 : 1));
  const entries: Data[] = [];
  for (const { model, row } of links) {
    const raw: RawQuery = { status: row.status, ...(row.locale ? { locale: row.locale } : {}) };
    const data = service.findOne(model, row.documentId, raw, caller);
    if (data) entries.push({ ...data, __type: model.uid });
  }
  return entries;
}
