import type { Attribute } from './types.js';

/**
 * The rules of one attribute in an editor's words: the table the entry validator's limits come from
 * (scalar-rules.ts uses these constants) and the studio checks a form against before it sends it
 * (through `GET /admin/api/schemas`), so the two never drift. The validator still answers with
 * Strapi's own messages; these are what an editor reads at the field.
 */

/** Strapi's email test (yup's `email()` as Strapi configures it). */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Strapi's uid alphabet. */
export const UID = /^[A-Za-z0-9-_.~]*$/;
/** Strapi gives every `string` attribute a maxLength of 255 unless the schema says otherwise. */
export const DEFAULT_STRING_MAX = 255;
export const STRING_TYPES = ['string', 'text', 'richtext', 'password', 'email', 'uid'];
const NUMBER_TYPES = ['integer', 'float', 'decimal'];
const LIST_TYPES = ['dynamiczone'];

export const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/** The longest text a string attribute takes, if any. */
export const maxLengthOf = (attribute: Attribute): number | undefined =>
  isCount(attribute.maxLength) ? attribute.maxLength : attribute.type === 'string' ? DEFAULT_STRING_MAX : undefined;

/**
 * One rule: `rule` names the check (required, minLength, maxLength, min, max, pattern, integer,
 * minItems, maxItems), `limit` or `pattern` its bound. A `constraint` is checked only when the
 * version is published on a draft-and-publish type (Strapi leaves required, minLength and item
 * counts to publishing there); the others on every write.
 */
export interface FieldRule {
  rule: 'required' | 'minLength' | 'maxLength' | 'min' | 'max' | 'pattern' | 'integer' | 'minItems' | 'maxItems';
  limit?: number;
  pattern?: string;
  /** Does an empty value skip the rule (an optional field left empty)? */
  skipEmpty?: boolean;
  constraint: boolean;
  message: string;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

type RuleMaker = (attribute: Attribute) => FieldRule | undefined;

/** The table: one small maker per rule, in the order the validator checks them. */
const characters = (count: number) => plural(count, 'character', 'characters');
const entries = (count: number) => plural(count, 'entry', 'entries');
const atLeastEntries = (count: number) => `At least ${entries(count)}`;

const OFF_FORMAT = 'Not in the expected format';

const RULES: RuleMaker[] = [
  (attribute) => (attribute.required && attribute.type !== 'relation' && attribute.type !== 'media'
    ? { rule: 'required', constraint: true, message: 'Required' } : undefined),
  (attribute) => (STRING_TYPES.includes(attribute.type) && isCount(attribute.minLength)
    ? { rule: 'minLength', limit: attribute.minLength, constraint: true, message: `At least ${characters(attribute.minLength)}` }
    : undefined),
  (attribute) => {
    const limit = STRING_TYPES.includes(attribute.type) ? maxLengthOf(attribute) : undefined;
    if (limit === undefined) return undefined;
    return { rule: 'maxLength', limit, constraint: false, message: `At most ${characters(limit)}` };
  },
  (attribute) => (attribute.type === 'email'
    ? { rule: 'pattern', pattern: EMAIL.source, skipEmpty: true, constraint: false, message: 'Must be a valid email' } : undefined),
  (attribute) => (attribute.type === 'uid'
    ? { rule: 'pattern', pattern: UID.source, constraint: false, message: 'Only letters, digits and - _ . ~' } : undefined),
  (attribute) => (STRING_TYPES.includes(attribute.type) && typeof attribute.regex === 'string'
    ? { rule: 'pattern', pattern: attribute.regex, skipEmpty: !attribute.required, constraint: false, message: OFF_FORMAT }
    : undefined),
  (attribute) => (attribute.type === 'integer' ? { rule: 'integer', constraint: false, message: 'Must be a whole number' } : undefined),
  (attribute) => (NUMBER_TYPES.includes(attribute.type) && typeof attribute.min === 'number'
    ? { rule: 'min', limit: attribute.min, constraint: false, message: `At least ${attribute.min}` } : undefined),
  (attribute) => (NUMBER_TYPES.includes(attribute.type) && typeof attribute.max === 'number'
    ? { rule: 'max', limit: attribute.max, constraint: false, message: `At most ${attribute.max}` } : undefined),
  (attribute) => (isList(attribute) && typeof attribute.min === 'number'
    ? { rule: 'minItems', limit: attribute.min, skipEmpty: !attribute.required, constraint: true, message: atLeastEntries(attribute.min) }
    : undefined),
  (attribute) => (isList(attribute) && typeof attribute.max === 'number'
    ? { rule: 'maxItems', limit: attribute.max, constraint: true, message: `At most ${entries(attribute.max)}` } : undefined),
];

const isList = (attribute: Attribute) =>
  LIST_TYPES.includes(attribute.type) || (attribute.type === 'component' && attribute.repeatable === true);

/**
 * The rules of an attribute, in an editor's words.
 *
 * @example
 * fieldRules({ type: 'text', maxLength: 80 }) // [{ rule: 'maxLength', limit: 80, constraint: false, message: 'At most 80 characters' }]
 */
export function fieldRules(attribute: Attribute): FieldRule[] {
  return RULES.map((make) => make(attribute)).filter((rule): rule is FieldRule => rule !== undefined);
}
