import { authorizeDocument, narrowFilters, type DocumentAction, type GatedWork } from '../access/document-gate.js';
import type { Caller } from '../access/permissions.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import type { Model } from '../schema/types.js';
import type { Data } from '../types.js';
import { publishGrant } from './ability.js';
import { formatVersion, localeBrief, remainingRows, statusBrief } from './format-version.js';
import { versionPopulate } from './populate.js';
import { ResultBudget } from './bounded-json.js';
import { okWithin, type McpToolContext, type ToolHandler } from './tool-types.js';

export type Operation = 'list' | 'get' | 'create' | 'update' | 'write' | 'delete' | 'publish' | 'unpublish' | 'discard_draft';
type Args = Record<string, unknown>;

const NOT_FOUND = 'Document not found.';
const NOT_FOUND_LOCALE = 'Document locale not found.';

/**
 * The one access decision REST takes (core/access/document-gate.ts): the project's route for the action when its code
 * owns the type (its policies see the `/mcp` request and `{ data }` as the body), else the credential's grants.
 */
async function gated<T>(
  context: McpToolContext, model: Model, action: DocumentAction, documentId: string | undefined,
  work: GatedWork<T>, body?: unknown, grant: string = action,
): Promise<T> {
  const { cms, request, url } = context;
  if (!cms.routeGate?.owns(model)) {
    if (!context.caller.can(model, grant)) throw new ForbiddenError();
    return work(context.caller);
  }
  const done = await authorizeDocument(cms, { model, action, documentId, request, url, body }, work);
  if (!done.ran) throw new ForbiddenError();
  return done.value;
}

/** The Content Manager's defaults: the default locale, and the draft of a draft & publish type. */
const dimensions = (context: McpToolContext, model: Model, args: Args, status?: unknown) => ({
  locale: model.localized ? String(args.locale ?? context.cms.config.defaultLocale) : undefined,
  status: (status ?? (model.draftAndPublish ? 'draft' : 'published')) as 'draft' | 'published',
});

/**
 * A version's `localizations` when the REST reader left them out (a credential that may write the type but not read it):
 * the Content Manager answers them whatever the role reads (recorded: access.custom-posts-update.discard-post), the
 * document's rows of the other locales in the version's status.
 */
function withLocalizations(context: McpToolContext, model: Model, version: Data): Data {
  if (!model.localized || (Array.isArray(version.localizations) && context.caller.can(model, 'find'))) return version;
  const status = version.publishedAt ? 'published' : 'draft';
  const localizations = context.cms.index.documentRows(model.uid, String(version.documentId))
    .filter((row) => row.locale !== version.locale && (!model.draftAndPublish || row.status === status))
    .map((row) => ({ documentId: row.documentId, locale: row.locale }));
  return { ...version, localizations };
}

/** A version as the Content Manager answers it, its private-bucket media URLs signed as REST signs them. */
const formatted = async (context: McpToolContext, model: Model, version: Data, view: 'list' | 'read' | 'written' = 'read') => {
  const signed = await context.cms.service.signMedia(model.uid, withLocalizations(context, model, version));
  return formatVersion(context.cms, model, signed, view, context.caller.can(model, 'update'));
};

/** An answer within mcp.maxResultChars. */
const ok = (context: McpToolContext, structured: Record<string, unknown>) =>
  okWithin(structured, new ResultBudget(context.cms.config.mcp.maxResultChars));

/**
 * The locales a document has rows in, as Strapi's `getAvailableLocales` orders them: the default locale first, then as
 * its rows come from the database (by id, here the locale's first creation; the configured order between equals).
 */
function localesOf(context: McpToolContext, model: Model, documentId: string): string[] {
  const { config } = context.cms;
  const first = new Map<string, string>();
  for (const row of context.cms.index.documentRows(model.uid, documentId)) {
    const known = row.locale === null ? undefined : first.get(row.locale);
    if (row.locale !== null && (known === undefined || row.createdAt < known)) first.set(row.locale, row.createdAt);
  }
  const rank = (code: string) => (code === config.defaultLocale ? -1 : config.locales.indexOf(code));
  return [...first.keys()].sort((a, b) => (a === config.defaultLocale || b === config.defaultLocale ? rank(a) - rank(b)
    : first.get(a)!.localeCompare(first.get(b)!) || rank(a) - rank(b)));
}

