import { PaginationError } from '../errors.js';
import type { GraphqlConfig } from './context.js';

const isNil = (value: unknown) => value === undefined || value === null;

export interface Window {
  start: number;
  /** -1: no bound. */
  limit: number;
}

/**
 * The plugin's pagination (`@strapi/utils` withDefaultPagination with the plugin's `defaultLimit`/`maxLimit`):
 * page/pageSize or start/limit, never both; no pagination is the first `defaultLimit` (10) items.
 *
 * @example
 * graphqlWindow({ page: 2, pageSize: 5 }, { maxLimit: -1 }) // { start: 5, limit: 5 }
 */
export function graphqlWindow(args: Record<string, unknown> | undefined, config: Pick<GraphqlConfig, 'defaultLimit' | 'maxLimit'>): Window {
  const pagination = (args ?? {}) as { page?: number; pageSize?: number; start?: number; limit?: number };
  const defaultLimit = config.defaultLimit ?? 10;
  const maxLimit = config.maxLimit;
  const capped = (limit: number) => (maxLimit === -1 || limit < maxLimit ? limit : maxLimit);
  const valid = (start: number, limit: number): Window =>
    ({ start: Math.max(start, 0), limit: capped(limit === -1 ? -1 : Math.max(limit, 1)) });
  const byPage = !isNil(pagination.page) || !isNil(pagination.pageSize);
  const byOffset = !isNil(pagination.start) || !isNil(pagination.limit);
  if (!byPage && !byOffset) return valid(0, defaultLimit);
  if (byPage && byOffset) throw new PaginationError('Cannot use both page & offset pagination in the same query');
  let window: Window;
  if (byOffset) {
    window = { start: pagination.start ?? 0, limit: pagination.limit ?? defaultLimit };
  } else {
    const pageSize = isNil(pagination.pageSize) ? defaultLimit : Math.max(1, pagination.pageSize!);
    const limit = valid(0, pageSize).limit;
    window = { start: ((pagination.page ?? 1) - 1) * limit, limit };
  }
  if (window.limit === -1) window.limit = maxLimit;
  return valid(window.start, window.limit);
}

/** The `pageInfo` of a `_connection` (builders/resolvers/pagination.ts), from its window and the total. */
export function pageInfo(window: Window, total: number): { total: number; page: number; pageSize: number; pageCount: number } {
  const { start, limit } = window;
  const safeLimit = Math.max(limit, 1);
  if (limit === -1) return { total, page: safeLimit, pageSize: total - start, pageCount: safeLimit };
  return { total, page: Math.floor(start / safeLimit) + 1, pageSize: safeLimit, pageCount: Math.ceil(total / safeLimit) };
}

/** A window over an already selected list (a relation's or a component list's own pagination argument). */
export function sliceWindow<T>(items: T[], window: Window): T[] {
  return window.limit === -1 ? items.slice(window.start) : items.slice(window.start, window.start + window.limit);
}
