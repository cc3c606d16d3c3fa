import type { Action, CmsConfig } from '../config/types.js';
import type { Model } from '../schema/types.js';

/** Who is asking: the anonymous Public role (more kinds of caller come with API tokens and users). */
export interface Caller {
  kind: 'public' | 'trusted';
  can: (model: Model, action: Action) => boolean;
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
  return { kind: 'public', can: (model, action) => grantsFor(config, model).includes(action) };
}

/** The library and the CLI acting as the site owner: everything is allowed. */
export const trustedCaller: Caller = { kind: 'trusted', can: () => true };
