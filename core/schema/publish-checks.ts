import type { Data } from '../types.js';
import { isUnique, yupType } from './entry-shapes.js';
import { isCount, notType, STRING_TYPES, yupPath } from './scalar-rules.js';
import type { Attribute, Model } from './types.js';
import type { ValidateContext } from './validate-context.js';

/** Records one problem of the entry being validated (EntryValidator's list). */
export type AddProblem = (path: string[], message: string, value?: unknown) => void;

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * yup's type error for a null: a number schema casts it first (`parseFloat(null)`), so it prints NaN
 * (recorded: foodadvisor invalid.page.pricing.card.missing.price).
 */
export const nullNotType = (path: string, type: string): string => notType(path, type, null, type === 'number' ? Number.NaN : null);

/**
 * Is a unique value already used by another document in this locale (published rows, or rows of
 * types without D&P)? Strapi skips the check for an empty string, as for null (recorded: foodadvisor
 * fuzz.unique.empty.twice).
 */
export function isTaken(ctx: ValidateContext, model: Model, name: string, value: unknown): boolean {
  if (value === '') return false;
  const holders = ctx.index.valueHolders(model.uid, name, ctx.locale, 'published', value);
  return holders.size > (holders.has(ctx.documentId) ? 1 : 0);
}

/** yup array min (when required or not empty) and max, checked for published versions only. */
export function checkCount(add: AddProblem, attribute: Attribute, items: unknown[], path: string[]): void {
  const min = attribute.min;
  if (typeof min === 'number' && (attribute.required || items.length > 0) && items.length < min) {
    add(path, `${yupPath(path)} field must have at least ${min} items`, items);
  }
  if (typeof attribute.max === 'number' && items.length > attribute.max) {
    add(path, `${yupPath(path)} field must have less than or equal to ${attribute.max} items`, items);
  }
}

/**
 * What publishing checks that a draft write did not (Strapi re-validates the draft row as a
 * creation): required fields (missing values are the row's nulls), unique values, minLength and
 * item counts, through components and zones.
 */
export function checkPublishedRow(ctx: ValidateContext, add: AddProblem, model: Model, data: Data, prefix: string[] = []): void {
  for (const name of model.attributeNames) {
    const attribute = model.attributes[name];
    if (attribute.type === 'relation' || attribute.type === 'media') continue;
    const value = data[name] ?? null;
    // The attribute's path is made only where a failure is told or a component is entered: most attributes pass.
    if (value === null) {
      // publishing validates the stored draft row, where a missing value is a null
      if (attribute.required) {
        const path = [...prefix, name];
        const type = yupType(attribute);
        add(path, type ? nullNotType(yupPath(path), type) : `${yupPath(path)} must be defined.`, null);
      }
      continue;
    }
    if (attribute.type === 'component') {
      const path = [...prefix, name];
      const component = ctx.index.model(attribute.component!);
      if (Array.isArray(value)) {
        checkCount(add, attribute, value, path);
        value.forEach((item, position) => {
          if (isRecord(item)) checkPublishedRow(ctx, add, component, item, [...path, String(position)]);
        });
      } else if (isRecord(value)) checkPublishedRow(ctx, add, component, value, path);
    } else if (attribute.type === 'dynamiczone' && Array.isArray(value)) {
      const path = [...prefix, name];
      checkCount(add, attribute, value, path);
      value.forEach((item, position) => {
        const component = isRecord(item) ? ctx.index.models.get(String(item.__component)) : undefined;
        if (component) checkPublishedRow(ctx, add, component, item as Data, [...path, String(position)]);
      });
    } else if (typeof value === 'string' && STRING_TYPES.includes(attribute.type) && isCount(attribute.minLength)
        && value.length < attribute.minLength) {
      const path = [...prefix, name];
      add(path, `${yupPath(path)} must be at least ${attribute.minLength} characters`, value);
    } else if (prefix.length === 0 && isUnique(attribute) && isTaken(ctx, model, name, value)) {
      add([name], 'This attribute must be unique', value);
    }
  }
}
