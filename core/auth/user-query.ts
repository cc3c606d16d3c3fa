import { invalidKey, ValidationError } from '../errors.js';
import { castFilterValue, toComparable, type Comparable } from '../query/cast.js';
import { parseFlag } from '../query/operators.js';
import { textOf } from '../query/text.js';
import type { RawQuery } from '../query/normalize.js';
import type { Attribute } from '../schema/types.js';
import { listRoles } from './roles.js';
import type { StoredUser } from './state-store.js';

/** The user fields a client may filter and sort on (never `password` or `resetPasswordToken`). */
const FIELDS: Record<string, Attribute['type']> = {
  id: 'integer', documentId: 'string', username: 'string', email: 'email', provider: 'string',
  confirmed: 'boolean', blocked: 'boolean', createdAt: 'datetime', updatedAt: 'datetime', publishedAt: 'datetime',
};
/** The fields of the `role` relation, reached by `filters[role][…]`, `sort=role.name` and `populate[role][fields]`. */
const ROLE_FIELDS: Record<string, Attribute['type']> = {
  id: 'integer', documentId: 'string', name: 'string', description: 'string', type: 'string',
  createdAt: 'datetime', updatedAt: 'datetime', publishedAt: 'datetime',
};
/** The fields `_q` searches (case-insensitive substring), as Strapi's search over the user's text attributes. */
const SEARCHED = ['username', 'email', 'provider'];
/** User attributes a query may not name: private ones and the role relation (Strapi's 400 names their path). */
const UNSELECTABLE = ['password', 'resetPasswordToken', 'confirmationToken', 'role'];

let roles: Map<string, Record<string, unknown>> | undefined;
/** A user's role as the relation reads (fixed data: roles live in the config). */
export function roleOf(user: StoredUser): Record<string, unknown> {
  roles ??= new Map(listRoles([]).map(({ nb_users: _count, ...role }) => [role.type, role]));
  return roles.get(user.role) ?? {};
}

/** Where a filter reads: the user's own fields, or its role's. */
interface Scope { fields: Record<string, Attribute['type']>; read: (user: StoredUser) => Record<string, unknown> }
const USER: Scope = { fields: FIELDS, read: (user) => user as unknown as Record<string, unknown> };
const ROLE: Scope = { fields: ROLE_FIELDS, read: roleOf };

type Test = (user: StoredUser) => boolean;
type Value = Comparable | null;
const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
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
function fieldTest(key: string, condition: unknown, path: string, scope: Scope): Test {
  const type = scope.fields[key];
  const conditions = isRecord(condition) ? Object.entries(condition) : [['$eq', condition] as const];
  const tests = conditions.map(([operator, raw]): Test => {
    if (!Object.hasOwn(USER_OPERATORS, operator)) throw invalidKey(operator, `${path}.${operator}`, 'filters');
    const { kind, test } = USER_OPERATORS[operator];
    const cast = (value: unknown) => castFilterValue(value, type, path);
    const arg = kind === 'flag'
      ? parseFlag(raw)
      : kind === 'list'
      ? (Array.isArray(raw) ? raw : isRecord(raw) ? Object.values(raw) : [raw]).map(cast)
      : kind === 'text' ? (raw === null ? null : textOf(raw)) : cast(raw);
    return (user) => test(toComparable(scope.read(user)[key], type), arg);
  });
  return (user) => tests.every((test) => test(user));
}

/** `filters` as Strapi nests them: fields, `$and`, `$or`, `$not`, and the role's fields under `role`. Unknown keys → 400. */
/** A filter through a relation the project's src/extensions adds to the user (`goals`), or undefined for any other key. */
export type RelatedFilter = (key: string, condition: unknown) => Test | undefined;

function filterTest(filters: unknown, path = '', scope: Scope = USER, related?: RelatedFilter): Test {
  if (filters === undefined) return () => true;
  if (!isRecord(filters)) throw new ValidationError('Invalid filters', { source: 'query', param: 'filters' });
  const tests = Object.entries(filters).map(([key, value]): Test => {
    const here = path ? `${path}.${key}` : key;
    if (key === '$and' || key === '$or') {
      const parts = (Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [])
        .map((part) => filterTest(part, path, scope, related));
      return key === '$and' ? (user) => parts.every((test) => test(user)) : (user) => parts.some((test) => test(user));
    }
    if (key === '$not') { const inner = filterTest(value, path, scope, related); return (user) => !inner(user); }
    const through = scope === USER && !path ? related?.(key, value) : undefined;
    if (through) return through;
    if (key === 'role' && scope === USER) return isRecord(value) ? filterTest(value, here, ROLE) : fieldTest('id', value, here, ROLE);
    // an unknown key is named at its own path on the user, at the relation's path inside `role` (recorded: users.query.role.unknown)
    if (!Object.hasOwn(scope.fields, key)) throw invalidKey(key, scope === USER ? here : path, 'filters');
    return fieldTest(key, value, here, scope);
  });
  return (user) => tests.every((test) => test(user));
}

