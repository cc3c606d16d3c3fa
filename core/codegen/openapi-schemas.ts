import { isScalar, isToMany, isVisible, type Attribute, type Model, type Models } from '../schema/types.js';
import { sortedComponents, sortedModels } from './models.js';
import { typeName } from './names.js';

/**
 * The JSON Schemas of an OpenAPI document's `components.schemas`: each content type and component
 * as the REST API returns it (entries, envelopes) and accepts it (request bodies), with the
 * shared shapes (errors, pagination, media files, users). Mirrors query/render.ts: big integers
 * are strings, times `HH:mm:ss.SSS`, private and password fields absent, relations, media,
 * components and dynamic zones present only when populated.
 */

type Schema = Record<string, unknown>;

export const schemaRef = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const nullable = (schema: Schema): Schema => {
  if (Array.isArray(schema.enum)) return { ...schema, type: [schema.type, 'null'], enum: [...schema.enum, null] };
  return typeof schema.type === 'string' ? { ...schema, type: [schema.type, 'null'] } : { anyOf: [schema, { type: 'null' }] };
};

/** One API value per scalar type, as rendered (query/render.ts FORMATS). */
const API_SCALARS: Record<Attribute['type'] & string, (attribute: Attribute) => Schema> = {
  string: () => ({ type: 'string' }), text: () => ({ type: 'string' }), richtext: () => ({ type: 'string' }),
  email: () => ({ type: 'string', format: 'email' }), uid: () => ({ type: 'string' }), password: () => ({ type: 'string' }),
  integer: () => ({ type: 'integer' }), biginteger: () => ({ type: 'string', pattern: '^-?\\d+$' }),
  float: () => ({ type: 'number' }), decimal: () => ({ type: 'number' }), boolean: () => ({ type: 'boolean' }),
  date: () => ({ type: 'string', format: 'date' }), time: () => ({ type: 'string', pattern: '^\\d{2}:\\d{2}:\\d{2}\\.\\d{3}$' }),
  datetime: () => ({ type: 'string', format: 'date-time' }), timestamp: () => ({ type: ['string', 'number'] }),
  enumeration: (attribute) => ({ type: 'string', enum: [...(attribute.enum ?? [])] }),
  json: () => ({}),
  blocks: () => ({ type: 'array', items: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } } }),
  media: () => ({}), relation: () => ({}), component: () => ({}), dynamiczone: () => ({}),
};

const COUNT: Schema = { type: 'object', required: ['count'], properties: { count: { type: 'integer' } }, additionalProperties: false };

/** A populated attribute: the target's entry (or list), `{ count }` where `count=true` applies. */
function populatedSchema(attribute: Attribute, models: Models): Schema {
  if (attribute.type === 'dynamiczone') {
    const items = (attribute.components ?? []).map((uid) => schemaRef(`${typeName(models.get(uid)!)}ZoneEntry`));
    return { type: 'array', items: items.length === 1 ? items[0] : { oneOf: items } };
  }
  const target = attribute.type === 'media'
    ? 'UploadFile'
    : attribute.type === 'component'
    ? typeName(models.get(attribute.component!)!)
    : typeName(models.get(attribute.target!)!);
  const value = isToMany(attribute) ? { type: 'array', items: schemaRef(target) } : nullable(schemaRef(target));
  return attribute.type === 'relation' || attribute.type === 'component' ? { anyOf: [value, COUNT] } : value;
}

/** A model's entry as the API renders it: only `id` (and `documentId`) are always there, as `fields` picks the rest. */
export function entrySchema(model: Model, models: Models, extra: Record<string, Schema> = {}): Schema {
  const isType = model.modelType === 'contentType';
  const properties: Record<string, Schema> = { id: { type: 'integer' }, ...(isType ? { documentId: { type: 'string' } } : {}), ...extra };
  for (const name of model.attributeNames) {
    const attribute = model.attributes[name];
    if (!isVisible(attribute) || (attribute.type === 'relation' && String(attribute.relation).startsWith('morph'))) continue;
    properties[name] = isScalar(attribute) ? nullable(API_SCALARS[attribute.type](attribute)) : populatedSchema(attribute, models);
  }
  if (isType) {
    Object.assign(properties, {
      createdAt: { type: 'string', format: 'date-time' }, updatedAt: { type: 'string', format: 'date-time' },
      publishedAt: { type: ['string', 'null'], format: 'date-time' },
    });
    if (model.localized) {
      Object.assign(
        properties, { locale: { type: 'string' }, localizations: { anyOf: [{ type: 'array', items: schemaRef(typeName(model)) }, COUNT] } },
      );
    }
  }
  const required = isType ? ['id', 'documentId'] : ['id', ...Object.keys(extra)];
  return { type: 'object', required, properties, additionalProperties: false };
}

