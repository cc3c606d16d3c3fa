import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_ACTIONS } from '../access/scopes.js';
import type { Cms } from '../cms.js';
import { CONFIG_FILES } from '../config/load.js';
import { locatePath } from '../config/named-types.js';
import { didYouMean } from '../did-you-mean.js';
import { FileError } from '../errors.js';
import type { ProjectRoute } from './route-table.js';

const CORE = CONTENT_ACTIONS as readonly string[];

/**
 * Grants of a controller's custom action (`"api::restaurant.restaurant": ["featured"]`, as Strapi's users-permissions
 * lists `api::restaurant.restaurant.featured`) must name an action one of the project's routes handles: a typo would
 * leave the route 403 for everyone without a word. Each one that does not is a problem at its line of the config.
 *
 * @example
 * customGrantProblems(cms, code.routes)
 * // [FileError cms.config.json:5:7: permissions.public.api::shop.shop: "featurd" is not an action of … (did you mean "featured"?)]
 */
export function customGrantProblems(cms: Cms, routes: readonly ProjectRoute[]): FileError[] {
  const file = CONFIG_FILES.find((name) => existsSync(join(cms.root, name))) ?? CONFIG_FILES[0];
  // A JSON config's line is found in its text; a code config is named without one.
  const text = file.endsWith('.json') && existsSync(join(cms.root, file)) ? readFileSync(join(cms.root, file), 'utf8') : undefined;
  const problems: FileError[] = [];
  for (const role of ['public', 'authenticated'] as const) {
    for (const [key, actions] of Object.entries(cms.config.permissions[role])) {
      const model = cms.contentTypes().find((type) => [type.uid, type.pluralName, type.singularName].includes(key));
      if (!model) continue;
      const handled = routes.filter((route) => route.controller === model.uid).map((route) => route.action);
      for (const action of actions) {
        if (CORE.includes(action) || handled.includes(action)) continue;
        const custom = [...new Set(handled.filter((name) => !CORE.includes(name)))];
        const known = custom.length ? `its routes' custom actions are ${custom.join(', ')}` : 'no route of the project handles a custom action of it';
        const message = `permissions.${role}.${key}: "${action}" is not an action of ${model.uid} `
          + `(${CORE.join(', ')}, or a custom action a route handles as ${model.singularName}.<action>: ${known})`
          + didYouMean(action, [...CORE, ...custom]);
        const at = text === undefined ? undefined : locatePath(text, ['permissions', role, key]);
        problems.push(new FileError(file, message, at?.line, at?.column));
      }
    }
  }
  return problems;
}
