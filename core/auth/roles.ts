import { createHash } from 'node:crypto';
import { authenticatedCaller, publicCaller, type Caller } from '../access/permissions.js';
import { CONTENT_ACTIONS } from '../access/scopes.js';
import type { CmsConfig } from '../config/types.js';
import type { Model, Models } from '../schema/types.js';
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
    createdAt: EPOCH, updatedAt: EPOCH, publishedAt: EPOCH,
    nb_users: users.filter((user) => user.role === role.type).length,
  }));
}

type ActionMap = Record<string, { enabled: boolean; policy: string }>;
type PermissionTree = Record<string, { controllers: Record<string, ActionMap> }>;

/** Every controller action of Strapi's plugins, as its permission tree lists them (5.54, with email and the content-type builder). */
const PLUGIN_ACTIONS: Record<string, Record<string, string[]>> = {
  'plugin::content-type-builder': { components: ['getComponents', 'getComponent'], 'content-types': ['getContentTypes', 'getContentType'] },
  'plugin::email': { email: ['send'] },
  'plugin::upload': { 'content-api': ['find', 'findPage', 'findOne', 'destroy', 'upload'] },
  'plugin::i18n': { locales: ['listLocales'] },
  'plugin::users-permissions': {
    auth: [
      'callback', 'changePassword', 'resetPassword', 'refresh', 'logout', 'getSessions', 'revokeSession', 'connect', 'forgotPassword',
      'register', 'emailConfirmation', 'sendEmailConfirmation',
    ],
    user: ['create', 'update', 'find', 'findOne', 'count', 'destroy', 'me'],
    role: ['createRole', 'findOne', 'find', 'updateRole', 'deleteRole'],
    permissions: ['getPermissions'],
  },
};

/**
 * Strapi's permission tree (`{ 'api::article': { controllers: { article: { find: { enabled, policy } } } } }`):
 * every content type's actions (a single type has no findOne or create) and every plugin action.
 */
export function permissionTree(
  models: Models, enabled: (model: Model | undefined, scope: string, action: string) => boolean,
  custom: (uid: string) => string[] = () => [],
): PermissionTree {
  const entry = (on: boolean) => ({ enabled: on, policy: '' });
  const permissions: PermissionTree = Object.create(null);
  for (const model of models.values()) {
    if (model.modelType !== 'contentType' || !model.uid.startsWith('api::')) continue;
    const [api, controller] = model.uid.split('.');
    const core = model.kind === 'singleType'
      ? CONTENT_ACTIONS.filter((action) => action !== 'findOne' && action !== 'create')
      : CONTENT_ACTIONS;
    // The controller's own actions first, then the core ones it inherits (recorded: grants.role.public).
    const actions = [...new Set([...custom(model.uid), ...core])];
    permissions[api] ??= { controllers: {} };
    permissions[api].controllers[controller] = Object.fromEntries(actions.map((action) => [
      action, entry(enabled(model, `${model.uid}.${action}`, action)),
    ]));
  }
  for (const [plugin, controllers] of Object.entries(PLUGIN_ACTIONS)) {
    permissions[plugin] = {
      controllers: Object.fromEntries(Object.entries(controllers).map(([controller, actions]) =>
        [
          controller,
          Object.fromEntries(actions.map((action) => [action, entry(enabled(undefined, `${plugin}.${controller}.${action}`, action))])),
        ])),
    };
  }
  return permissions;
}

/** `GET /api/users-permissions/roles/:id`: the role with Strapi's permission tree. */
export function findRole(config: CmsConfig, models: Models, id: number, custom: (uid: string) => string[] = () => []) {
  const role = ROLES.find((candidate) => candidate.id === id);
  if (!role) return undefined;
  const caller = roleCallerFor(config, role.type);
  const upload = models.get(UPLOAD_FILE_UID);
  const permissions = permissionTree(models, (model, scope, action) => {
    if (model) return caller.can(model, action as (typeof CONTENT_ACTIONS)[number]);
    // upload grants name the file type (`plugin::upload.file: [find]`), as the reference's config does
    if (scope.startsWith('plugin::upload.') && upload && caller.can(upload, action as (typeof CONTENT_ACTIONS)[number])) return true;
    return caller.allows(scope);
  }, custom);
  const [row] = listRoles([]).filter((candidate) => candidate.id === id);
  const { nb_users: _count, ...fields } = row;
  return { ...fields, permissions };
}
