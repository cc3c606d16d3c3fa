import { ForbiddenError, ValidationError } from '../errors.js';
import { getAttribute, type Model, type Models } from '../schema/types.js';
import type { Caller } from './permissions.js';

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** Strapi's `throwRestrictedRelations` error: `Invalid key <k>[ at <path>]`, `source: "body"`. */
function restrictedRelation(key: string, path: string): ValidationError {
  return new ValidationError(path !== key ? `Invalid key ${key} at ${path}` : `Invalid key ${key}`, { key, path, source: 'body' });
}

/**
 * Relation input the caller may not write, refused before anything is read or written:
 *
 * - a relation whose target type the caller may not `find` is a 400 `Invalid key <k>`, whatever its
 *   value (even `[]` or `null`), as Strapi 5's content-API `validateInput` answers
 *   (`throwRestrictedRelations`); components and dynamic-zone items are checked the same way;
 * - a relation written from its inverse side (`tags.articles`) is stored in the owning documents'
 *   files, so it also needs `update` on the owning type: a write never changes a document the caller
 *   could not update directly (project choice, 403; Strapi keeps relations in join tables and allows it).
 *
 * Keys are assumed known (the entry validator's key check runs first, as Strapi's does).
 *
 * @example
 * checkRelationAccess(models, tagModel, { articles: ['…'] }, tagOnlyToken) // throws ValidationError: Invalid key articles
 */
export function checkRelationAccess(
  models: Models, model: Model, data: Record<string, unknown>, caller: Caller, attributePath: string | null = null,
): void {
  for (const key of Object.keys(data)) {
    const attribute = getAttribute(model, key);
    if (!attribute) continue;
    const path = attributePath === null ? key : `${attributePath}.${key}`;
    const value = data[key];
    if (attribute.type === 'relation' && attribute.relation === 'morphToMany' && !attribute.target) {
      // each link names its type: the caller must be able to read every one (schema/morph-input.ts reads the rest)
      const links = isRecord(value) ? [value.connect, value.disconnect, value.set].flat() : [value].flat();
      const types = links.map((link) => (isRecord(link) && typeof link.__type === 'string' ? models.get(link.__type) : undefined));
      if (types.some((type) => type && !caller.can(type, 'find'))) throw restrictedRelation(key, path);
      continue;
    }
    if (attribute.type === 'relation') {
      const target = models.get(attribute.target!);
      if (!target || !caller.can(target, 'find')) throw restrictedRelation(key, path);
      if (attribute.mappedBy && !caller.can(target, 'update')) {
        throw new ForbiddenError(
          `Writing ${path} changes ${target.uid} documents, which this caller may not update`, { key, path, source: 'body' },
        );
      }
    }
    if (attribute.type === 'component' && value !== null) {
      const component = models.get(attribute.component!);
      const items = attribute.repeatable ? (Array.isArray(value) ? value : []) : [value];
      if (component) for (const item of items) if (isRecord(item)) checkRelationAccess(models, component, item, caller, path);
    }
    if (attribute.type === 'dynamiczone' && Array.isArray(value)) {
      for (const item of value) {
        const component = isRecord(item) && typeof item.__component === 'string' ? models.get(item.__component) : undefined;
        if (component && component.modelType === 'component') {
          checkRelationAccess(models, component, item as Record<string, unknown>, caller, path);
        }
      }
    }
  }
}
