import type { Caller } from '../access/permissions.js';
import type { Cms } from '../cms.js';
import { commitAuthor } from '../git/commit-author.js';
import { oneAtATime } from '../git/work-tree.js';
import { tree } from './studio-git-reads.js';

/** The author of a commit the studio makes for this caller: a users-permissions account's username and email, or the token's name. */
export const authorOf = (cms: Cms, caller: Caller): { name: string; email: string } => {
  const user = caller.userId === undefined ? undefined : cms.auth.users.byId(caller.userId);
  return commitAuthor(user?.username ?? caller.name, user?.email);
};

/** Work that rewrites the served tree: one at a time, and with git.push, never beside the replica's writes and rebases. */
export const rewriting = <T>(cms: Cms, work: () => Promise<T>): Promise<T> =>
  oneAtATime(cms.root, () => (cms.replica ? cms.replica.exclusive(work) : work()));

/** Push HEAD to the replica's remote; refused, the commit just made is undone (its changes stay in the tree). */
export async function pushOrUndo(cms: Cms): Promise<void> {
  try {
    await tree(cms).push(cms.config.git.push || undefined);
  } catch (error) {
    await tree(cms).undoLastCommit();
    throw error;
  }
}
