/** Where a populate key sits: the two paths Strapi's populate errors name, and how they grow key by key. */

/**
 * Where a populate key sits, as Strapi's traversal tracks it (`traverse/factory.ts`): `raw` through
 * every key (`author.populate.avatar`), `attribute` through attributes only (`author.avatar`). Error
 * details name one or the other exactly as Strapi's validators do.
 */
export interface PopulatePath {
  raw: string | null;
  attribute: string | null;
}

export const ROOT: PopulatePath = { raw: null, attribute: null };
export const joinKey = (base: string | null, key: string) => (base ? `${base}.${key}` : key);
export const into = (path: PopulatePath, key: string, isAttribute: boolean): PopulatePath =>
  ({ raw: joinKey(path.raw, key), attribute: isAttribute ? joinKey(path.attribute, key) : path.attribute });
