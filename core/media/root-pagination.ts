import { ValidationError } from '../errors.js';

/** The document service's convertStartQueryParams: an integer ≥ 0, else a 400 naming the number. */
export function rootStart(raw: unknown): number {
  if (raw === undefined || raw === null) return 0;
  const start = Number(raw);
  if (!Number.isInteger(start) || start < 0) throw new ValidationError(`convertStartQueryParams expected a positive integer got ${start}`);
  return start;
}

/** convertLimitQueryParams: an integer ≥ 0 or -1; -1 and 0 take every row. */
export function rootLimit(raw: unknown): number {
  if (raw === undefined || raw === null) return Number.POSITIVE_INFINITY;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || (limit !== -1 && limit < 0)) {
    throw new ValidationError(`convertLimitQueryParams expected a positive integer got ${limit}`);
  }
  return limit <= 0 ? Number.POSITIVE_INFINITY : limit;
}
