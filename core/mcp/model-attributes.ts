import type { Attribute, Model, Models } from '../schema/types.js';

/** An attribute as Strapi's model holds it: the schema's keys, and the flags Strapi adds to the ones it adds itself. */
export type StrapiAttribute = Attribute & { writable?: boolean; visible?: boolean; customField?: string };

/**
 * A content type's attributes as `strapi.contentTypes[uid].attributes` holds them once Strapi has loaded it: the schema's,
 * then the timestamps, `publishedAt`, the creator fields and i18n's `locale` and `localizations` (private on a type that
 * is not localized). The MCP tools' schemas are derived from this list, in this order, as Strapi's are.
 */
export function strapiAttributes(model: Model): Record<string, StrapiAttribute> {
  const creator = (): StrapiAttribute => ({
    type: 'relation', relation: 'oneToOne', target: 'admin::user', configurable: false, writable: false, visible: false, private: true,
  });
  return {
    ...model.attributes,
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime' },
    publishedAt: { type: 'datetime', configurable: false, writable: true, visible: true },
    createdBy: creator(),
    updatedBy: creator(),
    locale: { type: 'string', writable: true, private: !model.localized, configurable: false, visible: false },
    localizations: {
      type: 'relation', relation: 'oneToMany', target: model.uid, writable: false, private: !model.localized, configurable: false,
      visible: false,
    },
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
