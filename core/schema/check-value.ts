import { blocksAreSound, blocksProblem } from './blocks.js';
import { timestampMs } from './timestamp.js';
import { getAttribute, isToMany, type Attribute, type Model, type Models } from './types.js';

/**
 * Checks a stored (file) value against its attribute, one small function per type.
 * Returns a message for the first problem, or undefined. Used when content files are read.
 */
type Check = (value: unknown, attribute: Attribute) => string | undefined;

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const str: Check = (value) => (typeof value === 'string' ? undefined : 'must be a string');
const documentIds = (value: unknown, many: boolean): string | undefined => {
  if (many) return Array.isArray(value) && value.every((item) => typeof item === 'string') ? undefined : 'must be a list of documentIds';
  return typeof value === 'string' ? undefined : 'must be a documentId';
};

/** A morphToMany stores `[{ __type, documentId }]` (schema/morph-input.ts), a morphToOne one such link. */
const morphLinks = (value: unknown, many: boolean): string | undefined => {
  const isLink = (item: unknown) => isObject(item) && typeof item.__type === 'string' && typeof item.documentId === 'string'
    && Object.keys(item).length === 2;
  if (many) return Array.isArray(value) && value.every(isLink) ? undefined : 'must be a list of { __type, documentId } links';
  return isLink(value) ? undefined : 'must be a { __type, documentId } link';
};

export const VALUE_CHECKS: Record<Exclude<Attribute['type'], 'component' | 'dynamiczone' | 'blocks'>, Check> = {
  string: str,
  text: str,
  richtext: str,
  password: str,
  uid: (value) => (typeof value === 'string' && /^[A-Za-z0-9-_.~]*$/.test(value) ? undefined : 'must be a uid (letters, digits, -_.~)'),
  email: (value) => (typeof value === 'string' && EMAIL.test(value) ? undefined : 'must be an email address'),
  enumeration: (value, attribute) => (typeof value === 'string' && (attribute.enum ?? []).includes(value)
    ? undefined
    : `must be one of ${(attribute.enum ?? []).join(', ')}`),
  integer: (value) => (Number.isInteger(value) ? undefined : 'must be an integer'),
  biginteger: (value) => ((typeof value === 'string' && /^-?\d+$/.test(value)) || Number.isInteger(value)
    ? undefined
    : 'must be an integer (as a string)'),
  float: (value) => (typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a number'),
  decimal: (value) => (typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a number'),
  boolean: (value) => (typeof value === 'boolean' ? undefined : 'must be true or false'),
  date: (value) => (typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value))
    ? undefined
    : 'must be a date (YYYY-MM-DD)'),
  time: (value) => (typeof value === 'string' && TIME.test(value) ? undefined : 'must be a time (HH:mm:ss.SSS)'),
  datetime: (value) => (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? undefined : 'must be an ISO 8601 date-time'),
  timestamp: (value) => (!Number.isNaN(timestampMs(value))
    ? undefined
    : 'must be a timestamp'),
  json: () => undefined,
  media: (value, attribute) => documentIds(value, !!attribute.multiple),
  relation: (value, attribute) => (String(attribute.relation).startsWith('morphTo')
    ? morphLinks(value, attribute.relation === 'morphToMany')
    : documentIds(value, ['oneToMany', 'manyToMany', 'manyWay'].includes(String(attribute.relation)))),
};

const NO_KEYS: readonly string[] = [];
const COMPONENT_KEYS: readonly string[] = ['id'];
const ZONE_KEYS: readonly string[] = ['id', '__component'];

export interface ValueProblem {
  /** Attribute path, e.g. `seo.metaSocial.0.title`. */
  path: string;
  message: string;
}

/**
 * Check every key of a stored object (document fields or a component) against a model. A cold start checks every field
 * of every file and nearly all are sound: they are first asked `storedFieldsAreSound` (no path, no list); only an object
 * that fails is walked again here for its problems, each at its path.
 */
export function checkStoredFields(
  fields: Record<string, unknown>, model: Model, models: Models, prefix = '', skip: readonly string[] = NO_KEYS,
): ValueProblem[] {
  if (storedFieldsAreSound(fields, model, models, skip)) return [];
  const problems: ValueProblem[] = [];
  addStoredProblems(problems, fields, model, models, prefix, skip);
  return problems;
}

/** Is one stored value of an attribute free of problems (`addStoredProblems` would report none)? */
type SoundValue = (value: unknown, models: Models) => boolean;

/**
 * Each attribute's check as one function, made on its first use and kept by the attribute object itself: an attribute
 * replaced in its model (user-extension.ts swaps a relation's side) gets a check of its own, never the old one's.
 */
const soundByAttribute = new WeakMap<Attribute, SoundValue>();

