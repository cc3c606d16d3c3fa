import { answer, errors, param, type PathItem } from './openapi-operation-parts.js';
import { modelQueryParams } from './openapi-parameters.js';
import { schemaRef } from './openapi-schemas.js';

/** The OpenAPI paths of the media library: upload, list, find and delete files. */

export function uploadPaths(prefix: string): Record<string, PathItem> {
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
