import type { Attribute, Model } from '../schema/types.js';

/** One attribute as the plugin sees it: its own or a system one, and the three places it may appear. */
export interface ModelField {
  name: string;
  attribute: Attribute;
  /** On the object type (not private). */
  output: boolean;
  /** On the `…FiltersInput` (not private; scalars, relations, components). */
  filter: boolean;
  /** On the `…Input` of mutations (writable). */
  input: boolean;
}

const DATETIME: Attribute = { type: 'datetime' };

/**
 * A model's fields in Strapi's attribute order: the schema's own, then `createdAt`, `updatedAt`, `publishedAt`, and
 * i18n's `locale` and `localizations` (on the type and filters of localized types; on the input of the others, where
 * Strapi leaves `locale` writable). The admin's `createdBy`/`updatedBy` are private and never appear.
 */
export function modelFields(model: Model): ModelField[] {
  const fields: ModelField[] = model.attributeNames.map((name) => {
    const attribute = model.attributes[name];
    const visible = !attribute.private;
    const filterable = visible && attribute.type !== 'media' && attribute.type !== 'dynamiczone';
    return { name, attribute, output: visible, filter: filterable, input: true };
  });
  if (model.modelType === 'component') return fields;
  fields.push(
    { name: 'createdAt', attribute: DATETIME, output: true, filter: true, input: false },
    { name: 'updatedAt', attribute: DATETIME, output: true, filter: true, input: false },
    { name: 'publishedAt', attribute: DATETIME, output: true, filter: true, input: true },
  );
  if (model.localized) {
    fields.push(
      { name: 'locale', attribute: { type: 'string' }, output: true, filter: true, input: false },
      {
        name: 'localizations', attribute: { type: 'relation', relation: 'oneToMany', target: model.uid },
        output: true, filter: true, input: false,
      },
    );
  } else {
    fields.push({ name: 'locale', attribute: { type: 'string' }, output: false, filter: false, input: true });
  }
  return fields;
}
