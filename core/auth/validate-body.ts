import { ValidationError } from '../errors.js';

/**
 * What one body field must be. A `secret` field's value never goes into an error message (messages
 * reach the CLI's line); `details.errors[].value` echoes it to its submitter, as Strapi 5.54 does.
 */
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
/** One domain label: letters and digits, inner hyphens, at most 63 characters. */
const EMAIL_LABEL = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';
const EMAIL = new RegExp(`^[a-zA-Z0-9.!#$%&'*+/=?^_\`{|}~-]+@${EMAIL_LABEL}(?:\\.${EMAIL_LABEL})*$`);

export const isEmail = (value: string): boolean => EMAIL.test(value);

interface FieldError {
  path: string[];
  message: string;
  name: 'ValidationError';
  value?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * Check an auth route's JSON body as Strapi's yup schemas do (strict, every error collected): required
 * strings, emails, `noUnknown`. Throws one ValidationError in Strapi's shape
 * (`"<n> errors occurred"`, `details.errors[]`). Each error carries the value it judged, as yup's do, a
 * password too (recorded from Strapi 5.54: users.register.short.password, users.change.password.mismatch):
 * the answer goes only to whoever sent it, and a 4xx is never logged.
 *
 * @example
 * const { identifier, password } = validateBody(body, { identifier: { type: 'string' }, password: { type: 'string', secret: true } });
 */
export function validateBody(body: unknown, rules: BodyRules, options: { noUnknown?: boolean } = {}): Record<string, string> {
  const input = isRecord(body) ? body : {};
  const errors: FieldError[] = [];
  const failWith = (field: string, message: string, value?: unknown) =>
    errors.push({ path: field ? [field] : [], message, name: 'ValidationError', ...(value === undefined ? {} : { value }) });
  const fail = (field: string, message: string) => failWith(field, message);
  for (const [field, rule] of Object.entries(rules)) {
    const value = Object.hasOwn(input, field) ? input[field] : undefined;
    // yup echoes an empty string it refuses, not an absent field (recorded over GraphQL: up.login.empty.password)
    if (value === '') { failWith(field, `${field} is a required field`, ''); continue; }
    if (value === undefined || value === null) { fail(field, `${field} is a required field`); continue; }
    if (typeof value !== 'string') {
      const shown = rule.secret ? '' : `, but the final value was: \`${JSON.stringify(value)}\``;
      fail(field, `${field} must be a \`string\` type${shown}.`);
      continue;
    }
    if (rule.type === 'email' && !isEmail(value)) {
      failWith(field, `${field} must be a valid email`, value);
    } else if (rule.minLength && value.length < rule.minLength) {
      failWith(field, `${field} must be at least ${rule.minLength} characters`, value);
    } else if (rule.printable && /[\u0000-\u001f\u007f]/.test(value)) {
      fail(field, `${field} must not contain control characters`);
    }
    if (rule.equals && value !== input[rule.equals.field]) failWith(field, rule.equals.message, value);
  }
  if (options.noUnknown) {
    const unknown = Object.keys(input).filter((key) => !Object.hasOwn(rules, key));
    if (unknown.length) fail('', `this field has unspecified keys: ${unknown.join(', ')}`);
  }
  if (errors.length) throw new ValidationError(errors.length === 1 ? errors[0].message : `${errors.length} errors occurred`, { errors });
  return input as Record<string, string>;
}
