import type { Attribute, Model, Models } from './types.js';

export const USER_UID = 'plugin::users-permissions.user';
export const ROLE_UID = 'plugin::users-permissions.role';

/**
 * Does the model keep its rows in content files? The users-permissions user and role never do (their rows are the auth
 * state's), nor does the admin user a relation may target (core/schema/admin-user.ts: it has no rows here), so a file
 * under `content/users/` or `content/roles/` is no type's file: a problem, never a user or role.
 */
export const storesContentFiles = (model: Model): boolean => !model.uid.startsWith('plugin::users-permissions.')
  && !model.uid.startsWith('admin::');

const builtIn = (uid: string, singularName: string, pluralName: string, attributes: Record<string, Attribute>): Model => ({
  uid, modelType: 'contentType', kind: 'collectionType', singularName, pluralName, displayName: singularName,
  draftAndPublish: false, localized: false, file: '<built-in>', attributes, attributeNames: Object.keys(attributes),
});

/**
 * The users-permissions user as a relation reads it (Strapi 5.54's schema less its admin-only relations): its rows
 * come from the auth state (core/auth/user-rows.ts), never from content files. The private fields are declared so
 * that a query naming them is Strapi's 400 (recorded: users.filter.password); their values never reach a row.
 */
export const userModel: Model = builtIn(USER_UID, 'user', 'users', {
  username: { type: 'string', required: true, unique: true, minLength: 3 },
  email: { type: 'email', required: true, minLength: 6 },
  provider: { type: 'string' },
  password: { type: 'password', private: true, minLength: 6 },
  resetPasswordToken: { type: 'string', private: true },
  confirmationToken: { type: 'string', private: true },
  confirmed: { type: 'boolean', default: false },
  blocked: { type: 'boolean', default: false },
  role: { type: 'relation', relation: 'manyToOne', target: ROLE_UID },
});

/** The users-permissions role, reached through a user's `role` (recorded: users.populate.owner.role). */
export const roleModel: Model = builtIn(ROLE_UID, 'role', 'roles', {
  name: { type: 'string', required: true, minLength: 3 },
  description: { type: 'string' },
  type: { type: 'string', unique: true },
});

/** Does any schema relate to users? Then the user and role models join the project's (nothing changes otherwise). */
export const targetsUsers = (models: Models): boolean => [...models.values()].some((model) =>
  Object.values(model.attributes).some((attribute) => attribute.type === 'relation' && attribute.target === USER_UID));
