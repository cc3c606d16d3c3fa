import { z } from 'zod';
import type { DocumentAction } from '../access/document-gate.js';
import type { Model } from '../schema/types.js';
import { CONTENT_HANDLERS, type Operation } from './content-handlers.js';
import { dataSchema } from './data-schema.js';
import { strapiAttributes } from './model-attributes.js';
import { deleteOutputSchema, documentOutputSchema, listOutputSchema } from './output-schemas.js';
import {
  documentIdSchema, filtersSchema, localeSchema, pageSchema, pageSizeSchema, sortSchema, statusSchema,
} from './query-schemas.js';
import { cachedSchema } from './schema-cache.js';
import type { McpToolContext, McpToolDefinition } from './tool-types.js';

/** Strapi's Content Manager actions, as its permission checker names them. */
export const EXPLORER = {
  read: 'plugin::content-manager.explorer.read',
  create: 'plugin::content-manager.explorer.create',
  update: 'plugin::content-manager.explorer.update',
  delete: 'plugin::content-manager.explorer.delete',
  publish: 'plugin::content-manager.explorer.publish',
} as const;

/**
 * A derived tool: Strapi's definition, plus the REST actions that decide who sees and calls it here (list → `find`,
 * get → `findOne`, create, update (and a single type's write: create or update), delete; discard → `update`; publish
 * and unpublish → `update` where the project's routes decide, else the token's `publish` scope, as Strapi's
 * `explorer.publish`).
 */
export type DerivedTool = McpToolDefinition & { restActions: DocumentAction[]; uid: string; publishes?: true };

/** `api::article.article` → `article`, `api::writer.editor` → `writer_editor`, `plugin::i18n.locale` → `plugin-i18n_locale`. */
export function slugifyUidForMcpToolName(uid: string): string {
  const [namespace, modelName] = uid.split('::');
  const parts = modelName.split('.').map((part) => part.toLowerCase());
  if (namespace === 'api') return parts[0] === parts[1] ? parts[0] : parts.join('_');
  return `${namespace.toLowerCase()}-${parts.join('_')}`;
}

const NOTES: Record<string, string> = {
  write: ' Creates or updates the single-type document. If no document exists, creates one; otherwise updates the existing draft.',
  publish: ' Operates on an existing document by documentId and may return a different numeric id for the published version row.',
  unpublish: ' Operates on an existing document by documentId and may return a different numeric id for the draft version row.',
  discard_draft: ' Operates on an existing document by documentId; treat documentId as the stable identity.',
};

/** Strapi's title and description of a derived tool. */
export const describeTool = (apiID: string, uid: string, operation: string) =>
  ({ title: `Content: ${apiID} — ${operation}`, description: `Content-manager ${operation} for ${uid}.${NOTES[operation] ?? ''}` });

/** The tools of one content type, in Strapi's order, with its names, schemas and descriptions. */
export function contentTypeTools(model: Model, models: ReadonlyMap<string, Model>): DerivedTool[] {
  const slug = slugifyUidForMcpToolName(model.uid);
  const attributes = strapiAttributes(model);
  const single = model.kind === 'singleType';
  // Strapi 5.54 derives its tools before i18n has loaded the locales (`localeCodes` []): the plain locale string, recorded
  const locale = () => localeSchema([], null, model.localized, null);
  const data = () => dataSchema(models, attributes, null);
  const documentId = single ? {} : { documentId: documentIdSchema };
  // Strapi's readable fields: all of them to a credential that may read the type, none to one that may not (an
  // update-only token): its answers' `data` is then any record, as recorded
  const readable = (context: McpToolContext) =>
    (context.cms.routeGate?.owns(model) || ['find', 'findOne'].some((action) => context.caller.can(model, action))
      ? null : new Set<string>());
  const read = (permitted: Set<string> | null) => documentOutputSchema(attributes, permitted);
  // built once per loaded models (schema-cache.ts): the input depends on nothing else, the output on `readable` alone
  const tool = (
    operation: Operation, name: string, explorer: string[], restActions: DocumentAction[],
    input: () => z.ZodType, output: (permitted: Set<string> | null) => z.ZodType,
  ): DerivedTool => ({
    name, uid: model.uid, restActions, ...describeTool(model.singularName, model.uid, operation),
    auth: { policies: explorer.map((action) => ({ action, subject: model.uid })) },
    resolveInputSchema: () => cachedSchema(models, `${name} input`, input),
    resolveOutputSchema: (context) => {
      const permitted = readable(context);
      return cachedSchema(models, `${name} output ${permitted === null ? 'all' : 'none'}`, () => output(permitted));
    },
    createHandler: (_strapi: unknown, context: McpToolContext) => CONTENT_HANDLERS[operation](model, context),
  });
  const tools: DerivedTool[] = single ? [
    tool('get', `get_${slug}`, [EXPLORER.read], ['findOne'], () => z.object({ locale: locale(), status: statusSchema }), read),
    tool('write', `write_${slug}`, [EXPLORER.create, EXPLORER.update], ['create', 'update'],
      () => z.object({ data: data(), locale: locale() }), read),
    tool('delete', `delete_${slug}`, [EXPLORER.delete], ['delete'], () => z.object({ locale: locale() }), deleteOutputSchema),
  ] : [
    tool('list', `list_${slug}`, [EXPLORER.read], ['find'], () => z.object({
      locale: locale(), status: statusSchema, page: pageSchema, pageSize: pageSizeSchema,
      sort: sortSchema(attributes, null), filters: filtersSchema(attributes, null),
    }), (permitted) => listOutputSchema(attributes, permitted)),
    tool('get', `get_${slug}`, [EXPLORER.read], ['findOne'],
      () => z.object({ documentId: documentIdSchema, locale: locale(), status: statusSchema }), read),
    tool('create', `create_${slug}`, [EXPLORER.create], ['create'], () => z.object({ data: data(), locale: locale() }), read),
    tool('update', `update_${slug}`, [EXPLORER.update], ['update'],
      () => z.object({ documentId: documentIdSchema, data: data(), locale: locale() }), read),
    tool('delete', `delete_${slug}`, [EXPLORER.delete], ['delete'], () => z.object({ documentId: documentIdSchema, locale: locale() }),
      deleteOutputSchema),
  ];
  if (model.draftAndPublish) {
    tools.push(
      { ...tool('publish', `publish_${slug}`, [EXPLORER.publish], ['update'], () => z.object({ ...documentId, locale: locale() }), read),
        publishes: true },
      { ...tool('unpublish', `unpublish_${slug}`, [EXPLORER.publish], ['update'], () => z.object({
        ...documentId, locale: locale(), discardDraft: z.boolean().optional().describe('Also discard the draft when unpublishing.'),
      }), read), publishes: true },
      tool('discard_draft', `discard_${slug}_draft`, [EXPLORER.update], ['update'],
        () => z.object({ ...documentId, locale: locale() }), read),
    );
  }
  return tools;
}

/** Every content type's tools (the media library's files and the plugins' types are not among them, as in Strapi's list). */
export function deriveContentTools(models: ReadonlyMap<string, Model>): DerivedTool[] {
  return [...models.values()]
    .filter((model) => model.modelType === 'contentType' && model.uid.startsWith('api::'))
    .flatMap((model) => contentTypeTools(model, models));
}
