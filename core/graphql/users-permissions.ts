import { GraphQLError } from 'graphql';
import { UP } from '../access/scopes.js';
import { rateLimitKey } from '../auth/rate-limit.js';
import { catchUpOrUnavailable, type StoredUser } from '../auth/state-store.js';
import { changePassword, forgotPassword, login, me, register, resetPassword, type SignedIn } from '../auth/user-actions.js';
import { roleOf } from '../auth/user-query.js';
import { ForbiddenError, ValidationError } from '../errors.js';
import type { GraphqlContext } from './context.js';
import { FORBIDDEN_ACCESS } from './errors.js';

/**
 * The users-permissions plugin's own GraphQL operations (its `graphql/` folder, added to the schema through the
 * extension service): `me`, and `login`, `register`, `forgotPassword`, `resetPassword`, `changePassword`,
 * `emailConfirmation`. Each calls the same core action as its REST route (core/auth/user-actions.ts), behind the same
 * scope and the same rate limit (per route path, identifier and client), so an account answers alike on both.
 */
export const USERS_PERMISSIONS_SDL = `
type UsersPermissionsMe {
  id: ID!
  documentId: ID!
  username: String!
  email: String
  confirmed: Boolean
  blocked: Boolean
  role: UsersPermissionsMeRole
}

type UsersPermissionsMeRole {
  id: ID!
  name: String!
  description: String
  type: String
}

input UsersPermissionsRegisterInput {
  username: String!
  email: String!
  password: String!
}

input UsersPermissionsLoginInput {
  identifier: String!
  password: String!
  provider: String! = "local"
}

type UsersPermissionsPasswordPayload {
  ok: Boolean!
}

type UsersPermissionsLoginPayload {
  jwt: String
  user: UsersPermissionsMe!
}

extend type Query {
  me: UsersPermissionsMe
}

extend type Mutation {
  login(input: UsersPermissionsLoginInput!): UsersPermissionsLoginPayload!

  """Register a user"""
  register(input: UsersPermissionsRegisterInput!): UsersPermissionsLoginPayload!

  """Request a reset password token"""
  forgotPassword(email: String!): UsersPermissionsPasswordPayload

  """
  Reset user password. Confirm with a code (resetToken from forgotPassword)
  """
  resetPassword(password: String!, passwordConfirmation: String!, code: String!): UsersPermissionsLoginPayload

  """Change user password. Confirm with the current password."""
  changePassword(currentPassword: String!, password: String!, passwordConfirmation: String!): UsersPermissionsLoginPayload

  """Confirm an email users email address"""
  emailConfirmation(confirmation: String!): UsersPermissionsLoginPayload
}
`;

type Args = Record<string, unknown>;

/** The REST route's rate limit and catch-up, under that route's path (the plugin runs the route's middleware). */
async function limited(context: GraphqlContext, path: string, body: Args): Promise<void> {
  const { auth } = context.cms;
  await auth.limiter.hit(rateLimitKey(path, body, context.http?.client ?? 'graphql'));
  await catchUpOrUnavailable(auth.store);
}

/** A signed-in payload: the user as `UsersPermissionsMe` without its role (Strapi's sanitized user carries none). */
const payload = ({ jwt, user }: SignedIn) => ({ jwt, user: { ...user, role: null } });

/** The signed-in user with its role, as the plugin's `me` reads it from the request's state. */
const withRole = (user: StoredUser) => ({ ...user, role: roleOf(user) });

/** The plugin's operations, each behind its REST route's scope (the auth mutations are open, as the plugin opens them). */
export function usersPermissionsContribution() {
  const scoped = (context: GraphqlContext, scope: string) => {
    if (!context.caller.allows(scope)) throw new ForbiddenError(FORBIDDEN_ACCESS);
  };
  return {
    typeDefs: USERS_PERMISSIONS_SDL,
    resolvers: {
      Query: {
        me: (_: unknown, __: Args, context: GraphqlContext) => {
          scoped(context, UP.me);
          // an API token is no user: the plugin throws a plain Error, answered as an internal error with its message
          if (context.caller.userId === undefined) throw new GraphQLError('Authentication requested');
          return withRole(me(context.cms.auth, context.caller));
        },
      },
      Mutation: {
        login: async (_: unknown, { input }: Args, context: GraphqlContext) => {
          const body = { ...(input as Args) };
          await limited(context, '/auth/local', body);
          return payload(await login(context.cms.auth, body));
        },
        register: async (_: unknown, { input }: Args, context: GraphqlContext) => {
          const body = { ...(input as Args) };
          await limited(context, '/auth/local/register', body);
          return payload(await register(context.cms.auth, body));
        },
        forgotPassword: async (_: unknown, args: Args, context: GraphqlContext) => {
          await limited(context, '/auth/forgot-password', args);
          return forgotPassword(context.cms.auth, { ...args });
        },
        resetPassword: async (_: unknown, args: Args, context: GraphqlContext) => {
          await limited(context, '/auth/reset-password', args);
          return payload(await resetPassword(context.cms.auth, { ...args }));
        },
        changePassword: async (_: unknown, args: Args, context: GraphqlContext) => {
          scoped(context, UP.changePassword);
          await limited(context, '/auth/change-password', args);
          return payload(await changePassword(context.cms.auth, context.caller, { ...args }));
        },
        // registration here confirms the account at once and never issues a confirmation token, so none matches
        emailConfirmation: () => { throw new ValidationError('Invalid token'); },
      },
    },
  };
}
