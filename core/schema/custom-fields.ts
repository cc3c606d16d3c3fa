import type { Attribute } from './types.js';

/**
 * The custom fields of Strapi's own plugins, by uid, with the type Strapi stores them as: a plugin's
 * `strapi.customFields.register({ name, plugin, type })` runs in Strapi at start-up, and Strapi then
 * reads `"type": "customField"` attributes as that type (core's convert-custom-field-type). Plugins do
 * not run here, so the registrations of the plugins Strapi publishes are known by name.
 * `@strapi/plugin-color-picker` 5.54: `{ name: 'color', plugin: 'color-picker', type: 'string' }`.
 */
export const STRAPI_CUSTOM_FIELDS: Readonly<Record<string, Attribute['type']>> = {
  'plugin::color-picker.color': 'string',
};

/**
 * An attribute as Strapi reads it after its custom fields are registered: a known custom field takes its
 * registered type (the `customField` key stays, as in Strapi); any other attribute is as written. An
 * unknown custom field keeps `"customField"` as its type, which the schema check reports.
 *
 * @example
 * withCustomFieldType({ type: 'customField', customField: 'plugin::color-picker.color' } as never).type // 'string'
 */
export function withCustomFieldType(attribute: Attribute): Attribute {
  if ((attribute?.type as string) !== 'customField') return attribute;
  const type = STRAPI_CUSTOM_FIELDS[String(attribute.customField)];
  return type ? { ...attribute, type } : attribute;
}

/** Strapi's own message for a custom field no plugin registered, and what is known here. */
export function unknownCustomField(uid: unknown): string {
  return `Could not find Custom Field: ${uid} (the custom fields of Strapi's own plugins are known here: `
    + `${Object.keys(STRAPI_CUSTOM_FIELDS).join(', ')})`;
}
