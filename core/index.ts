/**
 * The library API, what a static-site build or a custom server imports from the package.
 *
 * @example
 * import { createCms } from 'gitcms';
 * const cms = await createCms({ root: './site' });
 * const articles = await cms.documents('articles').findMany({ populate: ['author'] });
 *
 * Serving the REST API (h3, listhen) is the separate entry `gitcms/server`, so this one type-checks
 * with `lib: ["ES2022"]` and `skipLibCheck: false` without the server's dependencies.
 */

// Loading a project and reading or writing documents (Strapi 5's Document Service shape).
export { createCms, type Cms, type CreateCmsOptions } from './cms.js';
export type { Documents, FindParams, WriteParams } from './service/documents.js';
export type { Data, Row, Status } from './types.js';
// A type's documents one at a time, in bounded memory, without loading the site (a static build of 100k pages).
export { streamDocuments, type StreamOptions } from './stream/stream-documents.js';

// Typed documents: `cms types` declarations augment these registries (`declare module 'gitcms'`).
export type {
  ContentTypes, ContentTypeNames, Components, ModelShape, LinkShape, UploadFileShape, BlockNode, ContentTypeName,
} from './typed/registry.js';
export type {
  TypedDocuments, DocumentsFor, DocumentEntry, Entry, Filters, Sort, Fields, Populate, OperatorsFor, FindQuery,
} from './typed/documents.js';

// Configuration.
export { defineConfig, type CmsConfig, type WebhookConfig, type WebhookEvent } from './config/types.js';

// The project's own server code, the gitcms-native way (cms.server.ts; see docs/guide/extending.md).
export {
  defineServer, type ServerDefinition, type ServerEvent, type ServerEventData, type ServerEventResult, type ServerLifecycles,
  type ServerStrapi, type ServerRoute, type ServerPolicy, type ServerMiddleware, type ServerNamed, type ServerTypeKey,
} from './extensions/define-server.js';
export type { StrapiContext } from './extensions/context.js';

// Errors, as the HTTP face maps them to Strapi's envelope.
export {
  CmsError, ApplicationError, ValidationError, PaginationError, NotFoundError, ForbiddenError,
  UnauthorizedError, PayloadTooLargeError, ServiceUnavailableError, FileError,
} from './errors.js';
export { toErrorBody } from './strapi/errors.js';

// The Git workflow: live reindex, checks for CI, canonical formatting, static export.
export { watchProject, type ProjectWatcher, type WatchOptions } from './watch/watch.js';
export { validateProject } from './validate/validate-project.js';
export { formatProject, type FormatResult } from './format/format-project.js';
export { exportApi, type ExportOptions, type ExportResult } from './export/export-api.js';
