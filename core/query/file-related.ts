import { compareCreation, type ContentIndex } from '../index/content-index.js';
import { UPLOAD_FILE_UID, type Model } from '../schema/types.js';
import type { Row } from '../types.js';

/** Strapi's file model has a morph relation, `related`, to the entries whose media fields hold the file. */
export const isFileRelated = (model: Model, name: string): boolean => name === 'related' && model.uid === UPLOAD_FILE_UID;

interface Link { row: Row; position: number }

/**
 * A type's media links by file: each row holding a file, once per field, with the file's first
 * position there. Built once per content change of the type, so a list of files populating
 * `related` reads a map per type, not every row per file.
 */
function linksByFile(index: ContentIndex, model: Model): Map<unknown, Link[]> {
  return index.cached(model.uid, 'file-links', () => {
    const byFile = new Map<unknown, Link[]>();
    const media = model.attributeNames.filter((name) => model.attributes[name].type === 'media');
    for (const row of media.length ? index.rows(model.uid) : []) {
      for (const name of media) {
        const value = row.data[name];
        const held = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
        held.forEach((file, position) => {
          if (held.indexOf(file) !== position) return;
          const links = byFile.get(file);
          if (links) links.push({ row, position }); else byFile.set(file, [{ row, position }]);
        });
      }
    }
    return byFile;
  });
}

/**
 * The rows a file's `related` lists: every row (each draft and published version, every locale) of
 * a type the caller may read whose own media fields hold the file, once per field that holds it (Strapi
 * keeps one morph link per field). Strapi orders the links by their `order` column, the file's position
 * in the field, then by when the link was made, which here is the row's last write (recorded:
 * v4.populate.media.related lists k1's cover, then later links, then k1's gallery where the file is second).
 * Media inside components are not listed (Strapi links those to the component rows).
 *
 * @example
 * fileLinks(index, 'k4h9…', () => true).map((row) => row.uid) // ['api::kitchen.kitchen', 'api::author.author']
 */
export function fileLinks(index: ContentIndex, fileId: string, canRead: (uid: string) => boolean): Row[] {
  const links: Link[] = [];
  for (const model of index.models.values()) {
    if (model.modelType !== 'contentType' || !model.uid.startsWith('api::') || !canRead(model.uid)) continue;
    links.push(...(linksByFile(index, model).get(fileId) ?? []));
  }
  const written = (row: Row) => row.updatedAt ?? row.createdAt;
  const byWrite = (a: Row, b: Row) => (written(a) < written(b) ? -1 : written(a) > written(b) ? 1 : 0);
  const draftFirst = (a: Row, b: Row) => (a.status === b.status ? 0 : a.status === 'draft' ? -1 : 1);
  links.sort((a, b) => a.position - b.position || byWrite(a.row, b.row) || compareCreation(a.row, b.row) || draftFirst(a.row, b.row));
  return links.map(({ row }) => row);
}
