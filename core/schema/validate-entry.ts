import { ApplicationError, invalidKey, ValidationError } from '../errors.js';
import type { ContentIndex } from '../index/content-index.js';
import { deriveId } from '../index/ids.js';
import type { Data, Row, Status } from '../types.js';
import { normalizeTime } from '../query/cast.js';
import { resolveRelationInput } from './relation-input.js';
import { getAttribute, isScalar, UPLOAD_FILE_UID, type Attribute, type Model } from './types.js';

/** One entity-validation problem, in Strapi's `details.errors[]` shape. */
export interface EntryProblem {
  path: string[];
  message: string;
  name: 'ValidationError';
  value?: unknown;
}

export interface ValidateContext {
  index: ContentIndex;
  /** The row being written (its locale/status), for unique checks and relation resolution. */
  locale: string | null;
  status: Status;
  documentId: string;
  /** Create or update: required fields are `must be defined` on create, `cannot be null` on update. */
  mode: 'create' | 'update';
  /** Required and unique are enforced when the version is published (Strapi skips them for drafts). */
  enforceConstraints: boolean;
  /** Seed of the row whose components are being written, so item ids can be matched. */
  seed: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const printValue = (value: unknown) => (typeof value === 'string' ? `"${value}"` : JSON.stringify(value));
const typeError = (path: string, type: string, value: unknown) => `${path} must be a \`${type}\` type, but the final value was: \`${printValue(value)}\`.`;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UID = /^[A-Za-z0-9-_.~]*$/;

type Coerce = (value: unknown, attribute: Attribute, path: string) => { value?: unknown; error?: string };

const asString: Coerce = (value, _attribute, path) => (typeof value === 'string' ? { value } : typeof value === 'number' || typeof value === 'boolean' ? { value: String(value) } : { error: typeError(path, 'string', value) });
const asNumber = (integer: boolean): Coerce => (value, _attribute, path) => {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (Number.isNaN(number) || !Number.isFinite(number)) return { error: typeError(path, 'number', value) };
  if (integer && !Number.isInteger(number)) return { error: `${path} must be an integer` };
  return { value: number };
};

/** Body value → stored value, one small function per scalar type (yup's messages). */
const COERCE: Record<string, Coerce> = {
  string: asString,
  text: asString,
  richtext: asString,
  password: asString,
  enumeration: asString,
  email: (value, attribute, path) => {
    const result = asString(value, attribute, path);
    return result.error || EMAIL.test(result.value as string) ? result : { error: `${path} must be a valid email` };
  },
  uid: (value, attribute, path) => {
    const result = asString(value, attribute, path);
    return result.error || UID.test(result.value as string) ? result : { error: `${path} must match the following: "/^[A-Za-z0-9-_.~]*$/"` };
  },
  integer: asNumber(true),
  float: asNumber(false),
  decimal: asNumber(false),
  biginteger: (value, _attribute, path) => (typeof value === 'string' && /^-?\d+$/.test(value)) || Number.isInteger(value) ? { value: String(value) } : { error: typeError(path, 'string', value) },
  boolean: (value, _attribute, path) => {
    if (typeof value === 'boolean') return { value };
    if (['true', 't', '1', 1].includes(value as string)) return { value: true };
    if (['false', 'f', '0', 0].includes(value as string)) return { value: false };
    return { error: typeError(path, 'boolean', value) };
  },
  date: (value, _attribute, path) => {
    const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
    return Number.isNaN(time) ? { error: `${path} must be a valid date` } : { value: new Date(time).toISOString().slice(0, 10) };
  },
  time: (value, _attribute, path) => {
    const time = typeof value === 'string' ? normalizeTime(value) : undefined;
    return time ? { value: time } : { error: `${path} must be a valid time` };
  },
  datetime: (value, _attribute, path) => {
    const time = typeof value === 'string' || typeof value === 'number' ? new Date(value).getTime() : Number.NaN;
    return Number.isNaN(time) ? { error: `${path} must be a valid datetime` } : { value: new Date(time).toISOString() };
  },
  timestamp: (value, _attribute, path) => {
    const time = typeof value === 'string' || typeof value === 'number' ? new Date(value).getTime() : Number.NaN;
    return Number.isNaN(time) ? { error: `${path} must be a valid timestamp` } : { value: new Date(time).toISOString() };
  },
  json: (value) => ({ value }),
  blocks: (value, _attribute, path) =>
    Array.isArray(value) && value.every((block) => isRecord(block) && typeof block.type === 'string') ? { value } : { error: `${path} must be an array of blocks, each with a "type"` },
};

/** Length, range, regex and enum rules of a scalar attribute. */
function checkRules(value: unknown, attribute: Attribute, path: string): string | undefined {
  if (typeof value === 'string') {
    if (attribute.type === 'enumeration' && !(attribute.enum ?? []).includes(value)) return `${path} must be one of the following values: ${(attribute.enum ?? []).join(', ')}`;
    if (attribute.minLength !== undefined && value.length < attribute.minLength) return `${path} must be at least ${attribute.minLength} characters`;
    if (attribute.maxLength !== undefined && value.length > attribute.maxLength) return `${path} must be at most ${attribute.maxLength} characters`;
    if (attribute.regex && value !== '' && !new RegExp(attribute.regex).test(value)) return `${path} must match the following: "${attribute.regex}"`;
  }
  if (typeof value === 'number') {
    if (attribute.min !== undefined && value < Number(attribute.min)) return `${path} must be greater than or equal to ${attribute.min}`;
    if (attribute.max !== undefined && value > Number(attribute.max)) return `${path} must be less than or equal to ${attribute.max}`;
  }
  return undefined;
}

/** Keys a body may not write: system fields and the i18n virtual relation. */
const NON_WRITABLE = ['id', 'documentId', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'localizations'];
/** Accepted but ignored, as Strapi does (`publishedAt` is forced by status, `locale` by the query). */
const IGNORED = ['publishedAt', 'locale'];

export class EntryValidator {
  readonly problems: EntryProblem[] = [];
  constructor(private readonly ctx: ValidateContext) {}

