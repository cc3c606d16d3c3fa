import { listRoles } from '../auth/roles.js';
import type { StoredUser } from '../auth/state-store.js';
import { queryUsers, roleOf } from '../auth/user-query.js';
import { sanitizeUser } from '../auth/users.js';
import { ForbiddenError, ValidationError } from '../errors.js';
import type { RawQuery } from '../query/normalize.js';
import type { Model } from '../schema/types.js';
import type { GraphqlContext } from './context.js';
import { FORBIDDEN_ACCESS } from './errors.js';
import { sliceWindow, type Window } from './pagination.js';
import { UP_ROLE, UP_USER } from './plugin-models.js';

/**
 * The users-permissions plugin's users and roles as GraphQL list types (`usersPermissionsUsers`, `_connection`, one by
 * documentId; the same for roles). They live in the auth state, not the content index: each read goes through the
 * same query core as `GET /api/users` (core/auth/user-query.ts: its filters, sort, never a private field) and the
 * same role rows as `GET /api/users-permissions/roles`, behind the same scopes (`user.find`, `role.find`, …).
 */
export const readsAuthState = (model: Model): boolean => model.uid === UP_USER.uid || model.uid === UP_ROLE.uid;

type Row = Record<string, unknown>;

/** A user as the GraphQL type reads it: the sanitized user with its role (the relation's resolver checks `role.find`). */
const userRow = (user: StoredUser): Row => ({ ...sanitizeUser(user), role: roleOf(user) });

function roleRows(users: StoredUser[]): Row[] {
  return listRoles(users).map(({ nb_users: _count, ...role }) => ({
    ...role, users: users.filter((user) => user.role === role.type).map((user) => ({ ...sanitizeUser(user), role })),
  }));
}

/** Roles are two fixed rows: sorted by their own fields; a filter on them is refused rather than ignored. */
function queryRoles(rows: Row[], raw: RawQuery): Row[] {
  if (raw.filters !== undefined) throw new ValidationError('Filters on usersPermissionsRoles are not supported by this CMS');
  const keys = (Array.isArray(raw.sort) ? raw.sort : raw.sort === undefined ? [] : [raw.sort]).map((entry) => {
    const [key, order = 'asc'] = String(entry).split(':');
    if (!['id', 'documentId', 'name', 'description', 'type', 'createdAt', 'updatedAt'].includes(key)) {
      throw new ValidationError(`Invalid key ${key}`);
    }
    return { key, sign: order.toLowerCase() === 'desc' ? -1 : 1 };
  });
  return [...rows].sort((a, b) => {
    for (const { key, sign } of keys) {
      const left = String(a[key] ?? ''), right = String(b[key] ?? '');
      if (left !== right) return left < right ? -sign : sign;
    }
    return Number(a.id) - Number(b.id);
  });
}

function allowed(context: GraphqlContext, model: Model, action: 'find' | 'findOne'): void {
  if (!context.caller.can(model, action)) throw new ForbiddenError(FORBIDDEN_ACCESS);
}

function rows(context: GraphqlContext, model: Model, raw: RawQuery): Row[] {
  const users = context.cms.auth.users.all();
  if (model.uid === UP_ROLE.uid) return queryRoles(roleRows(users), raw);
  return queryUsers(users, { filters: raw.filters, sort: raw.sort }).map(userRow);
}

/** A list in the plugin's window, with its total. */
export function authStateList(context: GraphqlContext, model: Model, raw: RawQuery, window: Window): { data: Row[]; total: number } {
  allowed(context, model, 'find');
  const all = rows(context, model, raw);
  return { data: sliceWindow(all, window), total: all.length };
}

/** One user or role by its documentId, or null. */
export function authStateOne(context: GraphqlContext, model: Model, documentId: string): Row | null {
  allowed(context, model, 'findOne');
  return rows(context, model, {}).find((row) => row.documentId === documentId) ?? null;
}
