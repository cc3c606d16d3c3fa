import type { ContentIndex } from '../index/content-index.js';
import { giveIds } from '../index/kept-ids.js';
import type { FileRecord } from '../index/read-file.js';
import { ROLE_UID, USER_UID } from '../schema/user-model.js';
import type { Data } from '../types.js';
import { listRoles } from './roles.js';
import type { StateStore, StoredUser } from './state-store.js';

/** Where a user's row says it comes from: the auth state, never a content file (nothing lists or writes it). */
const sourceOf = (uid: string, documentId: string) => `<auth state>/${uid}/${documentId}`;

const record = (uid: string, documentId: string, data: Data, times: Pick<StoredUser, 'createdAt' | 'updatedAt' | 'publishedAt'>) => ({
  file: sourceOf(uid, documentId), uid, documentId, locale: null, draft: false, data,
  createdAt: times.createdAt, updatedAt: times.updatedAt, publishedAt: times.publishedAt, mtimeMs: 0,
}) satisfies FileRecord;

/** A user's row fields: the public ones and its role, never the password hash or a reset code. */
function userData(user: StoredUser, roles: Map<string, string>): Data {
  const data: Data = Object.create(null);
  Object.assign(data, {
    username: user.username, email: user.email, provider: user.provider, confirmed: user.confirmed, blocked: user.blocked,
    role: roles.get(user.role) ?? null,
  });
  // the one-way relations the user owns (src/extensions), as a content file would hold them
  for (const [name, documentIds] of Object.entries(user.links ?? {})) data[name] = [...documentIds];
  return data;
}

/**
 * Relations to `plugin::users-permissions.user` read the auth state's users as rows of the index (ids and documentIds
 * as the state has them, so `owner: 3` and `connect: [documentId]` find them), with the two roles behind them. The
 * rows follow the state: a user registered, changed or removed here or on another replica is seen by the next read.
 * Does nothing when no schema relates to users.
 *
 * @example
 * followUsers(cms.index, cms.auth.store); rowOfType(cms.index, 'plugin::users-permissions.user', 1)?.data.username
 */
export function followUsers(index: ContentIndex, store: StateStore): void {
  const userModel = index.models.get(USER_UID);
  const roleModel = index.models.get(ROLE_UID);
  if (!userModel || !roleModel) return;
  const roles = listRoles([]);
  giveIds(roleModel, new Map(roles.map((role) => [role.documentId, role.id])));
  const roleOf = new Map<string, string>(roles.map((role) => [role.type, role.documentId]));
  index.addRecords(roles.map(({ id: _id, nb_users: _count, documentId, name, description, type, ...times }) =>
    record(ROLE_UID, documentId, Object.assign(Object.create(null), { name, description, type }), times)));
  const ids = new Map<string, number>();
  giveIds(userModel, ids);
  const held = new Map<string, string>();
  let seen: string | undefined;
  index.follow(USER_UID, () => {
    let users: readonly StoredUser[];
    try {
      if (store.revision === seen) return;
      seen = store.revision;
      users = store.data.users;
    } catch {
      // A state that cannot be read now (a malformed file mid-edit) keeps the rows it gave: the auth routes report it.
      seen = undefined;
      return;
    }
    const present = new Set<string>();
    for (const user of users) {
      present.add(user.documentId);
      const next = record(USER_UID, user.documentId, userData(user, roleOf), user);
      const print = JSON.stringify([user.id, next]);
      if (held.get(user.documentId) === print) continue;
      held.set(user.documentId, print);
      ids.set(user.documentId, user.id);
      index.setRecord(next);
    }
    for (const documentId of held.keys()) {
      if (present.has(documentId)) continue;
      held.delete(documentId);
      index.removeRecord(sourceOf(USER_UID, documentId));
      ids.delete(documentId);
    }
  });
}
