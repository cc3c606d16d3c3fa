import { UnsupportedApiError } from './errors.js';

/** A query-engine row: scalar columns, and relations as rows (or lists of rows) once looked up. */
export type QueryRow = Record<string, unknown>;

const text = (value: unknown) => String(value ?? '');
const comparable = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
const compare = (left: unknown, right: unknown): number => {
  const [a, b] = [comparable(left), comparable(right)];
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0;
};
const equal = (left: unknown, right: unknown) => compare(left, right) === 0 && (left === null) === (right === null);
const list = (value: unknown) => (Array.isArray(value) ? value : [value]);

/** Strapi's attribute operators, each one predicate over a column's value (the query engine's names). */
const OPERATORS: Record<string, (value: unknown, operand: unknown) => boolean> = {
  $eq: (value, operand) => (operand === null ? value === null || value === undefined : equal(value, operand)),
  $ne: (value, operand) => !OPERATORS.$eq(value, operand),
  $eqi: (value, operand) => text(value).toLowerCase() === text(operand).toLowerCase(),
  $nei: (value, operand) => text(value).toLowerCase() !== text(operand).toLowerCase(),
  $in: (value, operand) => list(operand).some((candidate) => equal(value, candidate)),
  $notIn: (value, operand) => !list(operand).some((candidate) => equal(value, candidate)),
  $lt: (value, operand) => value != null && compare(value, operand) < 0,
  $lte: (value, operand) => value != null && compare(value, operand) <= 0,
  $gt: (value, operand) => value != null && compare(value, operand) > 0,
  $gte: (value, operand) => value != null && compare(value, operand) >= 0,
  $between: (value, operand) => value != null && compare(value, list(operand)[0]) >= 0 && compare(value, list(operand)[1]) <= 0,
  $contains: (value, operand) => text(value).includes(text(operand)),
  $notContains: (value, operand) => !text(value).includes(text(operand)),
  $containsi: (value, operand) => text(value).toLowerCase().includes(text(operand).toLowerCase()),
  $notContainsi: (value, operand) => !text(value).toLowerCase().includes(text(operand).toLowerCase()),
  $startsWith: (value, operand) => text(value).startsWith(text(operand)),
  $startsWithi: (value, operand) => text(value).toLowerCase().startsWith(text(operand).toLowerCase()),
  $endsWith: (value, operand) => text(value).endsWith(text(operand)),
  $endsWithi: (value, operand) => text(value).toLowerCase().endsWith(text(operand).toLowerCase()),
  $null: (value, operand) => (value === null || value === undefined) === (operand === true || operand === 'true'),
  $notNull: (value, operand) => (value !== null && value !== undefined) === (operand === true || operand === 'true'),
};

const isPlain = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);

/** What a relation column of an in-memory row holds: the related rows, looked up on demand. */
export type Relations = (row: QueryRow, name: string) => QueryRow[] | undefined;

/**
 * Whether an in-memory row matches a query-engine `where` (`{ type: 'public' }`, `{ action: { $in: [...] } }`,
 * `{ role: 2 }`, `{ role: { type: 'public' } }`, `$and`/`$or`/`$not`). An unknown operator is named, never ignored.
 *
 * @example
 * matchesWhere({ id: 2, type: 'public' }, { type: { $in: ['public'] } }, () => undefined) // true
 */
export function matchesWhere(row: QueryRow, where: unknown, relations: Relations): boolean {
  if (where === undefined || where === null) return true;
  if (Array.isArray(where)) return where.every((part) => matchesWhere(row, part, relations));
  if (!isPlain(where)) throw new UnsupportedApiError(`a where of ${JSON.stringify(where)}`, 'give an object of conditions');
  return Object.entries(where).every(([key, condition]) => {
    if (key === '$and') return list(condition).every((part) => matchesWhere(row, part, relations));
    if (key === '$or') return list(condition).some((part) => matchesWhere(row, part, relations));
    if (key === '$not') return !matchesWhere(row, condition, relations);
    if (key.startsWith('$')) throw new UnsupportedApiError(`the where operator ${key}`);
    const related = relations(row, key);
    if (related) return matchesRelation(related, condition, relations);
    return matchesValue(row[key], condition);
  });
}

/** A related column matches by id (`role: 2`, `role: [1, 2]`, `role: { id: 2 }`) or by a where on the related rows. */
function matchesRelation(related: QueryRow[], condition: unknown, relations: Relations): boolean {
  if (!isPlain(condition)) return related.some((row) => list(condition).some((id) => equal(row.id, id)));
  const operators = Object.keys(condition).filter((key) => key.startsWith('$') && key in OPERATORS);
  if (operators.length) return related.some((row) => matchesValue(row.id, condition));
  return related.some((row) => matchesWhere(row, condition, relations));
}

function matchesValue(value: unknown, condition: unknown): boolean {
  if (!isPlain(condition)) return Array.isArray(condition) ? OPERATORS.$in(value, condition) : OPERATORS.$eq(value, condition);
  return Object.entries(condition).every(([operator, operand]) => {
    if (operator === '$not') return !matchesValue(value, operand);
    const test = OPERATORS[operator];
    if (!test) throw new UnsupportedApiError(`the where operator ${operator}`);
    return test(value, operand);
  });
}

/** `orderBy` as a list of `[column, direction]`: `'title'`, `{ title: 'desc' }`, `[{ views: 'desc' }, 'title']`. */
export function orderByPairs(orderBy: unknown): Array<[string, 'asc' | 'desc']> {
  if (orderBy === undefined || orderBy === null) return [];
  return list(orderBy).flatMap((entry): Array<[string, 'asc' | 'desc']> => {
    if (typeof entry === 'string') return [[entry, 'asc']];
    if (isPlain(entry)) {
      return Object.entries(entry).map(([key, way]) => {
        // A nested order (`{ category: { name: 'asc' } }`) sorts by a relation's field: not the engine's subset here.
        if (typeof way !== 'string' || !/^(asc|desc)$/i.test(way)) throw new UnsupportedApiError(`an orderBy of ${JSON.stringify(entry)}`);
        return [key, way.toLowerCase() === 'desc' ? 'desc' : 'asc'];
      });
    }
    throw new UnsupportedApiError(`an orderBy of ${JSON.stringify(entry)}`);
  });
}

/**
 * Rows in `orderBy` order, as the database sorts them: nulls first ascending, then `tieBreak` (its insertion order).
 *
 * @example
 * sortRows(rows, [['views', 'desc']], (a, b) => a.id - b.id)
 */
export function sortRows<T extends QueryRow>(rows: T[], pairs: Array<[string, 'asc' | 'desc']>, tieBreak: (a: T, b: T) => number): T[] {
  const nullish = (value: unknown) => value === null || value === undefined;
  return [...rows].sort((a, b) => {
    for (const [key, way] of pairs) {
      const [left, right] = [a[key], b[key]];
      const order = nullish(left) || nullish(right) ? Number(!nullish(left)) - Number(!nullish(right)) : compare(left, right);
      if (order) return way === 'desc' ? -order : order;
    }
    return tieBreak(a, b);
  });
}
