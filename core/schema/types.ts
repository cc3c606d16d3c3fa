/** Strapi v5 schema shapes, as read from `schema.json` / component JSON files. */

export const SCALAR_TYPES = [
  'string', 'text', 'richtext', 'blocks', 'email', 'password', 'uid',
  'integer', 'biginteger', 'float', 'decimal', 'boolean',
  'date', 'time', 'datetime', 'timestamp', 'enumeration', 'json',
] as const;
export type ScalarType = (typeof SCALAR_TYPES)[number];
export type AttributeType = ScalarType | 'media' | 'relation' | 'component' | 'dynamiczone';

export type RelationKind =
  | 'oneToOne' | 'oneToMany' | 'manyToOne' | 'manyToMany' | 'oneWay' | 'manyWay' | 'morphToOne' | 'morphToMany' | 'morphOne' | 'morphMany';

export interface Attribute {
  type: AttributeType;
  required?: boolean;
  unique?: boolean;
  private?: boolean;
  configurable?: boolean;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  min?: number | string;
  max?: number | string;
  regex?: string;
  enum?: string[];
  targetField?: string;
  multiple?: boolean;
  allowedTypes?: string[];
  relation?: RelationKind;
  target?: string;
  inversedBy?: string;
  mappedBy?: string;
  component?: string;
  repeatable?: boolean;
  components?: string[];
  /** A custom field's uid (`plugin::color-picker.color`): the attribute is read as the type its plugin registered. */
  customField?: string;
  pluginOptions?: { i18n?: { localized?: boolean } };
}

/** A content type or component after loading: everything the engine asks of a model. */
export interface Model {
  uid: string;
  modelType: 'contentType' | 'component';
  kind: 'collectionType' | 'singleType' | 'component';
  singularName: string;
  pluralName: string;
  displayName: string;
  draftAndPublish: boolean;
  localized: boolean;
  attributes: Record<string, Attribute>;
  /** Attribute names in schema order: the order of keys in responses and files. */
  attributeNames: string[];
  /** Schema file it came from (for error messages). */
  file: string;
}

export type Models = ReadonlyMap<string, Model>;

export const isScalar = (attribute: Attribute | undefined): boolean =>
  !!attribute && (SCALAR_TYPES as readonly string[]).includes(attribute.type);

export const isPopulatable = (attribute: Attribute | undefined): boolean =>
  !!attribute && ['relation', 'media', 'component', 'dynamiczone'].includes(attribute.type);

export const isMorph = (attribute: Attribute | undefined): boolean =>
  !!attribute && attribute.type === 'relation' && String(attribute.relation ?? '').startsWith('morph');

export const isToMany = (attribute: Attribute): boolean => {
  if (attribute.type === 'media') return !!attribute.multiple;
  if (attribute.type === 'component') return !!attribute.repeatable;
  if (attribute.type === 'dynamiczone') return true;
  return ['oneToMany', 'manyToMany', 'manyWay', 'morphToMany', 'morphMany'].includes(String(attribute.relation));
};

/** Strapi's rule: relations and uids are always per locale; other fields opt in. */
export const isLocalizedAttribute = (model: Model, attribute: Attribute): boolean => {
  if (!model.localized) return false;
  if (attribute.type === 'relation' || attribute.type === 'uid') return true;
  return attribute.pluginOptions?.i18n?.localized === true;
};

/** Scalar attributes a client may read (not private, not password). */
export const isVisible = (attribute: Attribute): boolean => !attribute.private && attribute.type !== 'password';

export const UPLOAD_FILE_UID = 'plugin::upload.file';

/** An attribute by name; own keys only, so `__proto__` or `constructor` never resolve. */
/**
 * Attributes every Strapi content type has that schemas never list: the admin's `createdBy` and
 * `updatedBy`, and i18n's `locale` and `localizations` on types that are not localized. They are
 * private there, so a query naming one is `Invalid key <k>` with the key in `details.path` (an
 * unknown key's path is its parent's).
 */
export const isHiddenAttribute = (model: Model, name: string): boolean =>
  model.modelType === 'contentType'
    && (name === 'createdBy' || name === 'updatedBy' || (!model.localized && (name === 'locale' || name === 'localizations'))
      // the file model's morph relation: populated (query/file-related.ts), never filtered or sorted on
      // (recorded: upload.query.filter.related)
      || (model.uid === UPLOAD_FILE_UID && name === 'related'));

export const getAttribute = (model: Model, name: string): Attribute | undefined =>
  Object.hasOwn(model.attributes, name) ? model.attributes[name] : undefined;
