import { createHash } from 'node:crypto';
import { authenticatedCaller, publicCaller, type Caller } from '../access/permissions.js';
import { CONTENT_ACTIONS, scopeOf, UP, UPLOAD_SCOPE_ACTIONS } from '../access/scopes.js';
import type { CmsConfig } from '../config/types.js';
import type { Models } from '../schema/types.js';
import { UPLOAD_FILE_UID } from '../schema/types.js';
import type { RoleType, StoredUser } from './state-store.js';

/** The two users-permissions roles, with Strapi's ids, names and descriptions. Defined by the config. */
export const ROLES: readonly { id: number; type: RoleType; name: string; description: string }[] = [
  { id: 1, type: 'authenticated', name: 'Authenticated', description: 'Default role given to authenticated user.' },
  { id: 2, type: 'public', name: 'Public', description: 'Default role given to unauthenticated user.' },
];

/** Roles live in the config, not in a database: their timestamps are fixed. */
const EPOCH = new Date(0).toISOString();

/** A stable documentId for a role, in Strapi's form (24 lowercase alphanumerics, a letter first). */
function roleDocumentId(type: RoleType): string {
  const digits = BigInt(`0x${createHash('sha256').update(`users-permissions.role.${type}`).digest('hex')}`).toString(36);
  return `r${digits.slice(0, 23).padEnd(23, '0')}`;
}

function roleCallerFor(config: CmsConfig, type: RoleType): Caller {
  return type === 'public' ? publicCaller(config) : authenticatedCaller(config, { id: 0, username: '' });
}

/** `GET /api/users-permissions/roles` entries: the role rows with `nbUsers`. */
export function listRoles(users: StoredUser[]) {
  return ROLES.map((role) => ({
    id: role.id, documentId: roleDocumentId(role.type), name: role.name, description: role.description, type: role.type,
    createdAt: EPOCH, updatedAt: EPOCH, publishedAt: EPOCH, locale: null,
    nbUsers: users.filter((user) => user.role === role.type).length,
  }));
}

type ActionMap = Record<string, { enabled: boolean; policy: string }>;
type PermissionTree = Record<string, { controllers: Record<string, ActionMap> }>;

/**
 * `GET /api/users-permissions/roles/:id`: the role with Strapi's permission tree
 * (`{ 'api::article': { controllers: { article: { find: { enabled, policy } } } } }`).
 */
export function findRole(config: CmsConfig, models: Models, id: number) {
  const role = ROLES.find((candidate) => candidate.id === id);
  if (!role) return undefined;
  const caller = roleCallerFor(config, role.type);
  const actions = (scopes: string[], base: string) =>
    Object.fromEntries(scopes.map((action) => [action, { enabled: caller.allows(`${base}.${action}`), policy: '' }]));
  const permissions: PermissionTree = Object.create(null);
  for (const model of models.values()) {
    if (model.modelType !== 'contentType' || model.uid.startsWith('plugin::')) continue;
    const [api, controller] = model.uid.split('.');
    permissions[api] ??= { controllers: {} };
    permissions[api].controllers[controller] = Object.fromEntries(CONTENT_ACTIONS.map((action) => [action, { enabled: caller.can(model, action), policy: '' }]));
  }
  const upload = { uid: UPLOAD_FILE_UID };
  permissions['plugin::upload'] = {
    controllers: { 'content-api': Object.fromEntries(UPLOAD_SCOPE_ACTIONS.map((action) => [action, { enabled: caller.allows(scopeOf(upload, action)), policy: '' }])) },
  };
  const grouped = (name: string) => Object.values(UP).filter((scope) => scope.startsWith(`plugin::users-permissions.${name}.`)).map((scope) => scope.split('.').pop()!);
  permissions['plugin::users-permissions'] = {
    controllers: Object.fromEntries(['auth', 'user', 'role'].map((name) => [name, actions(grouped(name), `plugin::users-permissions.${name}`)])),
  };
  const [row] = listRoles([]).filter((candidate) => candidate.id === id);
  const { nbUsers: _count, ...fields } = row;
  return { ...fields, permissions };
}
