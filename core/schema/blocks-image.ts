import { notType } from './yup-messages.js';

/** What a blocks rule reports (see blocks.ts): a full path, Strapi's message for a path text, the offending value. */
export interface ImageProblem { path: string[]; describe: (pathText: string) => string; value?: unknown; named: true }

/** Strapi's image node fields (`blocks-validator.ts`), in its shape's order: yup reports their problems in this order. */
const FIELDS: [name: string, kind: 'string' | 'nullableString' | 'number' | 'any'][] = [
  ['name', 'string'], ['alternativeText', 'nullableString'], ['url', 'string'], ['caption', 'nullableString'],
  ['width', 'number'], ['height', 'number'], ['formats', 'any'], ['hash', 'string'], ['ext', 'string'], ['mime', 'string'],
  ['size', 'number'], ['previewUrl', 'nullableString'], ['provider', 'string'], ['provider_metadata', 'any'],
  ['createdAt', 'string'], ['updatedAt', 'string'],
];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  Object.prototype.toString.call(value) === '[object Object]';
const typeError = (path: string[], type: string, original: unknown, cast: unknown): ImageProblem => ({
  path, describe: (text) => notType(text, type, original, cast), value: Number.isNaN(cast) ? null : cast, named: true,
});
const required = (path: string[]): ImageProblem => ({ path, describe: (text) => `${text} is a required field`, named: true });

/** yup `object()`'s cast: a string is parsed as JSON, and what is then no plain object becomes null. */
function castObject(value: unknown): unknown {
  let cast = value;
  if (typeof cast === 'string') { try { cast = JSON.parse(cast); } catch { cast = null; } }
  return isPlainObject(cast) ? cast : null;
}

/** yup `number()`'s cast: strings lose their whitespace and go through `+`, anything else (null too) through parseFloat. */
function castNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') { const compact = value.replace(/\s/g, ''); return compact === '' ? Number.NaN : +compact; }
  return Number.parseFloat(value as string);
}

/** One field's problem: undefined is `required`; null and what yup cannot cast are type errors, with its cast value. */
function fieldProblem(image: Record<string, unknown>, name: string, kind: (typeof FIELDS)[number][1], at: string[]) {
  const value = image[name];
  const path = [...at, name];
  if (kind === 'any') return undefined;
  if (value === undefined) return kind === 'nullableString' ? undefined : required(path);
  if (kind === 'number') {
    const cast = castNumber(value);
    return Number.isNaN(cast) ? typeError(path, 'number', value, cast) : undefined;
  }
  if (value === null) return kind === 'nullableString' ? undefined : typeError(path, 'string', value, value);
  // yup's string cast turns numbers and booleans into text; objects and lists stay as they are, and fail
  return typeof value === 'object' ? typeError(path, 'string', value, value) : undefined;
}

/**
 * Every problem of a blocks `image` node's `image`, as Strapi's yup schema reports them (all of them, abortEarly off, in
 * its shape's order): missing is `{}` (each required field named), null or what is no object a type error, then each
 * field's own (recorded: details blocks.image.*).
 *
 * @example
 * imageProblems({ image: {} }, ['body', '0']).map((problem) => problem.path.at(-1)) // ['name', 'url', 'width', …]
 */
export function imageProblems(node: Record<string, unknown>, path: string[]): ImageProblem[] {
  const at = [...path, 'image'];
  const given = node.image;
  const image = given === undefined ? {} : castObject(given);
  if (image === null) return [typeError(at, 'object', given, null)];
  const problems: ImageProblem[] = [];
  if (Object.hasOwn(image as object, '__proto__')) {
    return [{ path: at, describe: (text) => `${text} has a "__proto__" key, which blocks never allow`, named: true }];
  }
  for (const [name, kind] of FIELDS) {
    const problem = fieldProblem(image as Record<string, unknown>, name, kind, at);
    if (problem) problems.push(problem);
  }
  return problems;
}
