import { compareCreation, type ContentIndex } from '../index/content-index.js';
import { UPLOAD_FILE_UID, type Model } from '../schema/types.js';
import type { Row } from '../types.js';

/** Strapi's file model has a morph relation, `related`, to the entries whose media fields hold the file. */
export const isFileRelated = (model: Model, name: string): boolean => name === 'related' && model.uid === UPLOAD_FILE_UID;

/**
 * The rows a file's `related` lists: every row (each draft and published version, every locale) of
 * a type the caller may read whose own media fields hold the file, once per field that holds it (Strapi
 * keeps one morph link per field), in the order the links were made: by the row's creation, a draft
 * before its published version. Media inside components are not listed (Strapi links those to the
 * component rows, which this list leaves out).
 *
 * @example
 * fileLinks(index, 'k4h9…', () => true).map((row) => row.uid) // ['api::kitchen.kitchen', 'api::kitchen.kitchen']
 */
export function fileLinks(index: ContentIndex, fileId: string, canRead: (uid: string) => boolean): Row[] {
  const links: Row[] = [];
  for (const model of index.models.values()) {
    if (model.modelType !== 'contentType' || model.uid.startsWith('plugin::') || !canRead(model.uid)) continue;
    const media = model.attributeNames.filter((name) => model.attributes[name].type === 'media');
    for (const row of media.length ? index.rows(model.uid) : []) {
      for (const name of media) {
        const value = row.data[name];
        if (Array.isArray(value) ? value.includes(fileId) : value === fileId) links.push(row);
      }
    }
  }
  return links.sort((a, b) => compareCreation(a, b) || (a.status === b.status ? 0 : a.status === 'draft' ? -1 : 1));
}
