import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTENT_ACTIONS, DEFAULT_ROLE_SCOPES, scopeOf } from '../access/scopes.js';
import type { RoleType } from '../auth/state-store.js';
import type { Cms } from '../cms.js';
import { CONFIG_FILES, resolveConfig } from '../config/load.js';
import { ApplicationError, FileError } from '../errors.js';
import { parseJsonText } from '../parsers/json.js';
import type { Model } from '../schema/types.js';
import { writeFileAtomic } from '../storage/atomic-write.js';

type Grants = Record<string, string[]>;

/** What a role may do, as Strapi's permission rows name it, and the changes project code makes to it. */
export interface RoleGrants {
  /** Every action the role holds: the users-permissions defaults, then what `permissions.<role>` grants. */
  actions(role: RoleType): string[];
  /** The actions the role holds beyond the defaults project code cannot take away. */
  defaults(role: RoleType): readonly string[];
  /** Grant and revoke actions (`api::article.article.find`), persisted in `cms.config.json` and in effect at once. */
  change(role: RoleType, grant: string[], revoke: string[]): Promise<void>;
}

const cut = (action: string) => {
  const at = action.lastIndexOf('.');
  return { key: action.slice(0, at), name: action.slice(at + 1) };
};

/** The content type a grant key names (uid, plural or singular API id). */
function modelNamed(cms: Cms, key: string): Model | undefined {
  return cms.contentTypes().find((model) => [model.uid, model.pluralName, model.singularName].includes(key));
}

/**
 * The roles' grants as project code sees them (`plugin::users-permissions.permission` rows) and changes them: a grant
 * is written to `permissions.<role>` of `cms.config.json` (the file is rewritten atomically, its other keys kept) and
 * the project reloads, so the Public role's new rights hold for the next request, and after a restart. Changes are
 * made one at a time (bootstrap code often grants in a `Promise.all`). A `.js` config is code: it is not edited.
 *
 * @example
 * await roleGrants(cms).change('public', ['api::article.article.find'], []);
 */
export function roleGrants(cms: Cms): RoleGrants {
  let queue: Promise<void> = Promise.resolve();
  const granted = (role: RoleType): string[] => Object.entries(cms.config.permissions[role] as Grants).flatMap(([key, names]) => {
    const model = modelNamed(cms, key);
    return names.map((name) => (model ? scopeOf(model, name) : `${key}.${name}`));
  });
  const actions = (role: RoleType) => [...new Set([...DEFAULT_ROLE_SCOPES[role], ...granted(role)])];

  async function apply(role: RoleType, grant: string[], revoke: string[]): Promise<void> {
    const held = new Set(actions(role));
    const toGrant = [...new Set(grant)].filter((action) => !held.has(action));
    const toRevoke = [...new Set(revoke)].filter((action) => held.has(action));
    if (!toGrant.length && !toRevoke.length) return;
    const fixed = toRevoke.find((action) => (DEFAULT_ROLE_SCOPES[role] as readonly string[]).includes(action));
    if (fixed) throw new ApplicationError(`${fixed} is one of the ${role} role's users-permissions defaults: it cannot be revoked here`);
    const raw = readConfig(cms.root);
    const permissions = (raw.permissions ??= {}) as Record<string, Grants>;
    const grants = (permissions[role] ??= {});
    for (const action of toGrant) addGrant(cms, grants, action);
    for (const action of toRevoke) removeGrant(cms, grants, action);
    // Checked before it is written: a grant the config cannot hold (an action the type's controller lacks) never leaves a
    // site that cannot start.
    const unknown = toGrant.find((action) => !isControllerAction(cms, action));
    if (unknown) throw new ApplicationError(`The ${role} role cannot be given ${unknown} here: its controller has no such action`);
    try { resolveConfig(raw); } catch (error) {
      throw new ApplicationError(`The ${role} role cannot be given ${toGrant.join(', ')} here: ${(error as Error).message}`);
    }
    const file = join(cms.root, 'cms.config.json');
    const before = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    await writeFileAtomic(file, `${JSON.stringify(raw, null, 2)}\n`);
    try { await cms.reload(); } catch (error) {
      // The site keeps the config it runs on: the file goes back to what it was.
      if (before === undefined) await rm(file, { force: true }); else await writeFileAtomic(file, before);
      throw error;
    }
  }
  return {
    actions,
    defaults: (role) => DEFAULT_ROLE_SCOPES[role],
    change(role, grant, revoke) {
      const next = queue.then(() => apply(role, grant, revoke));
      queue = next.catch(() => undefined);
      return next;
    },
  };
}

/** Is a content type's action one of its controller's (the core five, or a custom one of the project's code)? */
function isControllerAction(cms: Cms, action: string): boolean {
  const { key, name } = cut(action);
  const model = cms.models.get(key);
  if (model?.modelType !== 'contentType' || !key.startsWith('api::')) return true;
  return (CONTENT_ACTIONS as readonly string[]).includes(name) || (cms.customActions?.get(model.uid) ?? []).includes(name);
}

/** The project's `cms.config.json` as written (created when the project has no config file). */
function readConfig(root: string): Record<string, unknown> {
  const existing = CONFIG_FILES.find((name) => existsSync(join(root, name)));
  if (existing && existing !== 'cms.config.json') {
    throw new FileError(existing, 'project code changes role permissions, but this config is code, not edited: use cms.config.json');
  }
  return existing ? parseJsonText(readFileSync(join(root, existing), 'utf8'), existing) as Record<string, unknown> : {};
}

/** Add `api::article.article.find` under the key the config already names the type by (else its uid). */
function addGrant(cms: Cms, grants: Grants, action: string): void {
  const { key, name } = cut(action);
  if (!key || !name) throw new ApplicationError(`"${action}" is not a permission action (<uid>.<action>)`);
  const model = key.startsWith('api::') ? cms.models.get(key) : undefined;
  if (key.startsWith('api::') && model?.modelType !== 'contentType') {
    throw new ApplicationError(`The permission ${action} names ${key}, which is not a content type of this project`);
  }
  const named = model ? Object.keys(grants).find((existing) => modelNamed(cms, existing)?.uid === model.uid) : undefined;
  const at = named ?? key;
  grants[at] = [...(grants[at] ?? []), name];
}

/** Remove an action from whichever key grants it. */
function removeGrant(cms: Cms, grants: Grants, action: string): void {
  for (const [key, names] of Object.entries(grants)) {
    const model = modelNamed(cms, key);
    const kept = names.filter((name) => (model ? scopeOf(model, name) : `${key}.${name}`) !== action);
    if (kept.length === names.length) continue;
    if (kept.length) grants[key] = kept;
    else delete grants[key];
  }
}
