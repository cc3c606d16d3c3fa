import type { CmsConfig } from '../config/types.js';
import type { Model } from '../schema/types.js';
import { markdownText } from './escape.js';
import { typeName } from './names.js';
import { schemaRef } from './openapi-schemas.js';

/**
 * The `paths` of the OpenAPI document: every route the server answers for a project — the
 * content-type routes (core/strapi/routes.ts), the publish and history extensions
 * (http/cms-routes.ts), the media library, users-permissions, i18n locales, the health check and
 * this document itself.
 */

type Operation = Record<string, unknown>;
type PathItem = Record<string, Operation | unknown[]>;

const json = (schema: unknown) => ({ 'application/json': { schema } });
const answer = (description: string, schema?: unknown) => (schema ? { description, content: json(schema) } : { description });
const ERRORS: Record<string, string> = {
  400: 'ValidationError: an unknown key, an invalid value or query (details name the path)',
  401: 'UnauthorizedError: a bad or expired Bearer token',
  403: 'ForbiddenError: the caller may not do this',
  404: 'NotFoundError',
  429: 'TooManyRequestsError: the auth rate limit',
};
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [
  String(status), answer(ERRORS[status], schemaRef('Error')),
]));
const param = (name: string) => ({ $ref: `#/components/parameters/${name}` });

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

/** The query parameters one read or write of a model takes. */
function queryParams(model: Model, list: boolean): unknown[] {
  const typed = modelQueryParams(typeName(model), list ? ['filters', 'sort', 'fields', 'populate'] : ['fields', 'populate']);
  const params = list ? ['pagination', 'q'] : [];
  if (model.localized) params.push('locale');
  if (model.draftAndPublish) params.push('status', ...(list ? ['publicationFilter'] : []));
  return [...typed, ...[...params, 'responseFormat'].map(param)];
}

function contentTypePaths(model: Model, prefix: string): Record<string, PathItem> {
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

const ACTION_SUMMARY: Record<string, string> = { publish: 'Publish', unpublish: 'Unpublish', 'discard-draft': 'Discard the draft of' };

/** `<prefix>/_cms/…`: publish, unpublish, discard-draft (draft & publish types) and git history. */
function extensionPaths(model: Model, prefix: string): Record<string, PathItem> {
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

function uploadPaths(prefix: string): Record<string, PathItem> {
  const tags = ['Upload'];
  const fileQuery = modelQueryParams('UploadFile', ['filters', 'sort', 'fields']);
  const file = schemaRef('UploadFile');
  const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'a file id or documentId' };
  return {
    [`${prefix}/upload`]: {
      post: {
        operationId: 'upload', summary: 'Upload files, or replace one', tags,
        parameters: [{
          name: 'id', in: 'query', schema: { type: 'string' }, description: 'replace this file (or, with only fileInfo, its metadata)',
        }],
        requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: {
          files: { type: 'array', items: { type: 'string', contentMediaType: 'application/octet-stream' } },
          fileInfo: { type: 'string', description: 'JSON: { name, alternativeText, caption }' }, ref: { type: 'string' },
          refId: { type: 'string' }, field: { type: 'string' },
        } } } } },
        responses: {
          200: answer('the replaced or updated file', file), 201: answer('the uploaded files', { type: 'array', items: file }),
          ...errors(400, 401, 403, 404), 413: answer('PayloadTooLargeError', schemaRef('Error')),
        },
      },
    },
    [`${prefix}/upload/files`]: {
      get: {
        operationId: 'findFiles', summary: 'List media files', tags, parameters: [...fileQuery, param('pagination')],
        responses: { 200: answer('every file (no envelope)', { type: 'array', items: file }), ...errors(400, 401, 403) },
      },
    },
    [`${prefix}/upload/files/page`]: {
      get: {
        operationId: 'findFilesPage', summary: 'List media files by page', tags, parameters: [...fileQuery, param('pagination')],
        responses: { 200: answer('a page of files', { type: 'object', properties: {
          data: { type: 'array', items: file }, meta: { type: 'object', properties: { pagination: schemaRef('Pagination') } },
        } }), ...errors(400, 401, 403) },
      },
    },
    [`${prefix}/upload/files/{id}`]: {
      parameters: [idParam],
      get: {
        operationId: 'findOneFile', summary: 'Get a media file', tags,
        responses: { 200: answer('the file', file), ...errors(401, 403, 404) },
      },
      delete: {
        operationId: 'destroyFile', summary: 'Delete a media file', tags,
        responses: { 200: answer('the deleted file; documents pointing at it are cleared', file), ...errors(401, 403, 404) },
      },
    },
  };
}

