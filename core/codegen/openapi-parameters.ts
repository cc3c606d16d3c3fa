import { schemaRef } from './openapi-schemas.js';

/**
 * The query parameters of the OpenAPI document: the shared ones (components.parameters), in
 * Strapi's bracket syntax, and the per-model typed `filters`, `sort`, `fields`, `populate`.
 */

/** Query parameters, Strapi's bracket syntax (`filters[title][$eq]=x`) as deepObject. */
export const PARAMETERS: Record<string, Record<string, unknown>> = {
  filters: {
    name: 'filters', in: 'query', style: 'deepObject', explode: true, schema: { type: 'object', additionalProperties: {} },
    description: 'filters[field][$operator]=value; $and, $or, $not; through relations and components',
  },
  sort: {
    name: 'sort', in: 'query', schema: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
    description: 'field[:asc|:desc], comma-separated or as a list',
  },
  fields: {
    name: 'fields', in: 'query', schema: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
    description: 'scalar fields to return',
  },
  populate: {
    name: 'populate', in: 'query', style: 'deepObject', explode: true,
    schema: { anyOf: [{ type: 'string' }, { type: 'object', additionalProperties: {} }] },
    description: '*, a list, or populate[name][fields|filters|sort|populate|on|count]',
  },
  pagination: {
    name: 'pagination', in: 'query', style: 'deepObject', explode: true,
    schema: { type: 'object', properties: {
      page: { type: 'integer' }, pageSize: { type: 'integer' }, start: { type: 'integer' }, limit: { type: 'integer' },
      withCount: { type: 'boolean' },
    }, additionalProperties: false },
  },
  locale: { name: 'locale', in: 'query', schema: { type: 'string' }, description: "a configured locale, or '*' (lists)" },
  status: { name: 'status', in: 'query', schema: { type: 'string', enum: ['published', 'draft'] } },
  publicationFilter: {
    name: 'publicationFilter', in: 'query',
    schema: { type: 'string', enum: [
      'never-published', 'has-published-version', 'modified', 'unmodified', 'published-without-draft', 'published-with-draft',
      'never-published-document', 'has-published-version-document', 'modified-document', 'unmodified-document',
      'published-without-draft-document', 'published-with-draft-document',
    ] },
  },
  q: { name: '_q', in: 'query', schema: { type: 'string' }, description: 'search every text field' },
  documentId: { name: 'documentId', in: 'path', required: true, schema: { type: 'string' } },
  responseFormat: {
    name: 'Strapi-Response-Format', in: 'header', schema: { type: 'string', enum: ['v4'] },
    description: 'answer in the Strapi v4 shape (attributes under data.attributes)',
  },
};

const BRACKETS = 'Sent in Strapi\'s bracket syntax (x-query-serializer: qs.stringify(query, { encodeValuesOnly: true })).';

/** `filters`, `sort`, `fields`, `populate` typed by the model's own schemas (openapi-query.ts). */
export function modelQueryParams(name: string, names: ('filters' | 'sort' | 'fields' | 'populate')[]): unknown[] {
  const deep = { style: 'deepObject', explode: true };
  const params = {
    filters: {
      name: 'filters', in: 'query', ...deep, schema: schemaRef(`${name}Filters`),
      description: `filters[field][$operator]=value. ${BRACKETS}`,
    },
    sort: {
      name: 'sort', in: 'query', ...deep, schema: schemaRef(`${name}Sort`), description: `field[:asc|:desc], or a list. ${BRACKETS}`,
    },
    fields: {
      name: 'fields', in: 'query', ...deep, schema: schemaRef(`${name}Fields`), description: `scalar fields to return. ${BRACKETS}`,
    },
    populate: {
      name: 'populate', in: 'query', ...deep, schema: schemaRef(`${name}Populate`),
      description: `relations, media, components to include. ${BRACKETS}`,
    },
  };
  return names.map((key) => params[key]);
}
