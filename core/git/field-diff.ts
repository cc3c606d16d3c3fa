import type { Model, Models } from '../schema/types.js';
import type { Data } from '../types.js';
import { fieldText, type NameOf } from './field-text.js';

/** One field that changed: its name and its text before and after ('' when it was or became empty). */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields that differ between two versions of a document's file, in schema order, each as
 * text (see `fieldText`). A missing version (a new or a deleted file) counts as all empty.
 * Keys the schema does not know (a file written for another branch's schema) come last.
 *
 * @example
 * fieldChanges(models, article, { title: 'Pizza' }, { title: 'Pizza napoletana' })
 * // [{ field: 'title', before: 'Pizza', after: 'Pizza napoletana' }]
 */
export function fieldChanges(
  models: Models, model: Model, before: Data | undefined, after: Data | undefined, nameOf?: NameOf,
): FieldChange[] {
  const old = before ?? {};
  const next = after ?? {};
  const extra = [...new Set([...Object.keys(old), ...Object.keys(next)])].filter((name) => !model.attributeNames.includes(name));
  return [...model.attributeNames, ...extra]
    .filter((field) => !same(old[field], next[field]))
    .map((field) => {
      const attribute = model.attributes[field];
      return { field, before: fieldText(models, attribute, old[field], nameOf), after: fieldText(models, attribute, next[field], nameOf) };
    });
}
