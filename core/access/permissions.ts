import type { Action, CmsConfig } from '../config/types.js';
import { UPLOAD_FILE_UID, type Model } from '../schema/types.js';
import { DEFAULT_ROLE_SCOPES, scopeOf } from './scopes.js';

/** Who is asking, and what they may do (`action` is a content action or a plugin action such as `upload`). */
export interface Caller {
  kind: 'public' | 'trusted' | 'token' | 'user';
  /** Token or user name, for commit authors and logs; never a secret. */
  name?: string;
  /** The signed-in user's id (users-permissions JWT); absent for tokens and anonymous callers. */
  userId?: number;
  /** The stored API token's id (its change request in MCP branch mode); absent for the environment token and others. */
  tokenId?: number;
  can: (model: Model, action: Action | string) => boolean;
  /** May the caller use this scope (`api::article.article.find`, `plugin::users-permissions.user.me`)? */
  allows: (scope: string) => boolean;
}

type Grants = Record<string, string[]>;

/** Grants in the config may name a type by uid, plural or singular API id. */
function grantsFor(grants: Grants, model: Model): string[] {
  for (const name of [model.uid, model.pluralName, model.singularName]) {
    if (Object.hasOwn(grants, name)) return grants[name];
  }
  return [];
}

/** A scope `<key>.<action>` granted by uid key (`plugin::users-permissions.user` → `me`). */
function grantsScope(grants: Grants, scope: string): boolean {
  const cut = scope.lastIndexOf('.');
  const key = scope.slice(0, cut);
  return cut > 0 && Object.hasOwn(grants, key) && grants[key].includes(scope.slice(cut + 1));
}

/** A users-permissions role: the config's grants plus the scopes every such role has in Strapi. */
function roleCaller(
  kind: 'public' | 'user', grants: Grants, defaults: readonly string[], who: Pick<Caller, 'name' | 'userId'> = {},
): Caller {
  return {
    kind,
    ...who,
    can: (model, action) => grantsFor(grants, model).includes(action) || grantsScope(grants, scopeOf(model, action)),
    allows: (scope) => defaults.includes(scope) || grantsScope(grants, scope),
  };
}

/** The Public role: only what `permissions.public` grants (and the sign-in routes). Private by default. */
export function publicCaller(config: CmsConfig): Caller {
  return roleCaller('public', config.permissions.public, DEFAULT_ROLE_SCOPES.public);
}

/** A signed-in user with the Authenticated role: `permissions.authenticated`, plus `/users/me` and change-password. */
export function authenticatedCaller(config: CmsConfig, user: { id: number; username: string }): Caller {
  return roleCaller('user', config.permissions.authenticated, DEFAULT_ROLE_SCOPES.authenticated, { name: user.username, userId: user.id });
}

/**
 * A signed-in user with the grants of the role the user holds: Authenticated, or Public for a user
 * moved there in the auth state (as a Strapi user's role decides its rights). Anything else is Authenticated.
 */
export function userCaller(config: CmsConfig, user: { id: number; username: string; role: string }): Caller {
  if (user.role !== 'public') return authenticatedCaller(config, user);
  return roleCaller('user', config.permissions.public, DEFAULT_ROLE_SCOPES.public, { name: user.username, userId: user.id });
}

/** A caller whose rights are a scope test (API tokens): `can` is `allows(scopeOf(model, action))`. */
export function scopedCaller(kind: Caller['kind'], name: string | undefined, allows: (scope: string) => boolean): Caller {
  return { kind, name, can: (model, action) => allows(scopeOf(model, action)), allows };
}

/** The library and the CLI acting as the site owner: everything is allowed. */
export const trustedCaller: Caller = { kind: 'trusted', can: () => true, allows: () => true };

/**
 * Who acts on an `auth: false` route: the route's own access, without an identity. Strapi checks no scope for the
 * action itself, but every relation scope fails (strapi.auth.verify without auth), so relations are refused in
 * bodies, filters and sorts and left out of reads, media kept. REST's core actions and GraphQL's gate both use it.
 */
export const routeOnlyCaller = (model: Model): Caller => ({
  kind: 'public', can: (type) => type.uid === model.uid || type.uid === UPLOAD_FILE_UID, allows: () => false,
});
