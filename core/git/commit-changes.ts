import { ForbiddenError, ValidationError } from '../errors.js';
import { GitRefusedError, gitReason } from './git-errors.js';
import { createGit } from './git.js';
import { createWorkTree, oneAtATime } from './work-tree.js';

export interface CommitChangesRequest {
  /** The changed files to commit (checked project paths); every changed file the caller may write when left out. */
  paths?: string[];
  /** Whether the caller may commit this path (core/access/git-access.ts). */
  mayWrite: (path: string) => boolean;
  message: string;
  author: { name: string; email: string };
}

/**
 * Commit changed files of the work tree, as the studio's Git panel asks: the changes are read and
 * committed in one turn (oneAtATime), so two commits never take the same file. A named path the
 * caller may not write is a 403; one with no change, or nothing left to commit, a 400.
 *
 * @example
 * await commitChanges(root, { mayWrite: () => true, message: 'Retitle', author: { name: 'Ann', email: 'ann@cms.local' } })
 * // { commit: '3f2…', files: [...] }
 */
export function commitChanges(root: string, request: CommitChangesRequest): Promise<{ commit: string; files: string[] }> {
  return oneAtATime(root, () => commitChangesNow(root, request));
}

/** The same, for a caller already in its turn (inside `oneAtATime`, which would wait for itself). */
export async function commitChangesNow(root: string, request: CommitChangesRequest): Promise<{ commit: string; files: string[] }> {
  const changed = (await createWorkTree(root).changes()).flatMap((change) => (change.from ? [change.path, change.from] : [change.path]));
  for (const path of request.paths ?? []) {
    if (!request.mayWrite(path)) throw new ForbiddenError(`You may not commit ${path}`);
    if (!changed.includes(path)) throw new ValidationError(`${path} has no change to commit`, { path });
  }
  const files = request.paths ?? changed.filter(request.mayWrite);
  if (!files.length) throw new ValidationError('Nothing to commit: no changed file you may write');
  const commit = await createGit(root).commitPaths(files, request.message, request.author)
    .catch((error) => { throw new GitRefusedError(gitReason(error)); });
  if (!commit) throw new ValidationError('Nothing to commit: the files match HEAD');
  return { commit, files };
}
