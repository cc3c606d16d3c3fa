import { ValidationError } from '../errors.js';
import { MAX_BODY_DEPTH, nestsDeeperThan, tooDeep } from '../parsers/json-depth.js';

/** What a client may say about a file (`fileInfo`): all optional, null meaning "keep". */
export interface FileInfo {
  name?: string | null;
  alternativeText?: string | null;
  caption?: string | null;
  focalPoint?: { x: number; y: number } | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

function problem(path: string[], message: string, value?: unknown): ValidationError {
  const error: Record<string, unknown> = { path, message, name: 'ValidationError' };
  if (value !== undefined) error.value = value;
  return new ValidationError(message, { errors: [error] });
}

/** yup's object cast: a JSON string becomes the object it encodes. */
function parseJson(value: unknown, path: string[]): unknown {
  if (typeof value !== 'string') return value;
  // A multipart field is not a JSON body: bound its depth here (checking and printing it recurse).
  if (nestsDeeperThan(value, MAX_BODY_DEPTH)) throw tooDeep();
  try {
    return JSON.parse(value);
  } catch {
    throw problem(path, `${path.join('.')} must be a \`object\` type, but the final value was: \`${JSON.stringify(value)}\`.`, value);
  }
}

type Problem = { path: string[]; message: string; name: 'ValidationError'; value?: unknown };
const fail = (path: string[], message: string, ...value: unknown[]): Problem =>
  ({ path, message, name: 'ValidationError', ...(value.length ? { value: value[0] } : {}) });

/** yup's string cast (Strapi validates fileInfo with `strict: false`): a number or boolean becomes its text. */
function asText(value: unknown, path: string[], problems: Problem[]): string | null | undefined {
  if (value === undefined || value === null || typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  problems.push(fail(path, `${path.join('.')} must be a \`string\` type, but the final value was: \`${JSON.stringify(value)}\`.`, value));
  return undefined;
}

/** yup's `number().min(0).max(100).required()` on one focal-point coordinate, with its messages. */
function coordinate(value: unknown, path: string[], problems: Problem[]): number | undefined {
  const label = path.join('.');
  if (value === undefined || value === null) { problems.push(fail(path, `${label} is a required field`)); return undefined; }
  const text = typeof value === 'string' ? value.replace(/\s/g, '') : value;
  const cast = typeof text === 'number' ? text : text === '' ? Number.NaN : typeof text === 'string' ? Number(text) : Number.NaN;
  if (Number.isNaN(cast)) {
    problems.push(fail(
      path, `${label} must be a \`number\` type, but the final value was: \`NaN\` (cast from the value \`${JSON.stringify(value)}\`).`,
      Number.NaN,
    ));
    return undefined;
  }
  if (cast < 0) problems.push(fail(path, `${label} must be greater than or equal to 0`, cast));
  else if (cast > 100) problems.push(fail(path, `${label} must be less than or equal to 100`, cast));
  return cast;
}

/**
 * One file's info, as Strapi's upload validator reads it (yup, `strict: false`): texts cast from
 * numbers, a focal point of two coordinates within 0–100, and keys it does not know left out (it
 * stores nothing of them; recorded: upload.post.info.*, upload.update.info.unknown.key).
 */
function checkInfo(raw: unknown, path: string[]): FileInfo {
  const value = parseJson(raw, path);
  if (value === undefined || value === null) return {};
  const label = path.join('.');
  if (!isRecord(value)) {
    throw problem(path, `${label} must be a \`object\` type, but the final value was: \`${JSON.stringify(value)}\`.`, value);
  }
  const problems: Problem[] = [];
  const info: FileInfo = {};
  for (const key of ['name', 'alternativeText', 'caption'] as const) {
    const text = asText(value[key], [...path, key], problems);
    if (text !== undefined) info[key] = text;
  }
  const focal = value.focalPoint;
  if (focal === null) info.focalPoint = null;
  else if (focal !== undefined) {
    if (!isRecord(focal)) {
      problems.push(fail(
        [...path, 'focalPoint'],
        `${label}.focalPoint must be a \`object\` type, but the final value was: \`${JSON.stringify(focal)}\`.`,
        focal,
      ));
    }
    else {
      const x = coordinate(focal.x, [...path, 'focalPoint', 'x'], problems);
      const y = coordinate(focal.y, [...path, 'focalPoint', 'y'], problems);
      if (x !== undefined && y !== undefined) info.focalPoint = { x, y };
    }
  }
  if (problems.length) {
    throw new ValidationError(problems.length === 1 ? problems[0].message : `${problems.length} errors occurred`, { errors: problems });
  }
  return info;
}

/**
 * The `fileInfo` of an upload, one entry per file in order: a JSON string or object for one file,
 * an array (or repeated form fields) for several. Checked as Strapi's upload validator does: only
 * `name`, `alternativeText`, `caption` and `focalPoint` are read, other keys are left out.
 *
 * @example
 * parseFileInfo(['{"alternativeText":"A cat"}']) // [{ alternativeText: 'A cat' }]
 */
export function parseFileInfo(raw: unknown): FileInfo[] {
  const items = (Array.isArray(raw) ? raw : [raw]).flatMap((item, position) => {
    const value = parseJson(item, Array.isArray(raw) && raw.length > 1 ? ['fileInfo', String(position)] : ['fileInfo']);
    return value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  });
  return items.map((item, position) => checkInfo(item, items.length > 1 ? ['fileInfo', String(position)] : ['fileInfo']));
}
