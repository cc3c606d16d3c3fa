import type { RoleType } from '../auth/state-store.js';
import { findRole, listRoles } from '../auth/roles.js';
import type { Cms } from '../cms.js';
import { NotFoundError } from '../errors.js';
import { deriveId } from '../index/ids.js';
import { UnsupportedApiError } from './errors.js';
import type { QueryParams } from './query-params.js';
import { matchesWhere, orderByPairs, sortRows, type QueryRow } from './query-where.js';
import type { RoleGrants } from './role-grants.js';

export const ROLE_UID = 'plugin::users-permissions.role';
export const PERMISSION_UID = 'plugin::users-permissions.permission';
const EPOCH = new Date(0).toISOString();

/** A permission row's stable id and documentId: the same role and action give the same row on every start. */
const permissionRow = (role: QueryRow, action: string): QueryRow => {
  const id = deriveId(`${PERMISSION_UID}|${role.type}|${action}`);
  const documentId = `p${id.toString(36)}`.padEnd(24, '0').slice(0, 24);
  return { id, documentId, action, createdAt: EPOCH, updatedAt: EPOCH, publishedAt: EPOCH, locale: null };
};

/** The id a relation value names: `2`, `'2'`, `{ id: 2 }`, `{ connect: [{ id: 2 }] }`, `{ set: [2] }`. */
export function relatedIds(value: unknown): number[] | undefined {
  if (value === undefined) return undefined;
  if (value === null) return [];
  if (Array.isArray(value)) return value.flatMap((item) => relatedIds(item) ?? []);
  if (typeof value === 'object') {
    const relation = value as Record<string, unknown>;
    if ('id' in relation) return [Number(relation.id)];
    if ('set' in relation) return relatedIds(relation.set);
    if ('connect' in relation) return relatedIds(relation.connect);
    return [];
  }
  return [Number(value)];
}

/**
 * `strapi.db.query('plugin::users-permissions.role' | '…permission')`: Strapi's two users-permissions tables over this
 * project's roles (Authenticated, Public) and their grants (role-grants.ts). Creating a permission for a role grants its
 * action, deleting one revokes it, a role's `update` with `permissions` sets them; each is persisted in `cms.config.json`.
 *
 * @example
 * const role = await usersPermissionsQuery(grants, ROLE_UID).findOne({ where: { type: 'public' } });
 */
export function usersPermissionsQuery(grants: RoleGrants, uid: string): Record<string, unknown> {
  const roles = (): QueryRow[] => listRoles([]).map(({ nb_users: _count, ...role }) => ({ ...role, locale: null }));
  const permissions = (): QueryRow[] => roles().flatMap((role) =>
    grants.actions(role.type as RoleType).map((action) => ({ ...permissionRow(role, action), role })));
  const related = (row: QueryRow, name: string): QueryRow[] | undefined => {
    if (uid === ROLE_UID && name === 'permissions') {
      return permissions().filter((permission) => (permission.role as QueryRow).id === row.id);
    }
    if (uid === PERMISSION_UID && name === 'role') return [row.role as QueryRow];
    return undefined;
  };
  const table = () => (uid === ROLE_UID ? roles() : permissions());
  /** Without orderBy, rows come as they were made: roles by id, a role's grants in the order they were added. */
  const matching = (params: QueryParams) => {
    const rows = table();
    const made = (a: QueryRow, b: QueryRow) => rows.indexOf(a) - rows.indexOf(b);
    const offset = Number(params.offset ?? 0);
    const sorted = sortRows(rows.filter((row) => matchesWhere(row, params.where, related)), orderByPairs(params.orderBy), made);
    return sorted.slice(offset, params.limit === undefined ? undefined : offset + Number(params.limit));
  };
  const shape = (row: QueryRow, params: QueryParams): QueryRow => shapeRow(row, params, related);
  const roleOf = (id: number | undefined) => roles().find((role) => role.id === id);

  const common = {
    findMany: async (params: QueryParams = {}) => matching(params).map((row) => shape(row, params)),
    findOne: async (params: QueryParams = {}) => {
      const [row] = matching({ ...params, limit: 1 });
      return row ? shape(row, params) : null;
    },
    count: async (params: QueryParams = {}) => matching({ where: params.where }).length,
  };
  if (uid === ROLE_UID) {
    return {
      ...common,
      async update(params: QueryParams = {}) {
        const [role] = matching({ where: params.where, limit: 1 });
        if (!role) return null;
        const { permissions: given, ...rest } = params.data ?? {};
        const changed = Object.keys(rest).filter((key) => rest[key] !== role[key]);
        if (changed.length) throw new UnsupportedApiError(`changing a role's ${changed.join(', ')}`, 'roles are Public and Authenticated');
        const ids = relatedIds(given);
        if (ids) {
          const named = permissions().filter((permission) => ids.includes(Number(permission.id)));
          const wanted = named.map((permission) => String(permission.action));
          const type = role.type as RoleType;
          const held = grants.actions(type).filter((action) => !grants.defaults(type).includes(action));
          await grants.change(type, wanted, held.filter((action) => !wanted.includes(action)));
        }
        return common.findOne({ where: { id: role.id }, select: params.select, populate: params.populate });
      },
    };
  }
  return {
    ...common,
    async create(params: QueryParams = {}) {
      const { action, role, ...rest } = params.data ?? {};
      const extra = Object.keys(rest).filter((key) => key !== 'enabled');
      if (extra.length) throw new UnsupportedApiError(`a permission's ${extra.join(', ')}`);
      const target = roleOf(relatedIds(role)?.[0]);
      if (!target) throw new UnsupportedApiError('a permission without the id of the Public or Authenticated role');
      await grants.change(target.type as RoleType, [String(action)], []);
      return shape({ ...permissionRow(target, String(action)), role: target }, params);
    },
    async delete(params: QueryParams = {}) {
      const [permission] = matching({ where: params.where, limit: 1 });
      if (!permission) return null;
      await grants.change((permission.role as QueryRow).type as RoleType, [], [String(permission.action)]);
      return shape(permission, params);
    },
  };
}

