import { mayReachDocument, type DocumentAction } from '../access/document-gate.js';
import type { Caller } from '../access/permissions.js';
import type { Cms } from '../cms.js';
import { parseFileName } from '../index/file-name.js';
import { modelForPath } from '../index/load.js';
import { NotFoundError } from '../errors.js';
import type { Model } from '../schema/types.js';

/** The request a studio route answers: its credential, headers and URL go to the project's policies. */
export interface StudioAsk { cms: Cms; request: Request; url: URL }

/** The document a content file holds (`content/<folder>/<documentId>[.<locale>][.draft].<ext>`), else undefined. */
export function documentAtPath(cms: Cms, path: string): { model: Model; documentId: string } | undefined {
  const model = modelForPath(cms.models, path);
  const name = model && parseFileName(path.slice(path.lastIndexOf('/') + 1));
  return model && name ? { model, documentId: name.documentId } : undefined;
}

/**
 * Whether the request may reach the document a project path holds for one of `actions`, by the one access decision
 * (core/access/document-gate.ts: the project's route for the action, or the grants). A path that holds no document
 * of a content type (media files, `schemas/`) keeps the Git panel's own rule (core/access/git-access.ts).
 *
 * @example
 * await mayReachPath(ask, caller, 'content/pages/a1.json', ['update'], mayDiffPath) // false: no route updates pages
 */
export async function mayReachPath(
  ask: StudioAsk, caller: Caller, path: string, actions: DocumentAction[],
  otherwise: (caller: Caller, models: Cms['models'], path: string) => boolean,
): Promise<boolean> {
  if (caller.kind === 'public') return false;
  const document = documentAtPath(ask.cms, path);
  if (!document) return otherwise(caller, ask.cms.models, path);
  for (const action of actions) {
    if (await mayReachDocument(ask.cms, { ...document, action, request: ask.request, url: ask.url })) return true;
  }
  return false;
}

/** The same for a whole type (a list's states, a uid's uniqueness): the route for the action, no document named. */
export async function mayReachType(ask: StudioAsk, model: Model, actions: DocumentAction[]): Promise<boolean> {
  for (const action of actions) if (await mayReachDocument(ask.cms, { model, action, request: ask.request, url: ask.url })) return true;
  return false;
}

/** Each path of `paths` the request may reach for one of `actions`, decided once per path (a commit's files). */
export async function reachablePaths(
  ask: StudioAsk, caller: Caller, paths: string[], actions: DocumentAction[],
  otherwise: (caller: Caller, models: Cms['models'], path: string) => boolean,
): Promise<Set<string>> {
  const allowed = new Set<string>();
  for (const path of new Set(paths)) if (await mayReachPath(ask, caller, path, actions, otherwise)) allowed.add(path);
  return allowed;
}

/** The content type a studio route's `?type=` names (plural name, or a single type's singular name); a 404 otherwise. */
export function studioType(cms: Cms, url: URL): Model {
  const type = url.searchParams.get('type') ?? '';
  const model = cms.contentTypes()
    .find((candidate) => candidate.pluralName === type || (candidate.kind === 'singleType' && candidate.singularName === type));
  if (!model) throw new NotFoundError(`No content type "${type}"`);
  return model;
}
