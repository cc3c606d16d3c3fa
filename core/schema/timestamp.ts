/**
 * A `timestamp` attribute's stored value as epoch milliseconds, NaN when it is none. Files hold the
 * ISO date-time a write stores, or the epoch milliseconds (a number or a text of digits) that Strapi
 * answers and an import or a hand-written file may carry.
 *
 * @example
 * timestampMs('2024-03-06T22:19:54.646Z') // 1709763594646
 * timestampMs('1709763594646') // 1709763594646
 */
export function timestampMs(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  if (typeof value !== 'string') return Number.NaN;
  const time = /^-?\d+$/.test(value.trim()) ? Number(value) : Date.parse(value);
  return Number.isNaN(new Date(time).getTime()) ? Number.NaN : time;
}

/**
 * A `timestamp` as Strapi 5.54 answers it: the epoch milliseconds as a string (recorded:
 * test/import/migration `timestamp.*`), whatever form the file holds.
 *
 * @example
 * renderTimestamp('2024-03-06T22:19:54.646Z') // '1709763594646'
 */
export function renderTimestamp(value: unknown): unknown {
  const time = timestampMs(value);
  return Number.isNaN(time) ? value : String(time);
}