/** `_q`: users with the text in a searched field, any case. */
function searchTest(q: unknown): Test {
  const text = q === undefined || q === null ? '' : textOf(q).toLowerCase();
  if (!text) return () => true;
  return (user) => SEARCHED.some((name) => String((user as unknown as Record<string, unknown>)[name] ?? '').toLowerCase().includes(text));
}

/** A sort key: a user field or `role.<field>`; an unknown one is a 400 without a path, a private one names itself. */
function sortKey(key: string): { type: Attribute['type']; read: (user: StoredUser) => unknown } {
  if (Object.hasOwn(FIELDS, key)) return { type: FIELDS[key], read: (user) => (user as unknown as Record<string, unknown>)[key] };
  const [relation, field] = key.split('.');
  if (relation === 'role' && field !== undefined && Object.hasOwn(ROLE_FIELDS, field)) {
    return { type: ROLE_FIELDS[field], read: (user) => roleOf(user)[field] };
  }
  throw invalidKey(key, UNSELECTABLE.includes(relation) ? key : null, 'sort');
}

/** `sort=username:desc`, `sort[0]=role.name`: a comparator (ties in id order). */
function comparator(sort: unknown): (a: StoredUser, b: StoredUser) => number {
  const entries = sort === undefined ? [] : (Array.isArray(sort) ? sort : isRecord(sort) ? Object.values(sort) : String(sort).split(','));
  const keys = entries.map((entry) => {
    const [key, order = 'asc'] = textOf(entry).trim().split(':');
    const { type, read } = sortKey(key);
    if (!/^(asc|desc)$/i.test(order)) throw new ValidationError('Invalid order. order can only be one of asc|desc|ASC|DESC');
    return { type, read, sign: order.toLowerCase() === 'desc' ? -1 : 1 };
  });
  return (a, b) => {
    for (const { type, read, sign } of keys) {
      const left = toComparable(read(a), type) ?? '';
      const right = toComparable(read(b), type) ?? '';
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
 * `GET /api/users` and `/api/users/count` queries: `filters`, `_q`, `sort`, and root `start`/`limit`.
 * All users otherwise: Strapi's user service passes the query to `findMany` as it is, so `page`,
 * `pageSize` and `pagination[…]` change nothing (recorded: users.query.*). `populate=role` is answered by the route.
 */
export function queryUsers(users: StoredUser[], query: RawQuery, related?: RelatedFilter): StoredUser[] {
  const test = filterTest(query.filters, '', USER, related);
  const search = searchTest(query._q);
  const sorted = users.filter((user) => test(user) && search(user)).sort(comparator(query.sort));
  const start = count(query.start, 'start') ?? 0;
  const limit = count(query.limit, 'limit');
  return sorted.slice(start, limit === undefined ? undefined : start + limit);
}

export function countUsers(users: StoredUser[], query: RawQuery, related?: RelatedFilter): number {
  const test = filterTest(query.filters, '', USER, related);
  const search = searchTest(query._q);
  return users.filter((user) => test(user) && search(user)).length;
}

/** A `fields` value as Strapi takes it (a list, an indexed object or a comma string): the names, trimmed, blanks left out. */
const fieldNames = (raw: unknown): string[] =>
  (Array.isArray(raw) ? raw : isRecord(raw) ? Object.values(raw) : [raw]).flatMap((item) => textOf(item).split(','))
    .map((item) => item.trim()).filter((name) => name !== '');

/**
 * `fields` on the user routes (`fields[0]=username`, `fields=username,email`): the names to keep
 * beside `id` and `documentId`, or undefined for all. Unknown names → 400 `Invalid key`, private ones
 * too (recorded: users.fields.*).
 */
export function selectUserFields(raw: unknown): string[] | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const names: string[] = [];
  for (const name of fieldNames(raw)) {
    if (name === '*') return undefined;
    if (UNSELECTABLE.includes(name)) throw invalidKey(name, name, 'fields');
    if (!Object.hasOwn(FIELDS, name)) throw invalidKey(name, null, 'fields');
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** `populate[role][fields]`: the role fields to keep beside `id` and `documentId` (unknown → 400, param populate). */
export function selectRoleFields(raw: unknown): string[] | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const names = fieldNames(raw);
  if (names.includes('*')) return undefined;
  for (const name of names) if (!Object.hasOwn(ROLE_FIELDS, name)) throw invalidKey(name, null, 'populate');
  return names;
}
