import { ValidationError } from '../errors.js';
import { MAX_BODY_DEPTH, nestsDeeperThan, tooDeep } from '../parsers/json-depth.js';

/** What a client may say about a file (`fileInfo`): all optional, null meaning "keep". */
export interface FileInfo {
  name?: string | null;
  alternativeText?: string | null;
  caption?: string | null;
  focalPoint?: { x: number; y: number } | null;
}

const KEYS = ['name', 'alternativeText', 'caption', 'focalPoint'];
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

function checkInfo(raw: unknown, path: string[]): FileInfo {
  const value = parseJson(raw, path);
  if (value === undefined || value === null) return {};
  const label = path.join('.');
  if (!isRecord(value)) throw problem(path, `${label} must be a \`object\` type, but the final value was: \`${JSON.stringify(value)}\`.`, value);
  const unknown = Object.keys(value).filter((key) => !KEYS.includes(key));
  if (unknown.length) throw problem(path, `${label} field has unspecified keys: ${unknown.join(', ')}`, value);
  for (const key of ['name', 'alternativeText', 'caption']) {
    const text = value[key];
    if (text !== undefined && text !== null && typeof text !== 'string') {
      throw problem([...path, key], `${label}.${key} must be a \`string\` type, but the final value was: \`${JSON.stringify(text)}\`.`, text);
    }
  }
  const focal = value.focalPoint;
  if (focal !== undefined && focal !== null && !(isRecord(focal) && typeof focal.x === 'number' && typeof focal.y === 'number')) {
    throw problem([...path, 'focalPoint'], `${label}.focalPoint must be an object { x, y } of numbers`, focal);
  }
  const info: FileInfo = {};
  for (const key of KEYS) if (value[key] !== undefined) (info as Record<string, unknown>)[key] = key === 'focalPoint' && isRecord(focal) ? { x: focal.x, y: focal.y } : value[key];
  return info;
}

/**
 * The `fileInfo` of an upload, one entry per file in order: a JSON string or object for one file,
 * an array (or repeated form fields) for several. Checked as Strapi's upload validator does: only
 * `name`, `alternativeText`, `caption` and `focalPoint`; anything else is a 400.
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
