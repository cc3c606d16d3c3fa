import { ValidationError } from '../errors.js';

/** What one body field must be. `secret` fields never have their value echoed in an error. */
export interface FieldRule {
  type: 'string' | 'email';
  secret?: boolean;
  /** Shortest accepted length (Strapi's user schema: username 3, email 6, password 6). */
  minLength?: number;
  /** No control characters (names that end up in logs and commit authors). */
  printable?: boolean;
  /** Must equal this other field (yup `oneOf([ref(field)])`), with this message. */
  equals?: { field: string; message: string };
}

export type BodyRules = Record<string, FieldRule>;

/** yup's email test (the pattern yup 0.32 uses), which Strapi's auth validators rely on. */
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const isEmail = (value: string): boolean => EMAIL.test(value);

interface FieldError {
  path: string[];
  message: string;
  name: 'ValidationError';
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * Check an auth route's JSON body as Strapi's yup schemas do (strict, every error collected): required
 * strings, emails, `noUnknown`. Throws one ValidationError in Strapi's shape
 * (`"<n> errors occurred"`, `details.errors[]`); values of secret fields are never echoed.
 *
 * @example
 * const { identifier, password } = validateBody(body, { identifier: { type: 'string' }, password: { type: 'string', secret: true } });
 */
export function validateBody(body: unknown, rules: BodyRules, options: { noUnknown?: boolean } = {}): Record<string, string> {
  const input = isRecord(body) ? body : {};
  const errors: FieldError[] = [];
  const fail = (field: string, message: string) => errors.push({ path: field ? [field] : [], message, name: 'ValidationError' });
  for (const [field, rule] of Object.entries(rules)) {
    const value = Object.hasOwn(input, field) ? input[field] : undefined;
    if (value === undefined || value === null || value === '') { fail(field, `${field} is a required field`); continue; }
    if (typeof value !== 'string') {
      const shown = rule.secret ? '' : `, but the final value was: \`${JSON.stringify(value)}\``;
      fail(field, `${field} must be a \`string\` type${shown}.`);
      continue;
    }
    if (rule.type === 'email' && !isEmail(value)) fail(field, `${field} must be a valid email`);
    else if (rule.minLength && value.length < rule.minLength) fail(field, `${field} must be at least ${rule.minLength} characters`);
    else if (rule.printable && /[\u0000-\u001f\u007f]/.test(value)) fail(field, `${field} must not contain control characters`);
    if (rule.equals && value !== input[rule.equals.field]) fail(field, rule.equals.message);
  }
  if (options.noUnknown) {
    const unknown = Object.keys(input).filter((key) => !Object.hasOwn(rules, key));
    if (unknown.length) fail('', `this field has unspecified keys: ${unknown.join(', ')}`);
  }
  if (errors.length) throw new ValidationError(errors.length === 1 ? errors[0].message : `${errors.length} errors occurred`, { errors });
  return input as Record<string, string>;
}