  private add(path: string[], message: string, value?: unknown): void {
    const problem: EntryProblem = { path, message, name: 'ValidationError' };
    if (value !== undefined) problem.value = value;
    this.problems.push(problem);
  }

  /** Reject unknown and non-writable keys first, as Strapi does (400 `Invalid key <k>`). */
  checkKeys(model: Model, data: Record<string, unknown>, prefix: string[] = []): void {
    for (const key of Object.keys(data)) {
      if (prefix.length === 0 && IGNORED.includes(key)) continue;
      if (prefix.length > 0 && (key === 'id' || key === '__component' || key === 'documentId')) continue;
      const attribute = getAttribute(model, key);
      if (!attribute || (prefix.length === 0 && NON_WRITABLE.includes(key))) {
        const path = prefix.length ? prefix.join('.') : null;
        throw invalidKey(key, path, 'body', 'body');
      }
      const value = data[key];
      if (attribute.type === 'component' && value !== null) {
        const component = this.ctx.index.model(attribute.component!);
        const items = attribute.repeatable ? (Array.isArray(value) ? value : []) : [value];
        items.forEach((item, position) => { if (isRecord(item)) this.checkKeys(component, item, attribute.repeatable ? [...prefix, key, String(position)] : [...prefix, key]); });
      }
      if (attribute.type === 'dynamiczone' && Array.isArray(value)) {
        value.forEach((item, position) => {
          if (!isRecord(item)) return;
          const component = typeof item.__component === 'string' ? this.ctx.index.models.get(item.__component) : undefined;
          if (component && component.modelType === 'component') this.checkKeys(component, item, [...prefix, key, String(position)]);
        });
      }
    }
  }

  /**
   * Merge a body patch over the stored fields of `model` and validate the result.
   * Returns the new stored fields (relations and media as documentIds, components inline).
   */
  apply(model: Model, patch: Record<string, unknown>, current: Data, prefix: string[], seed: string): Data {
    const next: Data = Object.create(null);
    for (const name of model.attributeNames) if (current[name] !== undefined) next[name] = current[name];
    for (const [name, value] of Object.entries(patch)) {
      const attribute = getAttribute(model, name);
      if (!attribute) continue;
      const path = [...prefix, name];
      const stored = this.value(model, name, attribute, value, current[name], path, seed);
      if (stored === undefined) continue;
      next[name] = stored;
    }
    this.checkRequired(model, next, patch, prefix);
    return next;
  }

  private checkRequired(model: Model, next: Data, patch: Record<string, unknown>, prefix: string[]): void {
    if (!this.ctx.enforceConstraints) return;
    for (const name of model.attributeNames) {
      const attribute = model.attributes[name];
      if (!attribute.required || attribute.type === 'relation' || attribute.type === 'media') continue;
      const path = [...prefix, name];
      const value = next[name];
      if (value === undefined || (value === null && !(name in patch))) this.add(path, `${path.join('.')} must be defined.`);
      else if (value === null) this.add(path, this.ctx.mode === 'create' ? `${path.join('.')} must be defined.` : `${path.join('.')} cannot be null.`, null);
      else if (attribute.type === 'component' && attribute.repeatable && Array.isArray(value) && attribute.min !== undefined && value.length < Number(attribute.min)) {
        this.add(path, `${path.join('.')} field must have at least ${attribute.min} items`, value);
      }
    }
  }