/** The other locales a document exists in (Strapi's `meta.availableLocales`), and its other status (`availableStatus`). */
function metaOf(
  context: McpToolContext, model: Model, documentId: string, locale: string | undefined, status: string, caller: Caller,
) {
  const { cms } = context;
  const others = model.localized ? localesOf(context, model, documentId).filter((code) => code !== locale) : [];
  const availableLocales = others.flatMap((code) => {
    const found = cms.service.findOne(model, documentId, { locale: code, status: 'draft' } as never, caller);
    return found ? [localeBrief(cms, model, found)] : [];
  });
  const other = status === 'draft' ? 'published' : 'draft';
  const counterpart = model.draftAndPublish
    ? cms.service.findOne(model, documentId, { locale, status: other } as never, caller) : undefined;
  return { availableLocales, availableStatus: counterpart ? [statusBrief(counterpart)] : [] };
}

const read = (
  context: McpToolContext, model: Model, documentId: string, args: Args, caller: Caller, status?: unknown, filters?: unknown,
) => {
  const { locale, status: resolved } = dimensions(context, model, args, status);
  const populate = versionPopulate(context.cms.models, model, caller);
  return context.cms.service.findOne(model, documentId, { locale, status: resolved, populate, filters } as never, caller);
};

const singleId = (context: McpToolContext, model: Model) => context.cms.index.singleDocumentId(model.uid) ?? undefined;
const idOf = (context: McpToolContext, model: Model, args: Args) =>
  (model.kind === 'singleType' ? singleId(context, model) : String(args.documentId));

/** One version, `{ data, meta }`, after a change (the version the change left, in the status it names). */
async function answer(
  context: McpToolContext, model: Model, documentId: string, args: Args, caller: Caller, status: string,
  view: 'read' | 'written' = 'written',
) {
  const version = read(context, model, documentId, args, caller, status);
  if (!version) throw new NotFoundError(NOT_FOUND);
  const { locale } = dimensions(context, model, args);
  const data = await formatted(context, model, version, view);
  return ok(context, { data, meta: metaOf(context, model, documentId, locale, status, caller) });
}

/**
 * Strapi's unpublish tool answers the published version it removed (`status: published`, its `publishedAt`), with the
 * rows the document keeps as its `localizations` and the draft as `availableStatus` (recorded: `unpublish.post`).
 */
async function unpublished(context: McpToolContext, model: Model, before: Data, locale: string | undefined, caller: Caller) {
  const documentId = String(before.documentId);
  const data: Record<string, unknown> = { ...await formatted(context, model, before, 'written'), status: 'published' };
  data.localizations = remainingRows(context.cms, model, documentId);
  return ok(context, { data, meta: metaOf(context, model, documentId, locale, 'published', caller) });
}

type Make = (model: Model, context: McpToolContext) => ToolHandler;

// A read ANDs its filters with those the project route's middlewares left (`layers`): a list narrowed over REST is here too.
const list: Make = (model, context) => async ({ args = {} }) => gated(context, model, 'find', undefined, async (caller, layers) => {
  const { locale, status } = dimensions(context, model, args, args.status);
  const pagination = { page: args.page ?? 1, pageSize: args.pageSize ?? 10 };
  const query = { locale, status, pagination, sort: args.sort, filters: narrowFilters(args.filters, layers), populate: '*' };
  const page = context.cms.service.findPage(model, query as never, caller);
  // each result is counted as it is made: past mcp.maxResultChars the list stops there, never built whole
  const budget = new ResultBudget(context.cms.config.mcp.maxResultChars);
  budget.charge('{"results":[],"pagination":}'.length);
  const results: Record<string, unknown>[] = [];
  const texts: string[] = [];
  for (const version of page.data) {
    const result = await formatted(context, model, version, 'list');
    texts.push(budget.json(result));
    if (texts.length > 1) budget.charge(1);
    results.push(result);
  }
  const text = `{"results":[${texts.join(',')}],"pagination":${budget.json(page.meta.pagination)}}`;
  return { content: [{ type: 'text', text }], structuredContent: { results, pagination: page.meta.pagination } };
});

