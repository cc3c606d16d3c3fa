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
    const path = [...prefix, name];
    const value = data[name] ?? null;
    if (attribute.type === 'relation' || attribute.type === 'media') continue;
    // The message path is spelled only for a failure: most attributes pass.
    const text = () => yupPath(path);
    if (value === null) {
      // publishing validates the stored draft row, where a missing value is a null
      const type = yupType(attribute);
      if (attribute.required) add(path, type ? nullNotType(text(), type) : `${text()} must be defined.`, null);
      continue;
    }
    if (attribute.type === 'component') {
      const component = ctx.index.model(attribute.component!);
      if (Array.isArray(value)) {
        checkCount(add, attribute, value, path);
        value.forEach((item, position) => {
          if (isRecord(item)) checkPublishedRow(ctx, add, component, item, [...path, String(position)]);
        });
      } else if (isRecord(value)) checkPublishedRow(ctx, add, component, value, path);
    } else if (attribute.type === 'dynamiczone' && Array.isArray(value)) {
      checkCount(add, attribute, value, path);
      value.forEach((item, position) => {
        const component = isRecord(item) ? ctx.index.models.get(String(item.__component)) : undefined;
        if (component) checkPublishedRow(ctx, add, component, item as Data, [...path, String(position)]);
      });
    } else if (typeof value === 'string' && STRING_TYPES.includes(attribute.type) && isCount(attribute.minLength)
        && value.length < attribute.minLength) {
      add(path, `${text()} must be at least ${attribute.minLength} characters`, value);
    } else if (prefix.length === 0 && isUnique(attribute) && isTaken(ctx, model, name, value)) {
      add(path, 'This attribute must be unique', value);
    }
  }
}
