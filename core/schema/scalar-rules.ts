import { blocksProblems, type BlocksProblem } from './blocks.js';
import { parseIsoDateTime } from './iso-date.js';
import type { Attribute } from './types.js';
import { EMAIL, isCount, maxLengthOf, STRING_TYPES, UID } from './field-rules.js';
import { notType, yupPath } from './yup-messages.js';

export { notType, printValue, yupPath } from './yup-messages.js';

/**
 * Body scalars as Strapi's entity validator sees them (validators.ts over yup): one caster per
 * attribute type, then the rules, with yup's exact messages and paths.
 */

/**
 * A cast value, or a problem: `at` continues the attribute's path into the value (blocks nodes),
 * `invalid` is what failed there (yup reports the value after its cast: `NaN` prints as null).
 * A `storage` problem is not yup's: Strapi's database layer raises it (dates and times) when the
 * entry is written, so only if validation passed, as a plain 400 without details.
 */
export type Cast = { value: unknown } | CastError;
/** A problem of a value; `more` are the value's further problems, in Strapi's order (a blocks value reports all). */
export interface CastError { error: string; at?: string[]; invalid?: unknown; storage?: true; more?: CastError[] }
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
  if (typeof cast === 'number' && Number.isFinite(cast)) return { value: cast };
  return { error: notType(path, 'number', value, cast), invalid: Number.isNaN(cast) ? null : cast };
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

/**
 * Strapi's parseDateTimeOrTimestamp: an ISO 8601 text as date-fns reads it (`2024-02-30` is refused,
 * never rolled over to March 1; `99999-01-01` is refused, never year 99999), or milliseconds since
 * the epoch.
 */
const asDateTime: Caster = (value) => {
  const text = value === null || value === undefined ? ''
    : typeof value === 'object' && !Array.isArray(value) ? '[object Object]' : String(value);
  const iso = parseIsoDateTime(text);
  const time = !Number.isNaN(iso) ? iso : /^-?\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  return Number.isNaN(time) || Number.isNaN(new Date(time).getTime())
    ? { error: 'Invalid format, expected a timestamp or an ISO date', storage: true }
    : { value: new Date(time).toISOString() };
};

/** Strapi's parseDate: the leading `YYYY-MM-DD` of a string (the rest is ignored), a real calendar day. */
const asDate: Caster = (value) => {
  const found = typeof value === 'string' ? /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])/.exec(value) : null;
  if (!found) return { error: 'Invalid format, expected yyyy-MM-dd', storage: true };
  const [year, month, day] = found[0].split('-').map(Number);
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCMonth() === month - 1 ? { value: found[0] } : { error: 'Invalid date', storage: true };
};

/** Strapi's parseTime: `HH:mm:ss` with up to three decimals, stored as `HH:mm:ss.SSS`. */
const asTime: Caster = (value) => {
  if (typeof value !== 'string') return { error: `Expected a string, got a ${typeof value}`, storage: true };
  const found = /^(2[0-3]|[01][0-9]):([0-5][0-9]):([0-5][0-9])(\.[0-9]{1,3})?$/.exec(value);
  if (!found) return { error: 'Invalid time format, expected HH:mm:ss.SSS', storage: true };
  return { value: `${found[1]}:${found[2]}:${found[3]}.${(found[4] ?? '.').slice(1).padEnd(3, '0')}` };
};

/** Strapi's biginteger validator: an integer number, or a text of digits (sign and spaces allowed), stored as its canonical digits. */
const asBigInteger: Caster = (value, path) => {
  const text = typeof value === 'number' && Number.isInteger(value) ? String(value) : typeof value === 'string' ? value.trim() : undefined;
  return text !== undefined && /^[+-]?\d+$/.test(text) ? { value: BigInt(text).toString() } : { error: `${path} must be a valid integer` };
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
  biginteger: asBigInteger,
  date: asDate,
  time: asTime,
  datetime: asDateTime,
  timestamp: asDateTime,
  json: (value) => ({ value }),
  blocks: (raw, path) => {
    // yup's array cast, as Strapi's blocks validator gets it: a string is parsed as JSON, and what
    // is still no array becomes null (recorded: blocks "text" or { type } are stored as null, 201).
    let value = raw;
    if (typeof value === 'string') { try { value = JSON.parse(value); } catch { value = null; } }
    if (!Array.isArray(value)) return { value: null };
    // The path text is one segment here, so Strapi's messages read `body[0].children…`.
    const problems = blocksProblems(value, [path]);
    if (!problems.length) return { value };
    const [first, ...more] = problems.map(blocksError);
    return more.length ? { ...first, more } : first;
  },
};

function blocksError(problem: BlocksProblem): CastError {
  const error = problem.describe(yupPath(problem.path));
  return problem.path.length > 1 ? { error, at: problem.path.slice(1), invalid: problem.value } : { error };
}

// The limits and patterns come from the rule table the studio reads too (field-rules.ts).
export { isCount, STRING_TYPES } from './field-rules.js';

/** yup's oneOf message for an enumeration: yup joins the whitelist, and Strapi adds null to it, so the list ends with ", ". */
export const notOneOf = (path: string, attribute: Attribute): string =>
  `${path} must be one of the following values: ${[...(attribute.enum ?? []), null].join(', ')}`;

/** Every failing rule of a cast scalar, in yup's test order (a field can fail several). */
export function ruleErrors(value: unknown, attribute: Attribute, path: string, enforce: boolean): string[] {
  const errors: string[] = [];
  if (typeof value === 'string' && attribute.type === 'enumeration' && !(attribute.enum ?? []).includes(value)) {
    errors.push(notOneOf(path, attribute));
  }
  if (typeof value === 'string' && STRING_TYPES.includes(attribute.type)) {
    if (enforce && isCount(attribute.minLength) && value.length < attribute.minLength) {
      errors.push(`${path} must be at least ${attribute.minLength} characters`);
    }
    const maxLength = maxLengthOf(attribute);
    if (maxLength !== undefined && value.length > maxLength) errors.push(`${path} must be at most ${maxLength} characters`);
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
    if (typeof attribute.min === 'number' && value < attribute.min) {
      errors.push(`${path} must be greater than or equal to ${attribute.min}`);
    }
    if (typeof attribute.max === 'number' && value > attribute.max) errors.push(`${path} must be less than or equal to ${attribute.max}`);
  }
  return errors;
}
