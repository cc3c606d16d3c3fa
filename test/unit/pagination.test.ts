import { describe, expect, it } from 'vitest';
import type { RestConfig } from '../../core/config/types.js';
import { PaginationError, ValidationError } from '../../core/errors.js';
import { checkWindow, paginationMeta, resolvePagination } from '../../core/query/pagination.js';

/**
 * Strapi's pagination maths: `packages/core/utils/src/pagination.ts` (withDefaultPagination,
 * transform*PaginationInfo) and `packages/core/core/src/core-api/service/pagination.ts` (notes §3.5).
 */
const REST: RestConfig = { prefix: '/api', defaultLimit: 25, maxLimit: 100, withCount: true, strictParams: false };
const resolve = (raw: unknown, rest: Partial<RestConfig> = {}) => resolvePagination(raw, { ...REST, ...rest });

describe('resolvePagination (Strapi: notes §3.5)', () => {
  it.each([
    ['no pagination: page 1 of defaultLimit', undefined, { start: 0, limit: 25, style: 'page' }],
    ['an empty object', {}, { start: 0, limit: 25, style: 'page' }],
    ['page only: the default page size (strapi/strapi#27132)', { page: '3' }, { start: 50, limit: 25, style: 'page' }],
    ['pageSize only: page 1', { pageSize: '10' }, { start: 0, limit: 10, style: 'page' }],
    ['page and pageSize', { page: '2', pageSize: '10' }, { start: 10, limit: 10, style: 'page' }],
    ['numbers as well as strings (library callers)', { page: 2, pageSize: 5 }, { start: 5, limit: 5, style: 'page' }],
    ['pageSize above maxLimit is clamped', { pageSize: '500' }, { start: 0, limit: 100, style: 'page' }],
    // Strapi 5.54 clamps the page size before it computes the start (asked of the reference: page 2 of 100)
    ['page 2 of an over-max pageSize: start from the clamped size (as Strapi 5.54)', { page: '2', pageSize: '500' },
      { start: 100, limit: 100, style: 'page' }],
    ['pageSize equal to maxLimit', { pageSize: '100' }, { start: 0, limit: 100, style: 'page' }],
    ['pageSize 0 becomes 1', { pageSize: '0' }, { start: 0, limit: 1, style: 'page' }],
    ['negative pageSize becomes 1 (not maxLimit)', { pageSize: '-1' }, { start: 0, limit: 1, style: 'page' }],
    ['page 0 is page 1', { page: '0', pageSize: '10' }, { start: 0, limit: 10, style: 'page' }],
    ['negative page is page 1', { page: '-3', pageSize: '10' }, { start: 0, limit: 10, style: 'page' }],
    ['start only: defaultLimit', { start: '5' }, { start: 5, limit: 25, style: 'offset' }],
    ['limit only: start 0', { limit: '7' }, { start: 0, limit: 7, style: 'offset' }],
    ['start and limit', { start: '20', limit: '10' }, { start: 20, limit: 10, style: 'offset' }],
    ['limit above maxLimit is clamped', { limit: '1000' }, { start: 0, limit: 100, style: 'offset' }],
    // Strapi compares the raw query string with the number -1, so `?pagination[limit]=-1` is a limit of 1
    // (recorded from Strapi 5.54: test/conformance, pagination.limit.minus1); only the number -1 means maxLimit
    ['limit "-1" from a query string becomes 1, as in Strapi', { limit: '-1' }, { start: 0, limit: 1, style: 'offset' }],
    ['the number -1 (library callers) means maxLimit', { limit: -1 }, { start: 0, limit: 100, style: 'offset' }],
    ['a fractional page moves the window by a fraction of a page (recorded)', { page: '1.5', pageSize: '2' },
      { start: 1, limit: 2, style: 'page' }],
    ['a pageSize that is no number falls back to maxLimit (recorded)', { pageSize: 'abc' }, { start: 0, limit: 100, style: 'page' }],
    ['a limit that is no number falls back to maxLimit (recorded)', { limit: 'abc' }, { start: 0, limit: 100, style: 'offset' }],
    ['a one-item array counts as its item (recorded)', { page: ['2'], pageSize: '2' }, { start: 2, limit: 2, style: 'page' }],
    ['limit 0 becomes 1', { limit: '0' }, { start: 0, limit: 1, style: 'offset' }],
    ['limit -2 becomes 1', { limit: '-2' }, { start: 0, limit: 1, style: 'offset' }],
    ['negative start becomes 0', { start: '-10', limit: '5' }, { start: 0, limit: 5, style: 'offset' }],
  ])('%s', (_name, raw, expected) => {
    expect(resolve(raw)).toEqual({ ...expected, withCount: true });
  });

  it('uses the configured defaultLimit and maxLimit', () => {
    expect(resolve({}, { defaultLimit: 10 })).toMatchObject({ start: 0, limit: 10 });
    expect(resolve({ pageSize: '60' }, { maxLimit: 50 })).toMatchObject({ limit: 50 });
    expect(resolve({ limit: -1 }, { maxLimit: 50 })).toMatchObject({ limit: 50 });
  });

  it.each([
    ['page & start', { page: '1', start: '0' }],
    ['pageSize & limit', { pageSize: '10', limit: '10' }],
    ['page & limit', { page: '2', limit: '5' }],
  ])('mixing %s is a 400 PaginationError', (_name, raw) => {
    const attempt = () => resolve(raw);
    expect(attempt).toThrow(PaginationError);
    expect(attempt).toThrow('Cannot use both page & offset pagination in the same query');
  });

  it.each([
    [{ page: 'two' }, 'convertStartQueryParams expected a positive integer got NaN'],
    [{ start: 'abc' }, 'convertStartQueryParams expected a positive integer got NaN'],
    [{ pageSize: '2.7' }, 'convertLimitQueryParams expected a positive integer got 2.7'],
    [{ limit: '1.5' }, 'convertLimitQueryParams expected a positive integer got 1.5'],
  ])('%j is resolved, then refused by checkWindow with Strapi\'s 400 ValidationError (recorded)', (raw, message) => {
    // resolved without an error: Strapi's document service converts the page numbers after the sort and the populate
    const window = resolve(raw);
    expect(() => checkWindow(window)).toThrow(ValidationError);
    expect(() => checkWindow(window)).toThrow(message);
  });

  it('checkWindow passes a window of integers', () => {
    expect(() => checkWindow(resolve({ page: '2', pageSize: '10' }))).not.toThrow();
  });

  it.each([
    ['true', true], ['t', true], ['1', true], [true, true],
    ['false', false], ['f', false], ['0', false], [false, false],
  ])('withCount=%s parses as %s', (value, expected) => {
    expect(resolve({ withCount: value }).withCount).toBe(expected);
  });

  it('withCount defaults to api.rest.withCount', () => {
    expect(resolve({}).withCount).toBe(true);
    expect(resolve({}, { withCount: false }).withCount).toBe(false);
  });

  it.each([['maybe'], ['TRUE'], [''], [null]])('withCount=%s is a 400 ValidationError with Strapi\'s message', (value) => {
    const attempt = () => resolve({ withCount: value });
    expect(attempt).toThrow(ValidationError);
    expect(attempt).toThrow('Invalid withCount parameter. Expected "t","1","true","false","0","f"');
  });
});