const get: Make = (model, context) => async ({ args = {} }) => {
  const documentId = idOf(context, model, args);
  return gated(context, model, 'findOne', documentId, async (caller, layers) => {
    if (documentId === undefined) throw new NotFoundError(NOT_FOUND);
    const { locale, status } = dimensions(context, model, args, args.status);
    const filters = narrowFilters(undefined, layers);
    const version = read(context, model, documentId, args, caller, status, filters);
    if (!version) {
      // a document the route's middlewares filter out is not there for this caller
      if (!context.cms.index.documentRecords(model.uid, documentId).length || filters !== undefined) throw new NotFoundError(NOT_FOUND);
      // Strapi's metadata then reads a version of the locale asked, none when none was: every locale is listed
      const asked = typeof args.locale === 'string' ? locale : undefined;
      const { availableLocales } = metaOf(context, model, documentId, asked, status, caller);
      return ok(context, { data: {}, meta: { availableLocales, availableStatus: [] } });
    }
    const data = await formatted(context, model, version);
    return ok(context, { data, meta: metaOf(context, model, documentId, locale, status, caller) });
  });
};

const create: Make = (model, context) => async ({ args = {} }) => gated(context, model, 'create', undefined, async (caller) => {
  const { locale, status } = dimensions(context, model, args);
  const written = await context.cms.service.create(model, { data: args.data ?? {} }, { locale, status } as never, caller);
  return answer(context, model, String(written.data.documentId), args, caller, status);
}, { data: args.data });

const update: Make = (model, context) => async ({ args = {} }) => {
  const documentId = idOf(context, model, args);
  const exists = documentId !== undefined && context.cms.index.documentRecords(model.uid, documentId).length > 0;
  if (!exists && model.kind !== 'singleType') throw new NotFoundError(NOT_FOUND);
  // A single type with no document yet: its write creates it (Strapi's write tool), as the create route decides.
  const action: DocumentAction = exists ? 'update' : 'create';
  return gated(context, model, action, documentId, async (caller) => {
    const { locale, status } = dimensions(context, model, args);
    const written = await context.cms.service.update(model, documentId, { data: args.data ?? {} }, { locale, status } as never, caller);
    if (!written) throw new NotFoundError(NOT_FOUND);
    // Strapi's single-type write updates with its get's deep populate, so its answer names the relations (recorded:
    // write.homepage); a collection's update, and a single type's first write (a create), answer them unpopulated.
    const view = model.kind === 'singleType' && exists ? 'read' : 'written';
    return answer(context, model, String(written.data.documentId), args, caller, status, view);
  }, { data: args.data });
};

const remove: Make = (model, context) => async ({ args = {} }) => {
  const documentId = idOf(context, model, args);
  return gated(context, model, 'delete', documentId, async (caller) => {
    if (documentId === undefined) throw new NotFoundError(NOT_FOUND);
    const { locale } = dimensions(context, model, args);
    const deleted = await context.cms.service.delete(model, documentId, { locale } as never, caller);
    if (!deleted) throw new NotFoundError(NOT_FOUND);
    return ok(context, { data: {} });
  });
};

/** Publish, unpublish and discard: the `_cms` routes' transitions, judged as the update route (as REST judges them). */
const transition = (name: 'publish' | 'unpublish' | 'discardDraft'): Make => (model, context) => async ({ args = {} }) => {
  const documentId = idOf(context, model, args);
  return gated(context, model, 'update', documentId, async (caller) => {
    if (documentId === undefined || !context.cms.index.documentRecords(model.uid, documentId).length) throw new NotFoundError(NOT_FOUND);
    const { locale } = dimensions(context, model, args);
    const need = name === 'publish' ? 'draft' : 'published';
    const before = read(context, model, documentId, args, caller, need);
    if (!before) throw new NotFoundError(name === 'publish' ? NOT_FOUND_LOCALE : NOT_FOUND);
    if (name === 'unpublish' && args.discardDraft === true) await context.cms.writer.discardDraft(model, documentId, locale, caller);
    await context.cms.writer[name](model, documentId, locale, caller);
    if (name === 'unpublish') return unpublished(context, model, before, locale, caller);
    return answer(context, model, documentId, args, caller, name === 'publish' ? 'published' : 'draft');
  }, undefined, name === 'discardDraft' ? 'update' : publishGrant(context.caller));
};

export const CONTENT_HANDLERS: Record<Operation, Make> = {
  list, get, create, update, write: update, delete: remove,
  publish: transition('publish'), unpublish: transition('unpublish'), discard_draft: transition('discardDraft'),
};
