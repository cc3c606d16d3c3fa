import { didYouMean } from '../did-you-mean.js';
import { FileError } from '../errors.js';
import { lineColumnAt } from '../parsers/json.js';
import type { CmsConfig } from './types.js';
import { unknownCacheControlTypes } from './cache-control.js';

/** The names a config entry may use for a content type: uid, plural or singular API id. */
interface Named { uid: string; pluralName?: string; singularName?: string }

/** Where the config came from, so a problem can point at its line. */
export interface ConfigSource { file: string; text?: string }

/**
 * Where a nested key is written (`permissions` → `public` → `api::tagg.tagg`): each key searched
 * quoted or bare after the previous one, so the same type under two roles points at the right one.
 */
export function locatePath(text: string | undefined, path: string[]): { line: number; column: number } | undefined {
  if (text === undefined) return undefined;
  let from = 0;
  let at = -1;
  for (const key of path) {
    const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const match = new RegExp(`(["'])${escaped}\\1\\s*:|(?<![\\w$"'])${escaped}\\s*:`, 'g');
    match.lastIndex = from;
    const found = match.exec(text);
    if (!found) return at < 0 ? undefined : lineColumnAt(text, at);
    at = found.index;
    from = found.index + found[0].length;
  }
  return lineColumnAt(text, at);
}

/** The suggestion for a mistyped type name: a uid for a uid, an API id otherwise. */
function suggestion(name: string, models: Named[]): string {
  const apiIds = () => models.flatMap((model) => [model.pluralName, model.singularName].filter((id): id is string => !!id));
  const candidates = name.includes('::') ? models.map((model) => model.uid) : apiIds();
  return didYouMean(name, candidates);
}

/**
 * Throw one config error when `permissions.<role>` or `server.cacheControl` names a content type
 * that does not exist: a typo there would silently leave the type private (403) or on the `*`
 * cache rule. The message names every such key with a did-you-mean; the line is the first one's.
 *
 * @example
 * assertNamedTypes(config, models.values(), { file: 'cms.config.json', text })
 * // FileError cms.config.json:17:7: permissions.public.api::tagg.tagg names no content type (did you mean "api::tag.tag"?)
 */
export function assertNamedTypes(config: CmsConfig, models: Iterable<Named>, source: ConfigSource = { file: 'cms.config.json' }): void {
  const types = [...models];
  const known = new Set(types.flatMap((model) => [model.uid, model.pluralName, model.singularName]));
  const problems: { path: string[]; name: string }[] = [];
  for (const role of ['public', 'authenticated'] as const) {
    for (const name of Object.keys(config.permissions[role])) {
      // Plugin scopes (`plugin::upload`, users-permissions) are checked by their own rules.
      if (!name.startsWith('plugin::') && !known.has(name)) problems.push({ path: ['permissions', role, name], name });
    }
  }
  for (const name of unknownCacheControlTypes(config, types)) problems.push({ path: ['server', 'cacheControl', name], name });
  if (!problems.length) return;
  const message = problems.map(({ path, name }) => `${path.join('.')} names no content type${suggestion(name, types)}`).join('; ');
  const at = locatePath(source.text, problems[0].path);
  throw new FileError(source.file, message, at?.line, at?.column);
}
