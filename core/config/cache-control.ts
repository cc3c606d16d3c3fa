import type { CmsConfig } from './types.js';

/** The names a `server.cacheControl` entry may use for a type: uid, plural or singular API id. */
interface Named { uid: string; pluralName?: string; singularName?: string }

/**
 * `Cache-Control` for an answer: the type's entry in `server.cacheControl` (by uid, plural or
 * singular), else its `*` entry. Answers to a request with credentials are always `private,
 * no-cache`: a shared cache must never hand one caller's answer to another.
 *
 * @example
 * cacheControlFor(config, articleModel, false) // 'no-cache' by default
 */
export function cacheControlFor(config: CmsConfig, model: Named | undefined, withCredentials: boolean): string {
  if (withCredentials) return 'private, no-cache';
  const table = config.server.cacheControl;
  for (const name of model ? [model.uid, model.pluralName, model.singularName] : []) {
    if (name && Object.hasOwn(table, name)) return table[name];
  }
  return table['*'] ?? 'no-cache';
}

/** `server.cacheControl` keys that name no content type (a typo would silently fall back to `*`). */
export function unknownCacheControlTypes(config: CmsConfig, models: Iterable<Named>): string[] {
  const names = new Set<string>(['*']);
  for (const model of models) for (const name of [model.uid, model.pluralName, model.singularName]) if (name) names.add(name);
  return Object.keys(config.server.cacheControl).filter((key) => !names.has(key));
}
