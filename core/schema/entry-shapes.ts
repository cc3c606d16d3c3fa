import { ApplicationError, CmsError } from '../errors.js';
import { STRING_TYPES } from './scalar-rules.js';
import type { Attribute } from './types.js';

/** Strapi's entity-level message for a zone item without a component. */
export const NO_COMPONENT = 'Cannot build relations store from dynamiczone, component identifier is undefined';
export const isUnique = (attribute: Attribute) => attribute.unique === true || attribute.type === 'uid';
export const isListValued = (attribute: Attribute) => (attribute.type === 'component' && attribute.repeatable === true)
  || attribute.type === 'dynamiczone';

/** yup's schema type per attribute, for the message a `null` gets where null is not allowed (mixed types have none). */
export function yupType(attribute: Attribute): string | undefined {
  // rich text (`blocks`) is a yup array in Strapi's entity validator too
  if (isListValued(attribute) || attribute.type === 'blocks') return 'array';
  if (attribute.type === 'component') return 'object';
  if ([...STRING_TYPES, 'enumeration'].includes(attribute.type)) return 'string';
  if (['integer', 'float', 'decimal'].includes(attribute.type)) return 'number';
  return undefined;
}

/** Strapi's answer to a component or zone item `id` that is not this entry's. */
export function notRelated(path: string[], inZone = false): CmsError {
  const message = `Some of the provided components in ${path[path.length - 1]} are not related to the entity`;
  // Strapi throws a plain Error for a dynamic zone (name "Error", no details) and an ApplicationError for a component (recorded)
  return inZone ? new CmsError(message, 400, undefined, 'Error') : new ApplicationError(message);
}