const RELATION_INPUT: Schema = {
  description: 'documentIds, ids, `{ documentId }`, lists, or `{ connect, disconnect, set }` with positions',
  anyOf: [{ type: ['string', 'integer', 'null'] }, { type: 'array' }, { type: 'object' }],
};

/**
 * A model's fields as a write accepts them (`{ data: … }`): scalars cast as Strapi casts, relations and media in every Strapi 5 shape.
 */
export function inputSchema(model: Model, models: Models): Schema {
  const properties: Record<string, Schema> = {};
  for (const name of model.attributeNames) {
    const attribute = model.attributes[name];
    if (attribute.type === 'relation' || attribute.type === 'media') properties[name] = RELATION_INPUT;
    else if (attribute.type === 'component') {
      const ref = schemaRef(`${typeName(models.get(attribute.component!)!)}Input`);
      properties[name] = attribute.repeatable ? nullable({ type: 'array', items: ref }) : nullable(ref);
    } else if (attribute.type === 'dynamiczone') {
      properties[name] = nullable({
        type: 'array',
        items: { type: 'object', required: ['__component'], properties: { __component: { enum: [...(attribute.components ?? [])] } } },
      });
    } else properties[name] = nullable(API_SCALARS[attribute.type](attribute));
  }
  if (model.modelType === 'component') properties.id = { type: ['integer', 'string'], description: 'keeps an existing component (its id)' };
  return { type: 'object', properties, additionalProperties: false };
}

const ERROR: Schema = {
  type: 'object',
  required: ['data', 'error'],
  properties: {
    data: { type: 'null' },
    error: {
      type: 'object',
      required: ['status', 'name', 'message'],
      properties: { status: { type: 'integer' }, name: { type: 'string' }, message: { type: 'string' }, details: {} },
    },
  },
};
const PAGINATION: Schema = {
  type: 'object',
  properties: {
    page: { type: 'integer' }, pageSize: { type: 'integer' }, pageCount: { type: 'integer' }, total: { type: 'integer' },
    start: { type: 'integer' }, limit: { type: 'integer' },
  },
};
const USER: Schema = {
  type: 'object',
  required: ['id', 'documentId', 'username', 'email'],
  properties: {
    id: { type: 'integer' }, documentId: { type: 'string' }, username: { type: 'string' }, email: { type: 'string' },
    provider: { type: 'string' }, confirmed: { type: 'boolean' }, blocked: { type: 'boolean' },
    createdAt: { type: 'string' }, updatedAt: { type: 'string' }, publishedAt: { type: ['string', 'null'] },
    role: { $ref: '#/components/schemas/Role' },
  },
};
const ROLE: Schema = { type: 'object', properties: {
  id: { type: 'integer' }, documentId: { type: 'string' }, name: { type: 'string' }, description: { type: 'string' },
  type: { type: 'string' },
} };

/**
 * Every schema of the document, keyed and sorted by name.
 *
 * @example
 * openApiSchemas(models).Article // { type: 'object', properties: { id, documentId, title, … } }
 */
export function openApiSchemas(models: Models): Record<string, Schema> {
  const schemas: Record<string, Schema> = {
    Error: ERROR, Pagination: PAGINATION, User: USER, Role: ROLE,
    AuthResponse: { type: 'object', required: ['jwt', 'user'], properties: { jwt: { type: 'string' }, user: schemaRef('User') } },
  };
  for (const model of sortedModels(models, { includeUpload: true })) {
    const name = typeName(model);
    schemas[name] = entrySchema(model, models);
    if (model.uid === 'plugin::upload.file') {
      // The media library adds its own keys (isUrlSigned, folderPath…) beside the model's.
      schemas[name] = { ...schemas[name], additionalProperties: true };
      continue;
    }
    schemas[`${name}Input`] = inputSchema(model, models);
    schemas[`${name}Request`] = {
      type: 'object', required: ['data'], properties: { data: schemaRef(`${name}Input`) }, additionalProperties: false,
    };
    schemas[`${name}Response`] = {
      type: 'object', required: ['data', 'meta'], properties: { data: schemaRef(name), meta: { type: 'object' } },
    };
    if (model.kind === 'collectionType') {
      schemas[`${name}ListResponse`] = {
        type: 'object',
        required: ['data', 'meta'],
        properties: {
          data: { type: 'array', items: schemaRef(name) }, meta: { type: 'object', properties: { pagination: schemaRef('Pagination') } },
        },
      };
    }
  }
  for (const component of sortedComponents(models)) {
    const name = typeName(component);
    schemas[name] = entrySchema(component, models);
    schemas[`${name}ZoneEntry`] = entrySchema(component, models, { __component: { const: component.uid } });
    schemas[`${name}Input`] = inputSchema(component, models);
  }
  return Object.fromEntries(Object.keys(schemas).sort().map((key) => [key, schemas[key]]));
}
