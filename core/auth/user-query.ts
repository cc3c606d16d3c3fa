import { invalidKey, ValidationError } from '../errors.js';
import { castFilterValue, toComparable, type Comparable } from '../query/cast.js';
import { parseFlag } from '../query/operators.js';
import { textOf } from '../query/text.js';
import type { RawQuery } from '../query/normalize.js';
import type { Attribute } from '../schema/types.js';
import type { StoredUser } from './state-store.js';

/** The user fields a client may filter and sort on (never `password` or `resetPasswordToken`). */
const FIELDS: Record<string, Attribute['type']> = {
  id: 'integer', documentId: 'string', username: 'string', email: 'email', provider: 'string',
  confirmed: 'boolean', blocked: 'boolean', createdAt: 'datetime', updatedAt: 'datetime', publishedAt: 'datetime',
};

type Test = (user: StoredUser) => boolean;
type Value = Comparable | null;
const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const fieldOf = (key: string, path: string) => {
  if (!Object.hasOwn(FIELDS, key)) throw invalidKey(key, path, 'filters');
  return FIELDS[key];
};
const lower = (value: Value) => (value === null ? '' : String(value).toLowerCase());
const order = (a: Value, b: Value) => (a === null || b === null ? Number.NaN : a < b ? -1 : a > b ? 1 : 0);

/**
 * The operators a user list takes, each a predicate over the cell and the cast argument. Kept
 * apart from the content engine's table: users are a handful of plain fields.
 */
const USER_OPERATORS: Record<string, { kind: 'cast' | 'text' | 'list' | 'flag'; test: (cell: Value, arg: any) => boolean }> = {
  $eq: { kind: 'cast', test: (cell, arg) => (arg === null ? cell === null : order(cell, arg) === 0) },
  $ne: { kind: 'cast', test: (cell, arg) => (arg === null ? cell !== null : order(cell, arg) !== 0) },
  $lt: { kind: 'cast', test: (cell, arg) => order(cell, arg) < 0 },
  $lte: { kind: 'cast', test: (cell, arg) => order(cell, arg) <= 0 },
  $gt: { kind: 'cast', test: (cell, arg) => order(cell, arg) > 0 },
  $gte: { kind: 'cast', test: (cell, arg) => order(cell, arg) >= 0 },
  $in: { kind: 'list', test: (cell, args: Value[]) => args.some((arg) => order(cell, arg) === 0) },
  $notIn: { kind: 'list', test: (cell, args: Value[]) => cell !== null && !args.some((arg) => order(cell, arg) === 0) },
  $eqi: { kind: 'text', test: (cell, arg) => cell !== null && lower(cell) === lower(arg) },
  $nei: { kind: 'text', test: (cell, arg) => cell !== null && lower(cell) !== lower(arg) },
  $contains: { kind: 'text', test: (cell, arg) => cell !== null && lower(cell).includes(lower(arg)) },
  $containsi: { kind: 'text', test: (cell, arg) => cell !== null && lower(cell).includes(lower(arg)) },
  $notContains: { kind: 'text', test: (cell, arg) => cell !== null && !lower(cell).includes(lower(arg)) },
  $notContainsi: { kind: 'text', test: (cell, arg) => cell !== null && !lower(cell).includes(lower(arg)) },
  $startsWith: { kind: 'text', test: (cell, arg) => cell !== null && lower(cell).startsWith(lower(arg)) },
  $endsWith: { kind: 'text', test: (cell, arg) => cell !== null && lower(cell).endsWith(lower(arg)) },
  $null: { kind: 'flag', test: (cell, arg: boolean) => (cell === null) === arg },
  $notNull: { kind: 'flag', test: (cell, arg: boolean) => (cell !== null) === arg },
};

/** One field's conditions: `{ $eq: 'x' }`, `{ $in: [...] }` or a bare value (`$eq`). */
function fieldTest(key: string, condition: unknown, path: string): Test {
  const type = fieldOf(key, path);
  const conditions = isRecord(condition) ? Object.entries(condition) : [['$eq', condition] as const];
  const tests = conditions.map(([operator, raw]): Test => {
    if (!Object.hasOwn(USER_OPERATORS, operator)) throw invalidKey(operator, `${path}.${operator}`, 'filters');
    const { kind, test } = USER_OPERATORS[operator];
    const cast = (value: unknown) => castFilterValue(value, type, path);
    const arg = kind === 'flag' ? parseFlag(raw) : kind === 'list' ? (Array.isArray(raw) ? raw : isRecord(raw) ? Object.values(raw) : [raw]).map(cast)
      : kind === 'text' ? (raw === null ? null : textOf(raw)) : cast(raw);
    return (user) => test(toComparable((user as unknown as Record<string, unknown>)[key], type), arg);
  });
  return (user) => tests.every((test) => test(user));
}

