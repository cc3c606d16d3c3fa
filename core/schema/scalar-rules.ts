import { normalizeTime } from '../query/cast.js';
import { blocksProblem } from './blocks.js';
import type { Attribute } from './types.js';
import { notType, yupPath } from './yup-messages.js';

export { notType, printValue, yupPath } from './yup-messages.js';

/**
 * Body scalars as Strapi's entity validator sees them (validators.ts over yup): one caster per
 * attribute type, then the rules, with yup's exact messages and paths.
 */

/** A cast value, or a problem: `at` continues the attribute's path into the value (blocks nodes), `invalid` is what failed there. */
export type Cast = { value: unknown } | { error: string; at?: string[]; invalid?: unknown };
export type Caster = (value: unknown, path: string) => Cast;

/** Strapi's string validator keeps the original value (`transform((v, original) => original)`): no casting. */
const asString: Caster = (value, path) => (typeof value === 'string' ? { value } : { error: notType(path, 'string', value) });

/** yup `number()` cast: strings lose their whitespace and go through `+`, anything else through parseFloat. */
function castNumber(value: unknown): unknown {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const compact = value.replace(/\s/g, '');
    return compact === '' ? Number.NaN : +compact;
  }
  return Number.parseFloat(value as string);
}
const asNumber: Caster = (value, path) => {
  const cast = castNumber(value);
  return typeof cast === 'number' && Number.isFinite(cast) ? { value: cast } : { error: notType(path, 'number', value, cast) };
};

/** yup `string()` cast used by the enumeration validator: numbers and booleans become strings. */
const asEnumString: Caster = (value, path) => {
  if (typeof value === 'string') return { value };
  if (typeof value === 'number' || typeof value === 'boolean') return { value: String(value) };
  return { error: notType(path, 'string', value) };
};

/** yup `boolean()` cast: /^(true|1)$/i and /^(false|0)$/i. */
const asBoolean: Caster = (value, path) => {
  if (typeof value === 'boolean') return { value };
  if (/^(true|1)$/i.test(String(value))) return { value: true };
  if (/^(false|0)$/i.test(String(value))) return { value: false };
  return { error: notType(path, 'boolean', value) };
};

const asDateTime = (kind: string): Caster => (value, path) => {
  const time = typeof value === 'string' || typeof value === 'number' ? new Date(value).getTime() : Number.NaN;
  return Number.isNaN(time) ? { error: `${path} must be a valid ${kind}` } : { value: new Date(time).toISOString() };
};

/** Body value → stored value, one small function per scalar type (Strapi's validators.ts over yup). */
export const CAST: Record<string, Caster> = {
  string: asString,
  text: asString,
  richtext: asString,
  password: asString,
  email: asString,
  uid: asString,
  enumeration: asEnumString,
  integer: asNumber,
  float: asNumber,
  decimal: asNumber,
  boolean: asBoolean,
  biginteger: (value, path) => ((typeof value === 'string' && /^-?\d+$/.test(value)) || Number.isSafeInteger(value) ? { value: String(value) } : { error: notType(path, 'string', value) }),
  date: (value, path) => {
    const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
    return Number.isNaN(time) ? { error: `${path} must be a valid date` } : { value: new Date(time).toISOString().slice(0, 10) };
  },
  time: (value, path) => {
    const time = typeof value === 'string' ? normalizeTime(value) : undefined;
    return time ? { value: time } : { error: `${path} must be a valid time` };
  },
  datetime: asDateTime('datetime'),
  timestamp: asDateTime('timestamp'),
  json: (value) => ({ value }),
  blocks: (value, path) => {
    // The path text is one segment here, so Strapi's messages read `body[0].children…`.
    const problem = blocksProblem(value, [path]);
    if (!problem) return { value };
    const error = problem.describe(yupPath(problem.path));
    return problem.path.length > 1 ? { error, at: problem.path.slice(1), invalid: problem.value } : { error };
  },
};

export const STRING_TYPES = ['string', 'text', 'richtext', 'password', 'email', 'uid'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UID = /^[A-Za-z0-9-_.~]*$/;
export const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/** Every failing rule of a cast scalar, in yup's test order (a field can fail several). */
export function ruleErrors(value: unknown, attribute: Attribute, path: string, enforce: boolean): string[] {
  const errors: string[] = [];
  if (typeof value === 'string' && attribute.type === 'enumeration' && !(attribute.enum ?? []).includes(value)) {
    // yup joins the whitelist, and Strapi adds null to it: the list ends with ", ".
    errors.push(`${path} must be one of the following values: ${[...(attribute.enum ?? []), null].join(', ')}`);
  }
  if (typeof value === 'string' && STRING_TYPES.includes(attribute.type)) {
    if (enforce && isCount(attribute.minLength) && value.length < attribute.minLength) errors.push(`${path} must be at least ${attribute.minLength} characters`);
    if (isCount(attribute.maxLength) && value.length > attribute.maxLength) errors.push(`${path} must be at most ${attribute.maxLength} characters`);
    if (attribute.regex !== undefined && (value !== '' || attribute.required)) {
      const regex = new RegExp(attribute.regex);
      if (!regex.test(value)) errors.push(`${path} must match the following: "${regex}"`);
    }
    if (attribute.type === 'email' && value !== '' && !EMAIL.test(value)) errors.push(`${path} must be a valid email`);
    if (attribute.type === 'email' && value === '') errors.push(`${path} cannot be empty`);
    if (attribute.type === 'uid' && !UID.test(value)) errors.push(`${path} must match the following: "${UID}"`);
  }
  if (typeof value === 'number') {
    if (attribute.type === 'integer' && !Number.isInteger(value)) errors.push(`${path} must be an integer`);
    if (typeof attribute.min === 'number' && value < attribute.min) errors.push(`${path} must be greater than or equal to ${attribute.min}`);
    if (typeof attribute.max === 'number' && value > attribute.max) errors.push(`${path} must be less than or equal to ${attribute.max}`);
  }
  return errors;
}
