import type { Model } from '../schema/types.js';
import { markdownText } from './escape.js';
import { typeName } from './names.js';
import { answer, errors, param, type PathItem } from './openapi-operation-parts.js';
import { schemaRef } from './openapi-schemas.js';

/** The OpenAPI paths of one content type's extension routes (http/cms-routes.ts): publication and git history. */

const ACTION_SUMMARY: Record<string, string> = { publish: 'Publish', unpublish: 'Unpublish', 'discard-draft': 'Discard the draft of' };

/** `<prefix>/_cms/…`: publish, unpublish, discard-draft (draft & publish types) and git history. */
export function extensionPaths(model: Model, prefix: string): Record<string, PathItem> {
  const name = typeName(model);
  const single = model.kind === 'singleType';
  const base = `${prefix}/_cms/${single ? model.singularName : `${model.pluralName}/{documentId}`}`;
  const idParam = single ? [] : [param('documentId')];
  const tags = [model.displayName];
  const locale = model.localized ? [param('locale')] : [];
  const paths: Record<string, PathItem> = {};
  if (model.draftAndPublish) {
    for (const [action, verb] of [['publish', 'publish'], ['unpublish', 'unpublish'], ['discard-draft', 'discardDraft']]) {
      paths[`${base}/${action}`] = {
        parameters: idParam,
        post: {
          operationId: `${verb}${name}`, summary: `${ACTION_SUMMARY[action]} one ${model.displayName} entry`, tags, parameters: locale,
          responses: {
            200: answer(`the ${markdownText(model.displayName)} after ${action}`, schemaRef(`${name}Response`)),
            ...errors(400, 401, 403, 404)
          },
        },
      };
    }
  }
  const version = {
    type: 'object',
    properties: { commit: { type: 'string' }, author: { type: 'string' }, date: { type: 'string' }, message: { type: 'string' } },
  };
  paths[`${base}/history`] = {
    parameters: idParam,
    get: {
      operationId: `history${name}`, summary: `List the versions of one ${model.displayName} entry in git`, tags,
      responses: { 200: answer(
        'versions from git, newest first',
        { type: 'object', properties: { data: { type: 'array', items: version }, meta: { type: 'object' } } },
      ), ...errors(401, 403, 404) },
    },
  };
  paths[`${base}/history/{commit}`] = {
    parameters: [...idParam, { name: 'commit', in: 'path', required: true, schema: { type: 'string' } }],
    get: {
      operationId: `historyAt${name}`, summary: `Get one ${model.displayName} entry as it was at a commit`, tags,
      parameters: [...locale, ...(model.draftAndPublish ? [param('status')] : [])],
      responses: { 200: answer(
        'the document as it was at that commit',
        { type: 'object', properties: { data: {}, meta: { type: 'object', properties: { commit: { type: 'string' } } } } },
      ), ...errors(400, 401, 403, 404) },
    },
  };
  return paths;
}