/** `filters` as Strapi nests them: fields, `$and`, `$or`, `$not`. Unknown keys → 400. */
function filterTest(filters: unknown, path = ''): Test {
  if (filters === undefined) return () => true;
  if (!isRecord(filters)) throw new ValidationError('Invalid filters', { source: 'query', param: 'filters' });
  const tests = Object.entries(filters).map(([key, value]): Test => {
    const here = path ? `${path}.${key}` : key;
    if (key === '$and' || key === '$or') {
      const parts = (Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : []).map((part) => filterTest(part, here));
      return key === '$and' ? (user) => parts.every((test) => test(user)) : (user) => parts.some((test) => test(user));
    }
    if (key === '$not') { const inner = filterTest(value, here); return (user) => !inner(user); }
    return fieldTest(key, value, here);
  });
  return (user) => tests.every((test) => test(user));
}

/** `sort=username:desc`, `sort[0]=id`: a comparator. */
function comparator(sort: unknown): (a: StoredUser, b: StoredUser) => number {
  const entries = sort === undefined ? [] : (Array.isArray(sort) ? sort : isRecord(sort) ? Object.values(sort) : String(sort).split(','));
  const keys = entries.map((entry) => {
    const [key, order = 'asc'] = textOf(entry).trim().split(':');
    if (!Object.hasOwn(FIELDS, key)) throw invalidKey(key, key, 'sort');
    if (!/^(asc|desc)$/i.test(order)) throw new ValidationError('Invalid order. order can only be one of asc|desc|ASC|DESC');
    return { key, sign: order.toLowerCase() === 'desc' ? -1 : 1 };
  });
  return (a, b) => {
    for (const { key, sign } of keys) {
      const left = toComparable((a as unknown as Record<string, unknown>)[key], FIELDS[key]) ?? '';
      const right = toComparable((b as unknown as Record<string, unknown>)[key], FIELDS[key]) ?? '';
      if (left < right) return -sign;
      if (left > right) return sign;
    }
    return a.id - b.id;
  };
}

const count = (raw: unknown, name: string): number | undefined => {
  if (raw === undefined) return undefined;
  const value = Number(textOf(raw));
  if (!Number.isInteger(value) || value < 0) throw new ValidationError(`Invalid ${name} parameter`, { source: 'query', param: name });
  return value;
};

/**
 * `GET /api/users` and `/api/users/count` queries: `filters`, `sort`, and `start`/`limit` or
 * `page`/`pageSize` (at the root or in `pagination`). All users when no pagination is given, as
 * Strapi's `fetchAll`. `populate=role` is answered by the route.
 */
export function queryUsers(users: StoredUser[], query: RawQuery): StoredUser[] {
  const test = filterTest(query.filters);
  const sorted = users.filter(test).sort(comparator(query.sort));
  const pagination = (isRecord(query.pagination) ? query.pagination : query) as Record<string, unknown>;
  const pageSize = count(pagination.pageSize, 'pageSize');
  const page = count(pagination.page, 'page');
  const limit = count(pagination.limit, 'limit') ?? pageSize;
  const start = count(pagination.start, 'start') ?? (page !== undefined && pageSize !== undefined ? (Math.max(page, 1) - 1) * pageSize : 0);
  return sorted.slice(start, limit === undefined ? undefined : start + limit);
}

export function countUsers(users: StoredUser[], query: RawQuery): number {
  return users.filter(filterTest(query.filters)).length;
}

/** User attributes a `fields` list may not name: private ones and the role relation (Strapi's 400 names their path). */
const UNSELECTABLE = ['password', 'resetPasswordToken', 'confirmationToken', 'role'];

/**
 * `fields` on the user routes (`fields[0]=username`, `fields=username,email`): the names to keep
 * beside `id` and `documentId`, or undefined for all. Unknown names → 400 `Invalid key`, private ones
 * too (recorded: users.fields.*).
 */
export function selectUserFields(raw: unknown): string[] | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const items = (Array.isArray(raw) ? raw : isRecord(raw) ? Object.values(raw) : [raw]).flatMap((item) => textOf(item).split(','));
  const names: string[] = [];
  for (const name of items.map((item) => item.trim())) {
    if (name === '*') return undefined;
    if (name === '') continue;
    if (UNSELECTABLE.includes(name)) throw invalidKey(name, name, 'fields');
    if (!Object.hasOwn(FIELDS, name)) throw invalidKey(name, null, 'fields');
    if (!names.includes(name)) names.push(name);
  }
  return names;
}
