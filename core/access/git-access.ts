import { ForbiddenError } from '../errors.js';
import { modelForPath } from '../index/load.js';
import { UPLOAD_FILE_UID, type Model, type Models } from '../schema/types.js';
import type { Caller } from './permissions.js';
import { CONTENT_ACTIONS, UPLOAD_SCOPE_ACTIONS } from './scopes.js';

/**
 * Who may use the studio's Git panel. Git sees files, not documents, so each file is judged by the
 * content type that owns it:
 * - reading (status, document states) needs a signed-in credential, and shows only files of
 *   types it may `find` (uploads: the media library's `find`); `schemas/` only to a manager;
 * - a diff shows the raw file, private fields and all, so only to a caller who may rewrite it:
 *   `update` on its type (uploads: `upload`); the API shows a reader what it may see;
 * - committing needs write grants, and commits only changed files of types the caller may
 *   `create`, `update` or `delete` (uploads: `upload` or `destroy`), never `schemas/` unless a manager;
 * - creating or switching branches and pushing change or publish every file at once, so they need a
 *   manager: a credential that may do every action on every content type and the media library
 *   (a full-access token, or a role or custom token granted all of it).
 */

const WRITES: Record<string, readonly string[]> = { content: ['create', 'update', 'delete'], upload: ['upload', 'destroy'] };
const kindOf = (model: Model) => (model.uid === UPLOAD_FILE_UID ? 'upload' : 'content');
const ownedTypes = (models: Models) => [...models.values()].filter((model) =>
  model.modelType === 'contentType' && (model.uid.startsWith('api::') || model.uid === UPLOAD_FILE_UID));

/** The model whose permissions decide a project path; undefined for `schemas/` and paths no type owns. */
function ownerOf(models: Models, path: string): Model | undefined {
  if (path.startsWith('public/uploads/')) return models.get(UPLOAD_FILE_UID);
  return modelForPath(models, path);
}

/** Every action on every content type and on the media library. */
export function mayManageGit(caller: Caller, models: Models): boolean {
  if (caller.kind === 'public') return false;
  return ownedTypes(models).every((model) => {
    const actions = kindOf(model) === 'upload' ? UPLOAD_SCOPE_ACTIONS : CONTENT_ACTIONS;
    return actions.every((action) => caller.can(model, action));
  });
}

export function mayReadPath(caller: Caller, models: Models, path: string): boolean {
  if (caller.kind === 'public') return false;
  const model = ownerOf(models, path);
  return model ? caller.can(model, 'find') : mayManageGit(caller, models);
}

export function mayWritePath(caller: Caller, models: Models, path: string): boolean {
  if (caller.kind === 'public') return false;
  const model = ownerOf(models, path);
  return model ? WRITES[kindOf(model)].some((action) => caller.can(model, action)) : mayManageGit(caller, models);
}

const UPDATES: Record<string, string> = { content: 'update', upload: 'upload' };

/** The raw file (private and password fields included) is for a caller who may rewrite it, as a commit takes it in whole. */
export function mayDiffPath(caller: Caller, models: Models, path: string): boolean {
  if (caller.kind === 'public') return false;
  const model = ownerOf(models, path);
  return model ? caller.can(model, UPDATES[kindOf(model)]) : mayManageGit(caller, models);
}

/** Any write grant at all: the least a caller needs to commit. */
export const mayWriteAny = (caller: Caller, models: Models): boolean =>
  caller.kind !== 'public' && ownedTypes(models).some((model) => WRITES[kindOf(model)].some((action) => caller.can(model, action)));

/**
 * The Public role never reaches the Git panel: 403, as Strapi answers it on a route it is not
 * granted (an invalid credential is 401 before this).
 */
export function assertSignedIn(caller: Caller): void {
  if (caller.kind === 'public') throw new ForbiddenError();
}

export function assertMayManageGit(caller: Caller, models: Models, what: string): void {
  assertSignedIn(caller);
  if (!mayManageGit(caller, models)) {
    throw new ForbiddenError('Only a credential that may do everything on every content type and the media library '
      + `(a full-access token) may ${what}`);
  }
}