describe('paginationMeta (Strapi: transformPagedPaginationInfo / transformOffsetPaginationInfo)', () => {
  it.each([
    ['page style, first page', { start: 0, limit: 25 }, 'page', 13, { page: 1, pageSize: 25, pageCount: 1, total: 13 }],
    ['page style, a middle page', { start: 10, limit: 5 }, 'page', 13, { page: 3, pageSize: 5, pageCount: 3, total: 13 }],
    ['page style, beyond the end still reports the page', { start: 50, limit: 10 }, 'page', 13,
      { page: 6, pageSize: 10, pageCount: 2, total: 13 }],
    ['page style, nothing to count', { start: 0, limit: 25 }, 'page', 0, { page: 1, pageSize: 25, pageCount: 0, total: 0 }],
    ['page style, exact multiple', { start: 0, limit: 5 }, 'page', 10, { page: 1, pageSize: 5, pageCount: 2, total: 10 }],
    ['offset style', { start: 20, limit: 10 }, 'offset', 13, { start: 20, limit: 10, total: 13 }],
  ] as const)('%s', (_name, window, style, total, expected) => {
    expect(paginationMeta({ ...window, style, withCount: true }, total)).toEqual(expected);
  });

  it.each([
    ['page', { page: 2, pageSize: 10 }],
    ['offset', { start: 10, limit: 10 }],
  ] as const)('withCount=false leaves out total and pageCount (%s style)', (style, expected) => {
    expect(paginationMeta({ start: 10, limit: 10, style, withCount: false }, 13)).toEqual(expected);
  });
});
