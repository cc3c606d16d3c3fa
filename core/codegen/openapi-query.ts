import { OPERATORS, type Operator } from '../query/operators.js';
import { isMorph, isPopulatable, isScalar, isVisible, UPLOAD_FILE_UID, type Attribute, type Model, type Models } from '../schema/types.js';
import { markdownText } from './escape.js';
import { typeName } from './names.js';

/**
 * Per-model JSON Schemas of Strapi's query parameters (`filters`, `sort`, `fields`, `populate`),
 * so a client generated from the document (openapi-typescript + openapi-fetch) types
 * `filters: { title: { $containsi: 'x' } }` and `populate: { author: { fields: ['name'] } }` with
 * the model's own field names, no cast. The nesting follows query/normalize-*.ts: relations and
 * components nest their target's filters, populate nodes take `fields`, `filters`, `sort`,
 * `populate` and `count`, dynamic zones `on` fragments. Comma lists (`sort=a,b`) are valid on the
 * wire but typed as lists.
 */

type Schema = Record<string, unknown>;
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const oneOrList = (schema: Schema): Schema => ({ anyOf: [schema, { type: 'array', items: schema }] });

/** The value a filter compares with, per attribute kind (sent as text on the wire, so numbers may be either). */
const VALUE_KINDS = {
  Text: { type: 'string' },
  Number: { type: ['number', 'string'] },
  Boolean: { type: ['boolean', 'string'] },
} as const;
type ValueKind = keyof typeof VALUE_KINDS;

const kindOf = (attribute: Attribute): ValueKind | undefined => {
  if (['integer', 'float', 'decimal'].includes(attribute.type)) return 'Number';
  if (attribute.type === 'boolean') return 'Boolean';
  if (attribute.type === 'json' || attribute.type === 'blocks') return undefined;
  return 'Text';
};

/** `FilterText`, `FilterNumber`, `FilterBoolean`: every operator of query/operators.ts, typed by its argument. */
function operatorSchemas(): Record<string, Schema> {
  const schemas: Record<string, Schema> = {};
  for (const [kind, value] of Object.entries(VALUE_KINDS)) {
    const properties: Record<string, Schema> = {};
    for (const [name, spec] of Object.entries(OPERATORS) as [Operator, (typeof OPERATORS)[Operator]][]) {
      const argument = { flag: { type: ['boolean', 'string'] }, text: { type: 'string' }, cast: value }[spec.argument];
      properties[name] = 'list' in spec && spec.list ? { type: 'array', items: argument } : argument;
    }
    properties.$not = ref(`Filter${kind}`);
    const description = `filter operators on a ${kind.toLowerCase()} field`;
    schemas[`Filter${kind}`] = { description, type: 'object', properties, additionalProperties: false };
  }
  return schemas;
}

/** Filterable, sortable, selectable scalars: visible ones (private and password fields are refused by the API). */
const visibleScalars = (model: Model) =>
  model.attributeNames.filter((name) => isScalar(model.attributes[name]) && isVisible(model.attributes[name]));
const DOCUMENT_FIELDS: [string, ValueKind][] = [
  ['id', 'Number'], ['documentId', 'Text'], ['createdAt', 'Text'], ['updatedAt', 'Text'], ['publishedAt', 'Text'],
];
const SYSTEM_FIELDS = (model: Model): [string, ValueKind][] => {
  if (model.modelType !== 'contentType') return [['id', 'Number']];
  return model.localized ? [...DOCUMENT_FIELDS, ['locale', 'Text']] : DOCUMENT_FIELDS;
};

/** The model a relation, media or component attribute points at, when the document has schemas for it. */
function targetName(attribute: Attribute, models: Models): string | undefined {
  if (attribute.type === 'media') return 'UploadFile';
  const uid = attribute.type === 'component'
    ? attribute.component
    : attribute.type === 'relation' && !isMorph(attribute)
    ? attribute.target
    : undefined;
  const target = uid ? models.get(uid) : undefined;
  // Plugin types other than the media library (users-permissions) have no schemas in the document.
  const described = target && (target.modelType === 'component' || target.uid.startsWith('api::') || target.uid === UPLOAD_FILE_UID);
  return described ? typeName(target) : undefined;
}

