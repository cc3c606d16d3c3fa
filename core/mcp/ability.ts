import { mayManageGit, mayWriteAny } from '../access/git-access.js';
import type { Caller } from '../access/permissions.js';
import type { Models } from '../schema/types.js';
import type { McpAbility } from './tool-types.js';

/** Strapi's Content Manager actions → the REST actions that grant them here (publishing is an update, as `_cms/…/publish`). */
const REST_ACTIONS: Record<string, string[]> = {
  'plugin::content-manager.explorer.read': ['find', 'findOne'],
  'plugin::content-manager.explorer.create': ['create'],
  'plugin::content-manager.explorer.update': ['update'],
  'plugin::content-manager.explorer.delete': ['delete'],
  'plugin::content-manager.explorer.publish': ['update'],
};

/**
 * A credential as Strapi's admin ability (`can(action, subject?)`), for project tools' `auth.policies` and handlers: a
 * Content Manager action on a type as the credential's REST grants for it; without a type, on any type; any other action
 * (settings, users, plugins) only for a credential that may do everything (a full-access token).
 */
export function abilityOf(caller: Caller, models: Models): McpAbility {
  return {
    can(action, subject) {
      const rest = REST_ACTIONS[action];
      if (!rest) return mayManageGit(caller, models);
      if (subject === undefined) {
        return [...models.values()].some((model) => model.modelType === 'contentType' && rest.some((name) => caller.can(model, name)));
      }
      const model = models.get(subject);
      return !!model && rest.some((name) => caller.can(model, name));
    },
  };
}

/** Who `/mcp` serves: API tokens, and a signed-in account allowed to manage content (write some type); never anonymous. */
export const mayUseMcp = (caller: Caller, models: Models): boolean =>
  caller.kind === 'token' || caller.kind === 'trusted' || (caller.kind === 'user' && mayWriteAny(caller, models));

/** The grant a publish or unpublish needs: a token's `<uid>.publish` scope; an account's update grant (roles have no publish). */
export const publishGrant = (caller: { kind: string }): string => (caller.kind === 'token' ? 'publish' : 'update');