function soundValue(attribute: Attribute): SoundValue {
  if (attribute.type === 'relation' && attribute.mappedBy) {
    const many = isToMany(attribute);
    return (value) => many && (value === null || !documentIds(value, true));
  }
  const orNull = (sound: (value: unknown, models: Models) => boolean): SoundValue => (value, models) => value === null || sound(value, models);
  if (attribute.type === 'component') {
    const component = attribute.component!;
    const item = (value: unknown, models: Models) => isObject(value) && storedFieldsAreSound(value, models.get(component)!, models, COMPONENT_KEYS);
    return orNull(attribute.repeatable ? (value, models) => Array.isArray(value) && value.every((one) => item(one, models)) : item);
  }
  if (attribute.type === 'dynamiczone') {
    return orNull((value, models) => Array.isArray(value) && value.every((item) => {
      const uid = isObject(item) ? item.__component : undefined;
      const component = typeof uid === 'string' ? models.get(uid) : undefined;
      return component?.modelType === 'component' && storedFieldsAreSound(item as Record<string, unknown>, component, models, ZONE_KEYS);
    }));
  }
  if (attribute.type === 'blocks') return orNull(blocksAreSound);
  const check = VALUE_CHECKS[attribute.type];
  // A type with no check here fails as `addStoredProblems` fails on it.
  if (!check) return () => false;
  if (attribute.type === 'relation') {
    const morph = String(attribute.relation).startsWith('morphTo');
    const many = morph ? attribute.relation === 'morphToMany' : ['oneToMany', 'manyToMany', 'manyWay'].includes(String(attribute.relation));
    return orNull((value) => (morph ? morphLinks(value, many) : documentIds(value, many)) === undefined);
  }
  return orNull((value) => check(value, attribute) === undefined);
}

function soundOf(attribute: Attribute): SoundValue {
  let sound = soundByAttribute.get(attribute);
  if (!sound) soundByAttribute.set(attribute, (sound = soundValue(attribute)));
  return sound;
}

/** Would `addStoredProblems` report nothing for these fields? */
function storedFieldsAreSound(fields: Record<string, unknown>, model: Model | undefined, models: Models, skip: readonly string[]): boolean {
  // A component the models lack: `addStoredProblems` decides (as it always did).
  if (!model) return false;
  for (const name in fields) {
    if (!Object.hasOwn(fields, name) || (skip.length !== 0 && skip.includes(name))) continue;
    const attribute = getAttribute(model, name);
    if (attribute === undefined || !soundOf(attribute)(fields[name], models)) return false;
  }
  return true;
}

/** `checkStoredFields` into one list for a whole file (its components' problems pushed there, no list per component). */
function addStoredProblems(
  problems: ValueProblem[], fields: Record<string, unknown>, model: Model, models: Models, prefix: string, skip: readonly string[],
): void {
  for (const name in fields) {
    if (!Object.hasOwn(fields, name) || skip.includes(name)) continue;
    const value = fields[name];
    // The path is spelled only for a problem: a cold start checks every field of every file, and a string per field was
    // most of this check's garbage.
    const attribute = getAttribute(model, name);
    if (!attribute) {
      problems.push({ path: prefix + name, message: `unknown attribute "${name}" (not in ${model.uid})` });
      continue;
    }
    if (attribute.type === 'relation' && attribute.mappedBy) {
      // a to-many inverse may list its owners' documentIds: the order it shows them in (inverse-order.ts)
      if (isToMany(attribute) && (value === null || !documentIds(value, true))) continue;
      problems.push({
        path: prefix + name, message: isToMany(attribute)
          ? `"${name}" is the inverse side of ${attribute.target}.${attribute.mappedBy}: only a list of documentIds (its order) `
            + 'may be stored here'
          : `"${name}" is the inverse side of ${attribute.target}.${attribute.mappedBy}; store the relation there`,
      });
      continue;
    }
    if (value === null) continue;
    if (attribute.type === 'component') {
      const component = models.get(attribute.component!)!;
      const items = attribute.repeatable ? value : [value];
      if (attribute.repeatable && !Array.isArray(value)) {
        problems.push({ path: prefix + name, message: 'must be a list of components' });
        continue;
      }
      (items as unknown[]).forEach((item, index) => {
        const itemPath = attribute.repeatable ? `${prefix}${name}.${index}.` : `${prefix}${name}.`;
        if (!isObject(item)) problems.push({ path: itemPath.slice(0, -1), message: 'must be an object' });
        else addStoredProblems(problems, item, component, models, itemPath, COMPONENT_KEYS);
      });
      continue;
    }
    if (attribute.type === 'dynamiczone') {
      if (!Array.isArray(value)) { problems.push({ path: prefix + name, message: 'must be a list of components' }); continue; }
      value.forEach((item, index) => {
        const itemPath = `${prefix}${name}.${index}`;
        const uid = isObject(item) ? item.__component : undefined;
        // Any component, as Strapi stores one the zone does not list (recorded: invalid.create.zone.unknown.component).
        if (typeof uid !== 'string' || models.get(uid)?.modelType !== 'component') {
          problems.push({ path: itemPath, message: `"__component" must be one of ${(attribute.components ?? []).join(', ')}` });
          return;
        }
        addStoredProblems(problems, item as Record<string, unknown>, models.get(uid)!, models, `${itemPath}.`, ZONE_KEYS);
      });
      continue;
    }
    if (attribute.type === 'blocks') {
      // Checked as a write is (node types, no `__proto__`, bounded depth), located at the failing node.
      const problem = blocksProblem(value, [prefix + name]);
      if (problem) {
        const at = [prefix + name, ...problem.path.slice(1)].join('.');
        problems.push({ path: at, message: problem.named ? problem.describe(at) : `${at}: ${problem.describe(at)}` });
      }
      continue;
    }
    const message = VALUE_CHECKS[attribute.type](value, attribute);
    if (message) problems.push({ path: prefix + name, message: `${prefix}${name} ${message}` });
  }
}
