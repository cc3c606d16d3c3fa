import type { RestConfig } from '../config/types.js';
import { PaginationError, ValidationError } from '../errors.js';
import type { Pagination } from './ast.js';

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const isNil = (value: unknown) => value === undefined || value === null;

/** `withCount`: Strapi accepts `t,1,true` / `f,0,false` and rejects anything else. */
function withCount(raw: unknown, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  if (typeof raw === 'boolean') return raw;
  if (['true', 't', '1', 1].includes(raw as string)) return true;
  if (['false', 'f', '0', 0].includes(raw as string)) return false;
  throw new ValidationError('Invalid withCount parameter. Expected "t","1","true","false","0","f"');
}

// Strapi does this arithmetic on the raw query strings, so JavaScript's coercions are the contract:
// `Math.max('2.7', 1)` is 2.7, `Math.max('abc', 1)` is NaN (and NaN then loses to maxLimit), an
// array `['2']` counts as 2, and the string '-1' is not the number -1 that means "no limit".
const max = (a: unknown, b: unknown): number => Math.max(a as number, b as number);
const minus = (a: unknown, b: number): number => (a as number) - b;

/**
 * Strapi's pagination maths (`@strapi/utils` withDefaultPagination, then the document service's
 * convertStart/LimitQueryParams): page/pageSize or start/limit, never both; sizes clamped into
 * [1, maxLimit]. A start or limit that ends up no integer is `checkWindow`'s 400: the document service converts the
 * page numbers after the sort and the populate, the REST service's own checks came before them.
 *
 * @example
 * resolvePagination({ page: '2', pageSize: '10' }, rest) // { start: 10, limit: 10, style: 'page', withCount: true }
 * resolvePagination({ pageSize: 'abc' }, rest)           // { start: 0, limit: 100, … } (as Strapi)
 */
export function resolvePagination(raw: unknown, rest: RestConfig): Pagination {
  const args = isRecord(raw) ? raw : {};
  const byPage = !isNil(args.page) || !isNil(args.pageSize);
  const byOffset = !isNil(args.start) || !isNil(args.limit);
  if (byPage && byOffset) throw new PaginationError('Cannot use both page & offset pagination in the same query');
  const ensureValid = (start: unknown, limit: unknown) => {
    const atLeastOne = limit === -1 ? -1 : max(limit, 1);
    return { start: max(start, 0), limit: atLeastOne < rest.maxLimit ? atLeastOne : rest.maxLimit };
  };
  const count = withCount(args.withCount, rest.withCount);
  let window = ensureValid(0, rest.defaultLimit);
  if (byOffset) {
    const limit = isNil(args.limit) ? rest.defaultLimit : args.limit;
    window = ensureValid(isNil(args.start) ? 0 : args.start, limit === -1 ? rest.maxLimit : limit);
  } else if (byPage) {
    const pageLimit = ensureValid(0, isNil(args.pageSize) ? rest.defaultLimit : max(1, args.pageSize)).limit;
    window = ensureValid(minus(args.page === undefined ? 1 : args.page, 1) * pageLimit, pageLimit);
  }
  // the answer's shape looks at which keys were sent, even empty (`pagination[start]` alone is offset style)
  const has = (key: string) => Object.hasOwn(args, key);
  const paged = has('page') || has('pageSize') || !(has('start') || has('limit'));
  return { start: window.start, limit: window.limit, style: paged ? 'page' : 'offset', withCount: count };
}

/** The `meta.pagination` object for a list answer. */
export function paginationMeta(pagination: Pagination, total: number): Record<string, number> {
  const { start, limit, style, withCount: counted } = pagination;
  if (style === 'offset') return counted ? { start, limit, total } : { start, limit };
  const page = Math.floor(start / limit) + 1;
  return counted ? { page, pageSize: limit, pageCount: Math.ceil(total / limit), total } : { page, pageSize: limit };
}

/** Strapi's 400 for a window whose start or limit is no integer (`resolvePagination` does the maths, this refuses it). */
export function checkWindow({ start, limit }: Pagination): void {
  if (!Number.isInteger(start) || start < 0) {
    throw new ValidationError(`convertStartQueryParams expected a positive integer got ${start}`);
  }
  if (!Number.isInteger(limit) || limit < 0) {
    throw new ValidationError(`convertLimitQueryParams expected a positive integer got ${limit}`);
  }
}
