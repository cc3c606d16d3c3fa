import { getAttribute, type Model, type Models } from '../schema/types.js';
import type { Data } from '../types.js';
import type { StringPool } from './string-pool.js';

type Fields = Record<string, unknown>;

/** The string (or the strings of a list) held under `name` replaced by its pooled copy. */
function internStrings(fields: Fields, name: string, pool: StringPool): void {
  const value = fields[name];
  if (typeof value === 'string') fields[name] = pool.intern(value);
  else if (Array.isArray(value)) for (let i = 0; i < value.length; i++) if (typeof value[i] === 'string') value[i] = pool.intern(value[i]);
}

/**
 * Share the texts many documents repeat: the documentIds relations and media point at, enumeration
 * values and the `__component` of dynamic zone items, components followed. The fields must be
 * checked already (`checkStoredFields`) and owned by the caller (they are changed in place).
 *
 * @example
 * internRepeatedValues(record.data, model, models, pool); // article.author === other.author (the same string)
 */
export function internRepeatedValues(fields: Data, model: Model, models: Models, pool: StringPool): void {
  for (const name in fields) {
    if (!Object.hasOwn(fields, name)) continue;
    const attribute = getAttribute(model, name);
    const value = fields[name];
    if (!attribute || value === null || typeof value !== 'object' && typeof value !== 'string') continue;
    if (attribute.type === 'relation' || attribute.type === 'media' || attribute.type === 'enumeration') internStrings(fields, name, pool);
    else if (attribute.type === 'component') {
      const component = models.get(attribute.component!)!;
      for (const item of Array.isArray(value) ? value : [value]) if (item && typeof item === 'object') internRepeatedValues(
        item as Data, component, models, pool,
      );
    } else if (attribute.type === 'dynamiczone' && Array.isArray(value)) {
      for (const item of value as Fields[]) {
        const uid = item && typeof item === 'object' ? item.__component : undefined;
        if (typeof uid !== 'string') continue;
        item.__component = pool.intern(uid);
        internRepeatedValues(item as Data, models.get(uid)!, models, pool);
      }
    }
  }
}
