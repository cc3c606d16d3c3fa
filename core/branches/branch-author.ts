import type { Caller } from '../access/permissions.js';
import type { Auth } from '../auth/auth.js';
import { authorEmail, authorName, commitAuthor } from '../git/commit-author.js';
import { createGit } from '../git/git.js';

type Author = { name: string; email: string };

/**
 * Who a branch commit is by: a users-permissions account's username and email, a token's name (with a made-up address,
 * as the studio's commits have), and for the library and the CLI (a trusted caller without a name) the repository's git
 * identity, as commit-per-write takes it.
 *
 * @example
 * const authorOf = branchAuthors(root, cms.auth); await authorOf(caller) // { name: 'editor', email: 'editor@example.com' }
 */
export function branchAuthors(root: string, auth: () => Pick<Auth, 'users'>): (caller: Caller) => Promise<Author> {
  let person: Promise<Author | undefined> | undefined;
  return async (caller) => {
    const user = caller.userId === undefined ? undefined : auth().users.byId(caller.userId);
    if (user) return commitAuthor(user.username, user.email);
    if (caller.kind === 'trusted' && !caller.name) {
      const identity = await (person ??= createGit(root).identity().catch(() => undefined));
      if (identity) {
        return { name: authorName(identity.name), email: /^[^\s<>]+$/.test(identity.email) ? identity.email : authorEmail(identity.name) };
      }
    }
    return commitAuthor(caller.name ?? (caller.kind === 'public' ? 'public' : 'cms'));
  };
}