function filtersSchema(model: Model, models: Models, name: string): Schema {
  const properties: Record<string, Schema> = {};
  for (const [field, kind] of SYSTEM_FIELDS(model)) properties[field] = { anyOf: [VALUE_KINDS[kind], ref(`Filter${kind}`)] };
  for (const field of model.attributeNames) {
    const attribute = model.attributes[field];
    if (!isVisible(attribute) || attribute.type === 'dynamiczone') continue;
    if (isScalar(attribute)) {
      const kind = kindOf(attribute);
      if (kind) properties[field] = { anyOf: [VALUE_KINDS[kind], ref(`Filter${kind}`)] };
      continue;
    }
    const target = targetName(attribute, models);
    if (target) properties[field] = ref(`${target}Filters`);
  }
  const self = ref(`${name}Filters`);
  Object.assign(properties, { $and: { type: 'array', items: self }, $or: { type: 'array', items: self }, $not: self });
  const description = `filters[field][$operator]=value on ${markdownText(model.uid)}`;
  return { description, type: 'object', properties, additionalProperties: false };
}

/** A populate node on one attribute: `true`, or `{ fields, filters, sort, populate, count }` of its target. */
function populateValue(attribute: Attribute, models: Models): Schema | undefined {
  if (attribute.type === 'dynamiczone' || isMorph(attribute)) {
    const components = (attribute.components ?? []).filter((uid) => models.has(uid));
    const on = {
      type: 'object', properties: Object.fromEntries(components.map((uid) => [uid, ref(`${typeName(models.get(uid)!)}PopulateNode`)])),
      additionalProperties: false,
    };
    const fragments = {
      type: 'object', properties: { on, populate: { const: '*' }, count: { type: 'boolean' } }, additionalProperties: false,
    };
    return { anyOf: [{ type: 'boolean' }, fragments] };
  }
  const target = targetName(attribute, models);
  if (!target) return undefined;
  return { anyOf: [{ type: 'boolean' }, ...(attribute.type === 'relation' ? [] : [{ const: '*' }]), ref(`${target}PopulateNode`)] };
}

function populateSchemas(model: Model, models: Models, name: string): Record<string, Schema> {
  const properties: Record<string, Schema> = {};
  for (const field of model.attributeNames) {
    const attribute = model.attributes[field];
    if (!isVisible(attribute) || !isPopulatable(attribute)) continue;
    const value = populateValue(attribute, models);
    if (value) properties[field] = value;
  }
  if (model.localized) properties.localizations = { anyOf: [{ type: 'boolean' }, ref(`${name}PopulateNode`)] };
  const keys = Object.keys(properties);
  const node: Record<string, Schema> = {
    fields: ref(`${name}Fields`), filters: ref(`${name}Filters`), populate: ref(`${name}Populate`), count: { type: 'boolean' },
  };
  if (model.modelType === 'contentType') node.sort = ref(`${name}Sort`);
  return {
    [`${name}Populate`]: {
      description: `populate on ${markdownText(model.uid)}: '*', attribute names, or an object of populate nodes`,
      anyOf: [
        { const: '*' },
        ...(keys.length ? [oneOrList({ type: 'string', enum: keys })] : []),
        { type: 'object', properties, additionalProperties: false },
      ],
    },
    [`${name}PopulateNode`]: { type: 'object', properties: node, additionalProperties: false },
  };
}

/**
 * `<Name>Filters`, `<Name>Sort`, `<Name>Fields`, `<Name>Populate` and `<Name>PopulateNode` for every
 * content type (the media library's included) and component, plus the shared `Filter<Kind>` operators.
 *
 * @example
 * queryParameterSchemas(sortedModels(models), models).ArticleSort
 * // { anyOf: [{ type: 'string', enum: ['id', 'id:asc', …] }, { type: 'array', … }] }
 */
export function queryParameterSchemas(types: Model[], models: Models): Record<string, Schema> {
  const schemas = operatorSchemas();
  for (const model of types) {
    const name = typeName(model);
    const scalars = visibleScalars(model);
    const columns = [...SYSTEM_FIELDS(model).map(([field]) => field).filter((field) => field !== 'locale'), ...scalars];
    schemas[`${name}Filters`] = filtersSchema(model, models, name);
    schemas[`${name}Fields`] = {
      description: `scalar fields of ${markdownText(model.uid)} to return`, ...oneOrList({ type: 'string', enum: columns })
    };
    if (model.modelType === 'contentType') {
      const keys = columns.flatMap((field) => [field, `${field}:asc`, `${field}:desc`]);
      schemas[`${name}Sort`] = {
        description: 'field, field:asc or field:desc, or a list of them', ...oneOrList({ type: 'string', enum: keys })
      };
    }
    Object.assign(schemas, populateSchemas(model, models, name));
  }
  // A populate node nothing points at (a single type is never a relation's target) is left out.
  const text = JSON.stringify(schemas);
  for (const key of Object.keys(schemas)) {
    if (key.endsWith('PopulateNode') && !text.includes(`"#/components/schemas/${key}"`)) delete schemas[key];
  }
  return schemas;
}