/** A row with only its columns (relations once populated), `select`ed as asked. */
export function shapeRow(
  row: QueryRow, params: QueryParams, related: (row: QueryRow, name: string) => QueryRow[] | undefined,
): QueryRow {
  const { role: _role, ...columns } = row;
  const shaped: QueryRow = params.select === undefined
    ? columns
    : Object.fromEntries(Object.entries(columns).filter(([key]) => [params.select].flat().includes(key)));
  const populate = params.populate;
  const names = Array.isArray(populate) ? populate.map(String)
    : typeof populate === 'string' ? [populate]
    : populate && typeof populate === 'object' ? Object.keys(populate) : [];
  for (const name of names) {
    const rows = related(row, name);
    if (!rows) throw new UnsupportedApiError(`populating ${name} here`);
    const list = rows.map(({ role: _inner, ...columns }) => columns);
    shaped[name] = name === 'role' ? list[0] ?? null : list;
  }
  return shaped;
}

type PermissionTree = Record<string, { controllers?: Record<string, Record<string, { enabled?: boolean }>> }>;

/**
 * `strapi.plugin('users-permissions').service('role')`: `find` (roles with `nb_users`), `findOne(id)` (the role with
 * Strapi's permission tree) and `updateRole(id, { permissions })`, whose enabled actions become the role's grants.
 *
 * @example
 * const role = await roleService(cms, grants).findOne(2); role.permissions['api::article'].controllers.article.find.enabled = true;
 */
export function roleService(cms: Cms, grants: RoleGrants): Record<string, unknown> {
  const typeOf = (id: unknown): RoleType => {
    const role = listRoles([]).find((candidate) => candidate.id === Number(id));
    if (!role) throw new NotFoundError('Role not found');
    return role.type;
  };
  return {
    find: async () => listRoles(cms.auth.users.all()),
    findOne: async (id: unknown) => {
      typeOf(id);
      return findRole(cms.config, cms.models, Number(id), cms.auth.customActions);
    },
    async updateRole(id: unknown, data: { permissions?: PermissionTree }) {
      const type = typeOf(id);
      const wanted = Object.entries(data?.permissions ?? {}).flatMap(([kind, { controllers = {} }]) =>
        Object.entries(controllers).flatMap(([controller, actions]) =>
          Object.entries(actions).filter(([, action]) => action?.enabled).map(([name]) => `${kind}.${controller}.${name}`)));
      const held = grants.actions(type).filter((action) => !grants.defaults(type).includes(action));
      const granted = wanted.filter((action) => !grants.defaults(type).includes(action));
      await grants.change(type, granted, held.filter((action) => !wanted.includes(action)));
    },
  };
}
