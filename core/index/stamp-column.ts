/**
 * A record's timestamps as numbers in a typed array (a cold start's `TextColumns`), given back as the very texts they
 * were: `undefined` is NaN, a `publishedAt` of null is -Infinity, and a text is kept as its milliseconds only when
 * `toISOString()` of them spells it again (`canonicalMs`); any other text is not held here.
 */
export const NO_STAMP = Number.NaN;
export const NULL_STAMP = Number.NEGATIVE_INFINITY;

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Digits `from` to `to` (excluded) of `text` as a number, or NaN if one is not a digit. */
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return Number.NaN;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * The milliseconds of `YYYY-MM-DDTHH:mm:ss.sssZ` when `new Date(ms).toISOString()` gives this very text back (a real
 * day and time, a year from 100 to 9999), else NaN: a text such as `2024-02-30T00:00:00.000Z`, which a file may hold and
 * the index answers as written, is not a number here.
 *
 * @example
 * canonicalMs('2024-02-29T10:00:00.000Z') // 1709200800000; canonicalMs('2023-02-29T10:00:00.000Z') // NaN
 */
export function canonicalMs(text: string): number {
  if (text.length !== 24 || text[4] !== '-' || text[7] !== '-' || text[10] !== 'T' || text[13] !== ':' || text[16] !== ':'
    || text[19] !== '.' || text[23] !== 'Z') return Number.NaN;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  const hour = digits(text, 11, 13);
  const minute = digits(text, 14, 16);
  const second = digits(text, 17, 19);
  const ms = digits(text, 20, 23);
  // Date.UTC reads years below 100 as 19xx; NaN fails every comparison below.
  if (!(year >= 100 && month >= 1 && month <= 12 && day >= 1 && hour <= 23 && minute <= 59 && second <= 59 && ms >= 0)) return Number.NaN;
  if (day > (month === 2 && leap(year) ? 29 : DAYS[month - 1])) return Number.NaN;
  return Date.UTC(year, month - 1, day, hour, minute, second, ms);
}

/** A timestamp as its column holds it, or undefined when it cannot be held (then the record is kept whole). */
export function stampOf(text: string | null | undefined): number | undefined {
  if (text === undefined) return NO_STAMP;
  if (text === null) return NULL_STAMP;
  const ms = canonicalMs(text);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The timestamp a column's number stands for (`same`: the text of an equal number made just before, shared). */
export function stampText(ms: number, sameAs?: { ms: number; text: string | null | undefined }): string | null | undefined {
  if (Number.isNaN(ms)) return undefined;
  if (ms === NULL_STAMP) return null;
  if (sameAs && sameAs.ms === ms) return sameAs.text;
  return new Date(ms).toISOString();
}