function usersPermissionsPaths(prefix: string): Record<string, PathItem> {
  const tags = ['Users-Permissions'];
  const body = (properties: Record<string, unknown>, required: string[]) => ({
    required: true, content: json({ type: 'object', required, properties }),
  });
  const text = { type: 'string' };
  const auth = answer('a JWT and the user', schemaRef('AuthResponse'));
  const post = (operationId: string, summary: string, requestBody: unknown, ok: Record<string, unknown>) =>
    ({ post: { operationId, summary, tags, requestBody, responses: { ...ok, ...errors(400, 401, 403, 429) } } });
  const get = (operationId: string, summary: string, ok: unknown, extra: Record<string, unknown> = {}) =>
    ({ get: { operationId, summary, tags, ...extra, responses: { 200: ok, ...errors(400, 401, 403, 404) } } });
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
  return {
    [`${prefix}/auth/local`]: post(
      'login', 'Sign in with an identifier and password', body({ identifier: text, password: text }, ['identifier', 'password']),
      { 200: auth },
    ),
    [`${prefix}/auth/local/register`]: post(
      'register', 'Register a user', body({ username: text, email: text, password: text }, ['username', 'email', 'password']),
      { 200: auth },
    ),
    [`${prefix}/auth/forgot-password`]: post(
      'forgotPassword', 'Ask for a password reset email', body({ email: text }, ['email']),
      { 200: answer('always ok', { type: 'object', properties: { ok: { type: 'boolean' } } }) },
    ),
    [`${prefix}/auth/reset-password`]: post(
      'resetPassword', 'Reset a password with the emailed code',
      body({ code: text, password: text, passwordConfirmation: text }, ['code', 'password', 'passwordConfirmation']), { 200: auth },
    ),
    [`${prefix}/auth/change-password`]: post(
      'changePassword', 'Change the signed-in user\'s password',
      body({ currentPassword: text, password: text, passwordConfirmation: text }, ['currentPassword', 'password', 'passwordConfirmation']),
      { 200: auth },
    ),
    [`${prefix}/users/me`]: get(
      'me', 'Get the signed-in user', answer('the signed-in user', schemaRef('User')), { parameters: [param('populate')] },
    ),
    [`${prefix}/users/count`]: get(
      'countUsers', 'Count users', answer('how many users match', { type: 'integer' }), { parameters: [param('filters')] },
    ),
    [`${prefix}/users`]: get(
      'findUsers', 'List users', answer('users (no envelope)', { type: 'array', items: schemaRef('User') }),
      { parameters: [param('filters'), param('q'), param('sort'), param('fields'), param('populate')] },
    ),
    [`${prefix}/users/{id}`]: {
      parameters: [id], ...get('findOneUser', 'Get a user', answer('a user', schemaRef('User')), { parameters: [param('populate')] })
    },
    [`${prefix}/users-permissions/roles`]: get(
      'findRoles', 'List roles',
      answer('the roles', { type: 'object', properties: { roles: { type: 'array', items: schemaRef('Role') } } }),
    ),
    [`${prefix}/users-permissions/roles/{id}`]: {
      parameters: [id], ...get('findOneRole', 'Get a role', answer('a role', { type: 'object', properties: { role: schemaRef('Role') } }))
    },
  };
}

/**
 * Every path the server answers for these content types under this config, sorted.
 *
 * @example
 * Object.keys(openApiPaths(types, config)) // ['/_health', '/api/_cms/articles/{documentId}/discard-draft', …]
 */
export function openApiPaths(types: Model[], config: CmsConfig): Record<string, PathItem> {
  const prefix = config.api.rest.prefix;
  const paths: Record<string, PathItem> = {
    '/_health': { get: {
      operationId: 'health', summary: 'Health check', tags: ['Server'], responses: { 204: { description: 'the server is up' } },
    } },
    '/openapi.json': { get: {
      operationId: 'openapi', summary: 'This OpenAPI document', tags: ['Server'],
      responses: { 200: answer('this document', { type: 'object' }) },
    } },
    [`${prefix}/i18n/locales`]: {
      get: {
        operationId: 'listLocales', summary: 'List the configured locales', tags: ['I18n'],
        responses: { 200: answer('the configured locales', { type: 'array', items: { type: 'object', properties: {
          id: { type: 'integer' }, documentId: { type: 'string' }, name: { type: 'string' }, code: { type: 'string' },
          isDefault: { type: 'boolean' },
        } } }), ...errors(401, 403) },
      },
    },
    ...uploadPaths(prefix),
    ...usersPermissionsPaths(prefix),
  };
  for (const model of types) Object.assign(paths, contentTypePaths(model, prefix), extensionPaths(model, prefix));
  return Object.fromEntries(Object.keys(paths).sort().map((key) => [key, paths[key]]));
}
