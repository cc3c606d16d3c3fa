import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_ACTIONS } from '../access/scopes.js';
import type { Cms } from '../cms.js';
import { CONFIG_FILES } from '../config/load.js';
import { locatePath } from '../config/named-types.js';
import { didYouMean } from '../did-you-mean.js';
import { FileError } from '../errors.js';

const CORE = CONTENT_ACTIONS as readonly string[];

/**
 * Each api controller's own actions (`api::shop.shop` → `['featured', 'secret']`): its custom ones, and core ones it
 * overrides, in its order, as Strapi's permission tree lists them before the core ones.
 */
export function controllerActions(controllers: ReadonlyMap<string, Record<string, unknown>>): Map<string, string[]> {
  const actions = new Map<string, string[]>();
  for (const [uid, controller] of controllers) {
    if (uid.startsWith('api::')) actions.set(uid, Object.keys(controller).filter((name) => typeof controller[name] === 'function'));
  }
  return actions;
}

/**
 * Grants of a controller's custom action (`"api::restaurant.restaurant": ["featured"]`, as Strapi's users-permissions
 * lists `api::restaurant.restaurant.featured`) must name an action of the type's controller: a typo would leave its
 * route 403 for everyone without a word. Each one that does not is a problem at its line of the config.
 *
 * @example
 * customGrantProblems(cms, controllerActions(controllers))
 * // [FileError cms.config.json:5:7: permissions.public.api::shop.shop: "featurd" is not an action of … (did you mean "featured"?)]
 */
export function customGrantProblems(cms: Cms, actionsOf: ReadonlyMap<string, string[]>): FileError[] {
  const file = CONFIG_FILES.find((name) => existsSync(join(cms.root, name))) ?? CONFIG_FILES[0];
  // A JSON config's line is found in its text; a code config is named without one.
  const text = file.endsWith('.json') && existsSync(join(cms.root, file)) ? readFileSync(join(cms.root, file), 'utf8') : undefined;
  const problems: FileError[] = [];
  for (const role of ['public', 'authenticated'] as const) {
    for (const [key, actions] of Object.entries(cms.config.permissions[role])) {
      const model = cms.contentTypes().find((type) => [type.uid, type.pluralName, type.singularName].includes(key));
      if (!model) continue;
      const custom = (actionsOf.get(model.uid) ?? []).filter((name) => !CORE.includes(name));
      for (const action of actions) {
        if (CORE.includes(action) || custom.includes(action)) continue;
        const known = custom.length ? `its controller's custom actions are ${custom.join(', ')}` : 'its controller has no custom action';
        const message = `permissions.${role}.${key}: "${action}" is not an action of ${model.uid} `
          + `(${CORE.join(', ')}, or a custom action of its controller, handled by a route as ${model.singularName}.<action>: ${known})`
          + didYouMean(action, [...CORE, ...custom]);
        const at = text === undefined ? undefined : locatePath(text, ['permissions', role, key]);
        problems.push(new FileError(file, message, at?.line, at?.column));
      }
    }
  }
  return problems;
}
