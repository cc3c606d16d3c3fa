import type { RestConfig } from '../config/types.js';
import { PaginationError, ValidationError } from '../errors.js';
import type { Pagination } from './ast.js';
import { textOf } from './text.js';

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const present = (value: unknown) => value !== undefined && value !== null && value !== '';

function integer(raw: unknown, key: string): number {
  const value = typeof raw === 'number' ? raw : Number(textOf(raw).trim());
  if (!Number.isInteger(value)) throw new PaginationError(`Invalid pagination: ${key} must be an integer`, { key, value: raw });
  return value;
}

/** `withCount`: Strapi accepts `t,1,true` / `f,0,false` and rejects anything else. */
function withCount(raw: unknown, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  if (typeof raw === 'boolean') return raw;
  if (['true', 't', '1', 1].includes(raw as string)) return true;
  if (['false', 'f', '0', 0].includes(raw as string)) return false;
  throw new ValidationError('Invalid withCount parameter. Expected "t","1","true","false","0","f"');
}

/**
 * Strapi's pagination maths (`@strapi/utils` pagination): page/pageSize or start/limit, never both;
 * sizes clamped into [1, maxLimit], `limit=-1` means maxLimit, negative page/start clamp to the start.
 *
 * @example
 * resolvePagination({ page: '2', pageSize: '10' }, rest) // { start: 10, limit: 10, style: 'page', withCount: true }
 */
export function resolvePagination(raw: unknown, rest: RestConfig): Pagination {
  const args = isRecord(raw) ? raw : {};
  const byPage = present(args.page) || present(args.pageSize);
  const byOffset = present(args.start) || present(args.limit);
  if (byPage && byOffset) throw new PaginationError('Cannot use both page & offset pagination in the same query');
  const clamp = (limit: number) => (limit === -1 ? rest.maxLimit : Math.min(Math.max(limit, 1), rest.maxLimit));
  const count = withCount(args.withCount, rest.withCount);
  if (byOffset) {
    const start = present(args.start) ? integer(args.start, 'start') : 0;
    const limit = present(args.limit) ? integer(args.limit, 'limit') : rest.defaultLimit;
    return { start: Math.max(start, 0), limit: clamp(limit), style: 'offset', withCount: count };
  }
  const page = present(args.page) ? integer(args.page, 'page') : 1;
  const pageSize = Math.max(1, present(args.pageSize) ? integer(args.pageSize, 'pageSize') : rest.defaultLimit);
  const limit = clamp(pageSize);
  return { start: Math.max((page - 1) * pageSize, 0), limit, style: 'page', withCount: count };
}

/** The `meta.pagination` object for a list answer. */
export function paginationMeta(pagination: Pagination, total: number): Record<string, number> {
  const { start, limit, style, withCount: counted } = pagination;
  if (style === 'offset') return counted ? { start, limit, total } : { start, limit };
  const page = Math.floor(start / limit) + 1;
  return counted ? { page, pageSize: limit, pageCount: Math.ceil(total / limit), total } : { page, pageSize: limit };
}
