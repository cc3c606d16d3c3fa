import type { Model, Models } from '../schema/types.js';
import { UPLOAD_FILE_UID } from '../schema/types.js';

/**
 * Strapi's permission strings ("scopes"), the one currency of API tokens and roles:
 * `api::article.article.find`, `plugin::upload.content-api.upload`,
 * `plugin::users-permissions.user.me`. A route's scope is its handler uid.
 */
export const CONTENT_ACTIONS = ['find', 'findOne', 'create', 'update', 'delete'] as const;

const UPLOAD_SCOPE = 'plugin::upload.content-api';
/** Upload actions are named after Strapi's upload controller (`upload`, `destroy`). */
const UPLOAD_ACTIONS: Record<string, string> = { create: 'upload', delete: 'destroy' };
export const UPLOAD_SCOPE_ACTIONS = ['find', 'findOne', 'upload', 'destroy'];

/** The users-permissions plugin's own routes. */
export const UP = {
  callback: 'plugin::users-permissions.auth.callback',
  connect: 'plugin::users-permissions.auth.connect',
  register: 'plugin::users-permissions.auth.register',
  forgotPassword: 'plugin::users-permissions.auth.forgotPassword',
  resetPassword: 'plugin::users-permissions.auth.resetPassword',
  changePassword: 'plugin::users-permissions.auth.changePassword',
  me: 'plugin::users-permissions.user.me',
  userFind: 'plugin::users-permissions.user.find',
  userFindOne: 'plugin::users-permissions.user.findOne',
  userCount: 'plugin::users-permissions.user.count',
  userUpdate: 'plugin::users-permissions.user.update',
  roleFind: 'plugin::users-permissions.role.find',
  roleFindOne: 'plugin::users-permissions.role.findOne',
} as const;

/** What every role has in a fresh Strapi project, beside what the config grants. */
/** What a fresh Strapi 5.54 grants each role (its users-permissions bootstrap), as its role tree shows (recorded). */
const AUTH = 'plugin::users-permissions.auth';
export const DEFAULT_ROLE_SCOPES = {
  public: [
    UP.callback, UP.register, UP.forgotPassword, UP.resetPassword, `${AUTH}.refresh`, UP.connect, `${AUTH}.emailConfirmation`,
    `${AUTH}.sendEmailConfirmation`,
  ],
  authenticated: [UP.me, UP.changePassword, `${AUTH}.logout`, `${AUTH}.getSessions`, `${AUTH}.revokeSession`],
} as const;

/**
 * The scope of an action on a model.
 *
 * @example
 * scopeOf(articleModel, 'find') // 'api::article.article.find'
 * scopeOf(uploadFileModel, 'create') // 'plugin::upload.content-api.upload'
 */
export function scopeOf(model: Pick<Model, 'uid'>, action: string): string {
  if (model.uid === UPLOAD_FILE_UID) return `${UPLOAD_SCOPE}.${UPLOAD_ACTIONS[action] ?? action}`;
  return `${model.uid}.${action}`;
}

/** Strapi's read-only token rule: a scope that ends in `find` or `findOne`. */
export const isReadScope = (scope: string): boolean => scope.endsWith('find') || scope.endsWith('findOne');

/** Every scope a custom API token may hold in this project (for validating `--permissions`). */
export function knownScopes(models: Models): Set<string> {
  const scopes = new Set<string>(Object.values(UP));
  for (const model of models.values()) {
    if (model.modelType !== 'contentType' || !model.uid.startsWith('api::')) continue;
    for (const action of CONTENT_ACTIONS) scopes.add(scopeOf(model, action));
    // Strapi's `explorer.publish`: the MCP publish and unpublish tools of a draft & publish type (core/mcp/ability.ts)
    if (model.draftAndPublish) scopes.add(scopeOf(model, 'publish'));
  }
  for (const action of UPLOAD_SCOPE_ACTIONS) scopes.add(`${UPLOAD_SCOPE}.${action}`);
  return scopes;
}
