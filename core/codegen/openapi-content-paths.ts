import type { Model } from '../schema/types.js';
import { markdownText } from './escape.js';
import { typeName } from './names.js';
import { answer, errors, json, param, type PathItem } from './openapi-operation-parts.js';
import { modelQueryParams } from './openapi-parameters.js';
import { schemaRef } from './openapi-schemas.js';

/** The OpenAPI paths of one content type's REST routes (core/strapi/routes.ts): list, find, create, update, delete. */

/** The query parameters one read or write of a model takes. */
function queryParams(model: Model, list: boolean): unknown[] {
  const typed = modelQueryParams(typeName(model), list ? ['filters', 'sort', 'fields', 'populate'] : ['fields', 'populate']);
  const params = list ? ['pagination', 'q'] : [];
  if (model.localized) params.push('locale');
  if (model.draftAndPublish) params.push('status', ...(list ? ['publicationFilter'] : []));
  return [...typed, ...[...params, 'responseFormat'].map(param)];
}

export function contentTypePaths(model: Model, prefix: string): Record<string, PathItem> {
  const name = typeName(model);
  const tags = [model.displayName];
  const label = model.displayName;
  const body = { required: true, content: json(schemaRef(`${name}Request`)) };
  const one = answer(`the ${markdownText(model.displayName)} entry`, schemaRef(`${name}Response`));
  const writeParams = queryParams(model, false);
  const deleted = { description: 'deleted (also when there was nothing to delete, as Strapi)' };
  if (model.kind === 'singleType') {
    return {
      [`${prefix}/${model.singularName}`]: {
        get: {
          operationId: `find${name}`, summary: `Get the ${label}`, tags, parameters: queryParams(model, false),
          responses: { 200: one, ...errors(400, 401, 403, 404) },
        },
        put: {
          operationId: `update${name}`, summary: `Create or update the ${label}`, tags, parameters: writeParams, requestBody: body,
          responses: { 200: one, ...errors(400, 401, 403) },
        },
        delete: {
          operationId: `delete${name}`, summary: `Delete the ${label}`, tags, parameters: model.localized ? [param('locale')] : [],
          responses: { 204: deleted, ...errors(401, 403) },
        },
      },
    };
  }
  return {
    [`${prefix}/${model.pluralName}`]: {
      get: { operationId: `find${name}`, summary: `List ${label} entries`, tags, parameters: queryParams(model, true), responses: {
        200: answer(`a page of ${markdownText(model.pluralName)}`, schemaRef(`${name}ListResponse`)), ...errors(400, 401, 403)
      } },
      post: {
        operationId: `create${name}`, summary: `Create one ${label} entry`, tags, parameters: writeParams, requestBody: body,
        responses: { 201: one, ...errors(400, 401, 403) },
      },
    },
    [`${prefix}/${model.pluralName}/{documentId}`]: {
      parameters: [param('documentId')],
      get: {
        operationId: `findOne${name}`, summary: `Get one ${label} entry`, tags, parameters: queryParams(model, false),
        responses: { 200: one, ...errors(400, 401, 403, 404) },
      },
      put: {
        operationId: `update${name}`, summary: `Update one ${label} entry`, tags, parameters: writeParams, requestBody: body,
        responses: { 200: one, ...errors(400, 401, 403, 404) },
      },
      delete: {
        operationId: `delete${name}`, summary: `Delete one ${label} entry`, tags, parameters: model.localized ? [param('locale')] : [],
        responses: { 204: deleted, ...errors(401, 403) },
      },
    },
  };
}
