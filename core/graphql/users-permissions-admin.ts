import { ROLES } from '../auth/roles.js';
import { createUser, deleteUser, updateUser } from '../auth/user-admin.js';
import { roleOf } from '../auth/user-query.js';
import { sanitizeUser } from '../auth/users.js';
import { ApplicationError, ForbiddenError, NotFoundError } from '../errors.js';
import type { GraphqlContext } from './context.js';
import { FORBIDDEN_ACCESS } from './errors.js';

/**
 * The users-permissions plugin's CRUD mutations on users and roles (its `graphql/mutations/crud`), each behind the
 * scope the plugin's resolvers-configs give it (`user.create`, `user.update`, `user.destroy`, `role.createRole`, …) and running the
 * same core action as the REST user controller (core/auth/user-admin.ts). The answer is the sanitized user: never a
 * password, reset or confirmation token. Roles here are the two of the config (`permissions`), so a role is neither
 * made nor changed over the API: an unknown id is Strapi's `Role not found`, any other change is refused.
 */
export const USERS_PERMISSIONS_ADMIN_SDL = `
input UsersPermissionsUserInput {
  username: String
  email: String
  provider: String
  password: String
  resetPasswordToken: String
  confirmationToken: String
  confirmed: Boolean
  blocked: Boolean
  role: ID
  publishedAt: DateTime
  locale: String
}

input UsersPermissionsRoleInput {
  name: String
  description: String
  type: String
  permissions: [ID]
  users: [ID]
  publishedAt: DateTime
  locale: String
}

type UsersPermissionsUserEntityResponse {
  data: UsersPermissionsUser
}

type UsersPermissionsCreateRolePayload {
  ok: Boolean!
}

type UsersPermissionsUpdateRolePayload {
  ok: Boolean!
}

type UsersPermissionsDeleteRolePayload {
  ok: Boolean!
}

extend type Mutation {
  """Create a new role"""
  createUsersPermissionsRole(data: UsersPermissionsRoleInput!): UsersPermissionsCreateRolePayload

  """Update an existing role"""
  updateUsersPermissionsRole(id: ID!, data: UsersPermissionsRoleInput!): UsersPermissionsUpdateRolePayload

  """Delete an existing role"""
  deleteUsersPermissionsRole(id: ID!): UsersPermissionsDeleteRolePayload

  """Create a new user"""
  createUsersPermissionsUser(data: UsersPermissionsUserInput!): UsersPermissionsUserEntityResponse!

  """Update an existing user"""
  updateUsersPermissionsUser(id: ID!, data: UsersPermissionsUserInput!): UsersPermissionsUserEntityResponse!

  """Delete an existing user"""
  deleteUsersPermissionsUser(id: ID!): UsersPermissionsUserEntityResponse!
}
`;

type Args = Record<string, unknown>;
const USER = 'plugin::users-permissions.user';
const ROLE = 'plugin::users-permissions.role';

function scoped(context: GraphqlContext, scope: string): void {
  if (!context.caller.allows(scope)) throw new ForbiddenError(FORBIDDEN_ACCESS);
}

/** A role change: an id that is none of the config's roles is not found; the config's own are changed there only. */
function fixedRole(id: unknown): never {
  if (!ROLES.some((role) => String(role.id) === String(id))) throw new NotFoundError('Role not found');
  throw new ApplicationError('Roles are defined by cms.config.json (permissions): change them there');
}

export function usersPermissionsAdminContribution() {
  return {
    typeDefs: USERS_PERMISSIONS_ADMIN_SDL,
    resolvers: {
      Mutation: {
        createUsersPermissionsUser: async (_: unknown, { data }: Args, context: GraphqlContext) => {
          scoped(context, `${USER}.create`);
          const user = await createUser(context.cms.auth, { ...(data as Args) });
          context.status = 201; // the user controller's `ctx.created`
          return { data: { ...sanitizeUser(user), role: roleOf(user) } };
        },
        updateUsersPermissionsUser: async (_: unknown, { id, data }: Args, context: GraphqlContext) => {
          scoped(context, `${USER}.update`);
          const user = await updateUser(context.cms.auth, id, { ...(data as Args) });
          return { data: { ...sanitizeUser(user), role: roleOf(user) } };
        },
        deleteUsersPermissionsUser: async (_: unknown, { id }: Args, context: GraphqlContext) => {
          scoped(context, `${USER}.destroy`);
          const user = await deleteUser(context.cms.auth, id);
          // the controller sends the removed user; of no one it sends nothing, and Koa answers the request 204
          if (!user) context.status = 204;
          return { data: user ? { ...sanitizeUser(user), role: roleOf(user) } : null };
        },
        createUsersPermissionsRole: (_: unknown, __: Args, context: GraphqlContext) => {
          scoped(context, `${ROLE}.createRole`);
          throw new ApplicationError('Roles are defined by cms.config.json (permissions): add one there');
        },
        updateUsersPermissionsRole: (_: unknown, { id }: Args, context: GraphqlContext) => {
          scoped(context, `${ROLE}.updateRole`);
          return fixedRole(id);
        },
        deleteUsersPermissionsRole: (_: unknown, { id }: Args, context: GraphqlContext) => {
          scoped(context, `${ROLE}.deleteRole`);
          return fixedRole(id);
        },
      },
    },
  };
}
