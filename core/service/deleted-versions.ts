import { trustedCaller } from '../access/permissions.js';
import type { FileRecord } from '../index/read-file.js';
import type { Model } from '../schema/types.js';
import type { Data, Status } from '../types.js';
import type { DocumentReader } from './document-reader.js';

/**
 * Every version a delete is about to remove, as Strapi's rows: per locale, the draft then (draft & publish) the
 * published one, each unpopulated (Strapi 5.54 sends one `entry.delete` webhook per row, with the row's own fields).
 * A draft & publish document always has a draft in Strapi, even when its file here is only the published one.
 */
export function deletedVersions(service: DocumentReader, model: Model, documentId: string, records: FileRecord[]): Data[] {
  const locales = [...new Set(records.map((record) => record.locale))];
  const statuses: Status[] = model.draftAndPublish ? ['draft', 'published'] : ['published'];
  return locales.flatMap((locale) => statuses.flatMap((status) => {
    const row = service.findOne(model, documentId, { locale: locale ?? undefined, status }, trustedCaller);
    return row ? [row] : [];
  }));
}
