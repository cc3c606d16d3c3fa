import type { Attribute, Model, Models } from './types.js';

export const ADMIN_USER_UID = 'admin::user';

const attributes: Record<string, Attribute> = {
  firstname: { type: 'string' },
  lastname: { type: 'string' },
  username: { type: 'string' },
  email: { type: 'email', required: true, private: true },
  password: { type: 'password', private: true },
  resetPasswordToken: { type: 'string', private: true },
  registrationToken: { type: 'string', private: true },
  isActive: { type: 'boolean', default: false, private: true },
  blocked: { type: 'boolean', default: false, private: true },
  preferedLanguage: { type: 'string' },
};

/**
 * Strapi's admin user as a relation to it reads it (`"target": "admin::user"`, as a course's `authors`): a type with no
 * rows here, since this server keeps no admin panel users in content. A relation to it loads, populates as `[]` or
 * `null` for a caller who may read it (the full-access token) and is left out for the others, and a write naming an
 * admin user is Strapi's 400 (the relation's entry does not exist).
 */
export const adminUserModel: Model = {
  uid: ADMIN_USER_UID, modelType: 'contentType', kind: 'collectionType', singularName: 'user', pluralName: 'users',
  displayName: 'User', draftAndPublish: false, localized: false, file: '<built-in>', attributes, attributeNames: Object.keys(attributes),
};

/** Does any schema relate to admin users? Then the admin user model joins the project's. */
export const targetsAdminUsers = (models: Models): boolean => [...models.values()].some((model) =>
  Object.values(model.attributes).some((attribute) => attribute.type === 'relation' && attribute.target === ADMIN_USER_UID));
