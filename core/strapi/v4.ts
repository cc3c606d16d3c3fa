import { getAttribute, isMorph, UPLOAD_FILE_UID, type Model, type Models } from '../schema/types.js';
import type { Data } from '../types.js';

const isRecord = (value: unknown): value is Data => !!value && typeof value === 'object' && !Array.isArray(value);

/** Nested values of a v5 object (document or component) in v4 form, by attribute type. */
function transformFields(models: Models, model: Model, entry: Data, skip: string[]): Data {
  const out: Data = {};
  for (const [key, value] of Object.entries(entry)) {
    if (skip.includes(key)) continue;
    const attribute = key === 'localizations' && model.localized
      ? { type: 'relation' as const, target: model.uid }
      : getAttribute(model, key);
    if (!attribute) { out[key] = value; continue; }
    switch (attribute.type) {
      case 'relation':
      case 'media': {
        // Strapi's v4 transform leaves a morphToMany/morphToOne as it is, `__type` and `{ count }` too (recorded: morph.v4.*)
        if (isMorph(attribute) && !attribute.target) { out[key] = value; break; }
        const target = models.get(attribute.type === 'media' ? UPLOAD_FILE_UID : attribute.target!)!;
        out[key] = { data: Array.isArray(value)
          ? value.map((item) => toV4Entry(models, target, item as Data))
          : isRecord(value)
          ? toV4Entry(models, target, value)
          : null };
        break;
      }
      case 'component': {
        const component = models.get(attribute.component!)!;
        out[key] = Array.isArray(value)
          ? value.map((item) => transformFields(models, component, item as Data, []))
          : isRecord(value)
          ? transformFields(models, component, value, [])
          : value;
        break;
      }
      case 'dynamiczone':
        out[key] = Array.isArray(value)
          ? value.map((item) => (isRecord(item) && models.get(String(item.__component))
            ? transformFields(models, models.get(String(item.__component))!, item, [])
            : item))
          : value;
        break;
      default:
        out[key] = value;
    }
  }
  return out;
}

/**
 * Strapi's v4 response shape (header `Strapi-Response-Format: v4`, Strapi §12): a document becomes
 * `{ id, documentId, attributes }`, relations and media `{ data }`; components stay flat.
 */
export function toV4Entry(models: Models, model: Model, entry: Data): Data {
  const attributes = transformFields(models, model, entry, ['id', 'documentId']);
  // A populated `count` is no entry, yet Strapi's transform wraps it like one: `{ data: { attributes: { count } } }`.
  if (entry.id === undefined) return { attributes };
  return { id: entry.id, documentId: entry.documentId, attributes };
}

/** Transform a `{ data, meta }` body of a content-type route. */
export function toV4Body(models: Models, model: Model, body: { data: unknown; meta: unknown }): { data: unknown; meta: unknown } {
  const { data } = body;
  const converted = Array.isArray(data)
    ? data.map((entry) => toV4Entry(models, model, entry as Data))
    : isRecord(data)
    ? toV4Entry(models, model, data)
    : data;
  return { data: converted, meta: body.meta };
}
