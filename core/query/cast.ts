import { ValidationError } from '../errors.js';
import { CAST } from '../schema/scalar-rules.js';
import { timestampMs } from '../schema/timestamp.js';
import type { Attribute } from '../schema/types.js';
import { ErrorBook } from './error-book.js';

/**
 * Values as the engine compares them: numbers for numeric, boolean and date-time types (SQLite
 * stores booleans as 0/1 and date-times as epoch ms), bigint for big integers, strings otherwise.
 */
export type Comparable = number | bigint | string;

const TRUE = ['true', 't', '1'];
const FALSE = ['false', 'f', '0'];

export function normalizeTime(value: string): string | undefined {
  const match = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/.exec(value);
  if (!match) return undefined;
  return `${match[1]}:${match[2]}:${match[3] ?? '00'}.${(match[4] ?? '').padEnd(3, '0')}`;
}

/** A stored cell → comparable (null for missing). */
export function toComparable(value: unknown, type: Attribute['type']): Comparable | null {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'integer': case 'float': case 'decimal':
      return typeof value === 'number' ? value : Number(value);
    case 'biginteger':
      try { return BigInt(value as string); } catch { return null; }
    case 'boolean':
      return value === true ? 1 : value === false ? 0 : Number(value);
    case 'datetime': {
      const time = typeof value === 'number' ? value : Date.parse(String(value));
      return Number.isNaN(time) ? null : time;
    }
    case 'timestamp': {
      const time = timestampMs(value);
      return Number.isNaN(time) ? null : time;
    }
    case 'time':
      return normalizeTime(String(value)) ?? String(value);
    case 'json': case 'blocks':
      return typeof value === 'string' ? value : JSON.stringify(value);
    default:
      return typeof value === 'string' ? value : String(value);
  }
}

/**
 * The text SQLite's LIKE sees for a stored cell (Strapi's text operators on any column): booleans are
 * stored as 1/0 and date-times as epoch milliseconds, so `active $contains true` matches nothing.
 */
export function storedText(value: unknown, type: Attribute['type']): string {
  if (type === 'boolean' && typeof value === 'boolean') return value ? '1' : '0';
  if ((type === 'datetime' || type === 'timestamp') && typeof value === 'string') {
    const time = type === 'timestamp' ? timestampMs(value) : Date.parse(value);
    if (!Number.isNaN(time)) return String(time);
  }
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

type Caster = (raw: string) => Comparable | undefined;

/** Strapi's database parsers (dates, times) refuse a filter value with their own 400, details `{}`. */
const storageParsed = (type: Attribute['type'], toComparableValue: (stored: string) => Comparable): Caster => (raw) => {
  const cast = CAST[type](raw, '');
  if ('error' in cast) throw new ValidationError(cast.error);
  return toComparableValue(cast.value as string);
};

/** Strapi's NumberField casts with lodash `toNumber` for every numeric type, so `views > 9.5` is valid. */
const number: Caster = (raw) => (raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : undefined);

/** Query-string value → comparable, per attribute type (Strapi casts `cast` operators' values). */
const CASTERS: Partial<Record<Attribute['type'], Caster>> = {
  integer: number,
  float: number,
  decimal: number,
  biginteger: (raw) => (/^[-+]?\d+$/.test(raw.trim()) ? BigInt(raw.trim()) : undefined),
  // Strapi's BooleanField.toDB: true/t/1 and false/f/0 as written, any other text by its truthiness ('yes' is true)
  boolean: (raw) => (TRUE.includes(raw) ? 1 : FALSE.includes(raw) ? 0 : raw === '' ? 0 : 1),
  datetime: storageParsed('datetime', (stored) => Date.parse(stored)),
  timestamp: storageParsed('timestamp', (stored) => Date.parse(stored)),
  date: storageParsed('date', (stored) => stored),
  time: storageParsed('time', (stored) => stored),
};

const describe: Partial<Record<Attribute['type'], string>> = {
  integer: 'a number', biginteger: 'an integer', float: 'a number', decimal: 'a number',
  boolean: 'a boolean (true, false, t, f, 1, 0)', datetime: 'a date-time', timestamp: 'a timestamp',
  date: 'a date (YYYY-MM-DD)', time: 'a time (HH:mm:ss.SSS)',
};

/** Cast one filter value; an uncastable value is a 400 naming the path (a project choice; Strapi 500s). */
export function castFilterValue(raw: unknown, type: Attribute['type'], path: string): Comparable | null {
  if (raw === null) return null;
  if (typeof raw === 'number' || typeof raw === 'boolean' || typeof raw === 'bigint') raw = String(raw);
  if (typeof raw !== 'string') {
    throw new ValidationError(
      `Invalid value for ${path}: expected a single value`, { key: path.split('.').pop(), path, source: 'query', param: 'filters' },
    );
  }
  const caster = CASTERS[type];
  if (!caster) return toComparable(raw, type);
  let value: Comparable | undefined;
  try {
    value = caster(raw);
  } catch (error) {
    // a date or time Strapi's database parser refuses: its 400 comes when the query runs, as late as an uncastable value's
    // 500 (recorded: fuzz.filter.date.after.pagination)
    if (!(error instanceof ValidationError)) throw error;
    uncastable.keep(error, error);
    return null;
  }
  if (value === undefined) {
    const error = new ValidationError(
      `Invalid value "${raw}" for ${path}: expected ${describe[type]}`,
      { key: path.split('.').pop(), path, source: 'query', param: 'filters', value: raw },
    );
    uncastable.keep(error, error);
    return null;
  }
  return value;
}

/** The values the database would refuse, kept while `withDeferredCasts` runs. */
const uncastable = new ErrorBook<ValidationError>();

/**
 * Runs a query's validation with uncastable filter values set aside until the end: Strapi meets
 * them only when the database runs the query (its 500), after every key, sort, field, populate and
 * pagination check has passed, so those errors come first (recorded: fuzz.filter.cast.after.keys).
 */
export function withDeferredCasts<T>(work: () => T): T {
  const { result, kept } = uncastable.collect(work);
  if (kept[0]) throw kept[0];
  return result;
}
