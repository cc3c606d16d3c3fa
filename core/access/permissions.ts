import type { Action, CmsConfig } from '../config/types.js';
import type { Model } from '../schema/types.js';

/** Who is asking, and what they may do (`action` is a content action or a plugin action such as `upload`). */
export interface Caller {
  kind: 'public' | 'trusted' | 'token' | 'user';
  /** Token or user name, for commit authors and logs; never a secret. */
  name?: string;
  can: (model: Model, action: Action | string) => boolean;
}

/** Grants in the config may name a type by uid, plural or singular API id. */
function grantsFor(config: CmsConfig, model: Model): Action[] {
  const grants = config.permissions.public;
  for (const name of [model.uid, model.pluralName, model.singularName]) {
    if (Object.hasOwn(grants, name)) return grants[name];
  }
  return [];
}

/** The Public role: only what `permissions.public` grants. Private by default. */
export function publicCaller(config: CmsConfig): Caller {
  return { kind: 'public', can: (model, action) => (grantsFor(config, model) as string[]).includes(action) };
}

/** The library and the CLI acting as the site owner: everything is allowed. */
export const trustedCaller: Caller = { kind: 'trusted', can: () => true };
