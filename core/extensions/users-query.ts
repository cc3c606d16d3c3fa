import type { Auth } from '../auth/auth.js';
import { hashPassword } from '../auth/password.js';
import { listRoles } from '../auth/roles.js';
import type { RoleType, StoredUser } from '../auth/state-store.js';
import { roleOf } from '../auth/user-query.js';
import { UnsupportedApiError } from './errors.js';
import type { QueryParams } from './query-params.js';
import { matchesWhere, orderByPairs, sortRows, type QueryRow } from './query-where.js';
import { relatedIds, shapeRow } from './users-permissions-query.js';

export const USER_UID = 'plugin::users-permissions.user';

/** The user's columns this server keeps (the auth state's), which a query engine `create` or `update` may set. */
const WRITABLE = ['username', 'email', 'password', 'provider', 'role', 'confirmed', 'blocked'] as const;

/** A user as Strapi's table row: its columns (the password hash included, as Strapi's query engine answers it). */
function userRow(user: StoredUser): QueryRow {
  const { role, ...columns } = user;
  return { ...columns, confirmationToken: null, locale: null, role: roleOf({ role } as StoredUser) };
}

/** The role type a relation value names (`2`, `{ id: 2 }`, `{ connect: [2] }`), refused when it is not one of the two roles. */
function roleTypeOf(value: unknown): RoleType {
  const [id] = relatedIds(value) ?? [];
  const role = listRoles([]).find((candidate) => candidate.id === id);
  if (!role) throw new UnsupportedApiError('a user\'s role other than the id of the Public or Authenticated role');
  return role.type;
}

/** The given columns, refused (never dropped) when this server cannot keep them: a relation the project adds to the user. */
function columnsOf(data: Record<string, unknown> = {}, known: (name: string) => boolean): Record<string, unknown> {
  const kept = Object.fromEntries(Object.entries(data).filter(([key]) => (WRITABLE as readonly string[]).includes(key)));
  const lost = Object.keys(data).filter((key) => !(key in kept) && known(key));
  if (lost.length) throw new UnsupportedApiError(`writing a user's ${lost.join(', ')} through strapi.db.query('${USER_UID}')`);
  if (kept.provider !== undefined && kept.provider !== 'local') {
    throw new UnsupportedApiError(`a user of the ${String(kept.provider)} provider`,
      'the auth state keeps local users; OAuth cannot be enabled here');
  }
  return kept;
}

/**
 * `strapi.db.query('plugin::users-permissions.user')` over the auth state's users: `findMany`, `findOne`, `count` (with
 * `where`, `orderBy`, `select`, `populate: ['role']`, `limit`, `offset`), `create` (a local user, the password hashed
 * as sign-in checks it; Strapi's "already taken" rule holds) and `update` of the user's own columns. Keys Strapi's table
 * does not have are dropped, as its query engine drops them; relations the project's src/extensions adds are refused.
 *
 * @example
 * await usersQuery(cms.auth, () => false).findMany({ where: { email: 'ann@example.com' } }) // [{ id: 1, username: 'ann', … }]
 */
export function usersQuery(auth: Auth, isAttribute: (name: string) => boolean): Record<string, unknown> {
  const related = (row: QueryRow, name: string) => (name === 'role' ? [row.role as QueryRow] : undefined);
  const matching = (params: QueryParams) => {
    const rows = auth.users.all().map(userRow);
    const offset = Number(params.offset ?? 0);
    const sorted = sortRows(rows.filter((row) => matchesWhere(row, params.where, related)), orderByPairs(params.orderBy),
      (a, b) => Number(a.id) - Number(b.id));
    return sorted.slice(offset, params.limit === undefined ? undefined : offset + Number(params.limit));
  };
  const shape = (user: StoredUser, params: QueryParams) => shapeRow(userRow(user), params, related);
  const findOne = async (params: QueryParams = {}) => {
    const [row] = matching({ ...params, limit: 1 });
    return row ? shapeRow(row, params, related) : null;
  };
  return {
    findMany: async (params: QueryParams = {}) => matching(params).map((row) => shapeRow(row, params, related)),
    findOne,
    count: async (params: QueryParams = {}) => matching({ where: params.where }).length,
    async create(params: QueryParams = {}) {
      const data = columnsOf(params.data, isAttribute);
      if (typeof data.password !== 'string' || !data.password) {
        throw new UnsupportedApiError('a user without a password', 'the auth state keeps local users, who sign in with one');
      }
      const user = await auth.users.add({
        username: String(data.username ?? ''), email: String(data.email ?? ''), password: data.password,
        role: data.role === undefined ? 'authenticated' : roleTypeOf(data.role),
        confirmed: data.confirmed === true, blocked: data.blocked === true,
      });
      return shape(user, params);
    },
    async update(params: QueryParams = {}) {
      const [row] = matching({ where: params.where, limit: 1 });
      if (!row) return null;
      const data = columnsOf(params.data, isAttribute);
      const password = typeof data.password === 'string' && data.password ? await hashPassword(data.password) : undefined;
      const role = data.role === undefined ? undefined : roleTypeOf(data.role);
      const user = await auth.users.edit(Number(row.id), (stored) => {
        if (typeof data.username === 'string') stored.username = data.username;
        if (typeof data.email === 'string') stored.email = data.email.toLowerCase();
        if (password) { stored.password = password; stored.resetPasswordToken = null; }
        if (typeof data.confirmed === 'boolean') stored.confirmed = data.confirmed;
        if (typeof data.blocked === 'boolean') stored.blocked = data.blocked;
        if (role) stored.role = role;
      });
      return shape(user, params);
    },
  };
}