  private value(model: Model, name: string, attribute: Attribute, value: unknown, current: unknown, path: string[], seed: string): unknown {
    const dotted = path.join('.');
    if (attribute.type === 'relation') {
      if (attribute.mappedBy) {
        this.add(path, `${dotted} is the inverse side of ${attribute.target}.${attribute.mappedBy}; set the relation on that side`, value);
        return undefined;
      }
      return resolveRelationInput(this.ctx, attribute, attribute.target!, value, current, dotted);
    }
    if (attribute.type === 'media') return resolveRelationInput(this.ctx, attribute, UPLOAD_FILE_UID, value, current, dotted);
    if (attribute.type === 'component') return this.component(attribute, value, current, path, `${seed}#${name}`);
    if (attribute.type === 'dynamiczone') return this.zone(attribute, value, path, `${seed}#${name}`);
    if (value === null) return null;
    const coerced = COERCE[attribute.type](value, attribute, dotted);
    if (coerced.error) { this.add(path, coerced.error, value); return undefined; }
    const ruleError = checkRules(coerced.value, attribute, dotted);
    if (ruleError) { this.add(path, ruleError, value); return undefined; }
    if (attribute.unique && this.ctx.enforceConstraints && prefix0(path) && this.isTaken(model, name, coerced.value)) {
      this.add(path, 'This attribute must be unique', value);
      return undefined;
    }
    return coerced.value;
  }

  /** Is a unique value already used by another document in this locale (published rows, or rows of types without D&P)? */
  isTaken(model: Model, name: string, value: unknown): boolean {
    return this.ctx.index.rows(model.uid).some((row: Row) =>
      row.documentId !== this.ctx.documentId && row.status === 'published' && row.locale === this.ctx.locale && row.data[name] === value);
  }

  private component(attribute: Attribute, value: unknown, current: unknown, path: string[], seed: string): unknown {
    const component = this.ctx.index.model(attribute.component!);
    if (value === null) return null;
    if (!attribute.repeatable) {
      if (!isRecord(value)) { this.add(path, typeError(path.join('.'), 'object', value), value); return undefined; }
      return this.apply(component, value, isRecord(current) ? (current as Data) : Object.create(null), path, seed);
    }
    if (!Array.isArray(value)) { this.add(path, typeError(path.join('.'), 'array', value), value); return undefined; }
    const existing = Array.isArray(current) ? (current as Data[]) : [];
    const byId = new Map(existing.map((item, position) => [deriveId(`${seed}.${position}`), item]));
    const items: Data[] = [];
    value.forEach((item, position) => {
      const itemPath = [...path, String(position)];
      if (!isRecord(item)) { this.add(itemPath, typeError(itemPath.join('.'), 'object', item), item); return; }
      let base: Data = Object.create(null);
      if (item.id !== undefined && item.id !== null) {
        const match = byId.get(Number(item.id));
        if (!match) throw new ApplicationError(`Some of the provided components in ${path.join('.')} are not related to the entity`);
        base = match;
      }
      items.push(this.apply(component, item, base, itemPath, `${seed}.${position}`));
    });
    if (attribute.max !== undefined && items.length > Number(attribute.max)) this.add(path, `${path.join('.')} field must have less than or equal to ${attribute.max} items`, value);
    return items;
  }

  private zone(attribute: Attribute, value: unknown, path: string[], seed: string): unknown {
    if (value === null) return [];
    if (!Array.isArray(value)) { this.add(path, typeError(path.join('.'), 'array', value), value); return undefined; }
    const allowed = attribute.components ?? [];
    return value.flatMap((item, position) => {
      const itemPath = [...path, String(position)];
      if (!isRecord(item) || typeof item.__component !== 'string') {
        this.add([...itemPath, '__component'], `${itemPath.join('.')}.__component is a required field`, isRecord(item) ? item.__component : item);
        return [];
      }
      if (!allowed.includes(item.__component)) {
        this.add([...itemPath, '__component'], `${itemPath.join('.')}.__component must be one of the following values: ${allowed.join(', ')}`, item.__component);
        return [];
      }
      const component = this.ctx.index.model(item.__component);
      const stored = this.apply(component, item, Object.create(null), itemPath, `${seed}.${position}`);
      return [Object.assign(Object.create(null), { __component: item.__component }, stored) as Data];
    });
  }

  /** Throw the collected problems as Strapi's ValidationError. */
  throwIfInvalid(): void {
    if (!this.problems.length) return;
    const message = this.problems.length === 1 ? this.problems[0].message : `${this.problems.length} errors occurred`;
    throw new ValidationError(message, { errors: this.problems });
  }
}

function prefix0(path: string[]): boolean {
  return path.length === 1;
}

export { isScalar };
