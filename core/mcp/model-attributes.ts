import { isMorph, type Attribute, type Model, type Models } from '../schema/types.js';

/** An attribute as Strapi's model holds it: the schema's keys, and the flags Strapi adds to the ones it adds itself. */
export type StrapiAttribute = Attribute & { writable?: boolean; visible?: boolean; customField?: string };

/**
 * A content type's attributes as the Content Manager's model holds them (its data mapper, which Strapi derives the MCP
 * tools from): `id`, the schema's visible attributes (morph relations left out), the timestamps, the creator fields
 * (private), then `documentId`. `publishedAt`, `locale` and `localizations` are not among them. In this order, as
 * Strapi's tools list them (recorded).
 */
export function strapiAttributes(model: Model): Record<string, StrapiAttribute> {
  const creator = (): StrapiAttribute => ({
    type: 'relation', relation: 'oneToOne', target: 'admin::user', configurable: false, writable: false, visible: false, private: true,
  });
  const visible = Object.entries(model.attributes).filter(([, attribute]) => !isMorph(attribute));
  return {
    id: { type: 'integer' },
    ...Object.fromEntries(visible),
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime' },
    createdBy: creator(),
    updatedBy: creator(),
    documentId: { type: 'string' },
  };
}

/** Strapi's `isWritableAttribute` and not `isPrivateAttribute`: the keys a tool's `data` may set. */
export function writableKeys(attributes: Record<string, StrapiAttribute>): string[] {
  return Object.entries(attributes)
    .filter(([key, attribute]) => !['id', 'documentId', 'createdAt', 'updatedAt'].includes(key) && attribute.writable !== false)
    .filter(([, attribute]) => attribute.private !== true)
    .map(([key]) => key);
}

/** A component's attributes (its `id` left out), or undefined for a uid no component has. */
export function componentAttributes(models: Models, uid: string): Record<string, StrapiAttribute> | undefined {
  const component = models.get(uid);
  if (!component || component.modelType !== 'component') return undefined;
  return Object.fromEntries(Object.entries(component.attributes).filter(([key]) => key !== 'id'));
}
