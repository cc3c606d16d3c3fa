/**
 * ISO 8601 text → epoch milliseconds, as date-fns 2's `parseISO` reads it (Strapi's database layer
 * parses every date-time with it), or NaN. Unlike `Date.parse`, an impossible calendar day or time
 * (`2024-02-30`, `10:60`) is NaN rather than rolled over into the next month, and a 5-digit year
 * (`99999-01-01`) is NaN rather than year 99999. Accepted: `YYYY`, `YYYY-MM`, `YYYY-MM-DD`,
 * `YYYYMMDD`, `YYYY-DDD`, `YYYY-Www-D`, ±YYYYYY years; then `T` or a space, `HH[:mm[:ss]]` with `.` or
 * `,` fractions (colons optional); then `Z` or `±HH[:mm]`. Without a zone the time is local time.
 * Ported from date-fns 2.30 `parseISO` (MIT).
 *
 * @example
 * parseIsoDateTime('2024-05-06T10:00:00+05') // 1714971600000
 * parseIsoDateTime('2024-02-30T10:00:00Z')   // NaN
 */
export function parseIsoDateTime(text: string): number {
  const parts = splitDateString(text);
  if (!parts.date) return Number.NaN;
  const { year, rest } = parseYear(parts.date);
  const date = parseDate(rest, year);
  if (Number.isNaN(date)) return Number.NaN;
  const time = parts.time ? parseTime(parts.time) : 0;
  if (Number.isNaN(time)) return Number.NaN;
  if (parts.zone !== undefined) {
    const offset = parseZone(parts.zone);
    return Number.isNaN(offset) ? Number.NaN : date + time + offset;
  }
  // No zone: the same wall-clock reading in local time (date-fns rebuilds it with setFullYear/setHours).
  const utc = new Date(date + time);
  const local = new Date(0);
  local.setFullYear(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
  local.setHours(utc.getUTCHours(), utc.getUTCMinutes(), utc.getUTCSeconds(), utc.getUTCMilliseconds());
  return local.getTime();
}

const HOUR = 3_600_000;
const MINUTE = 60_000;
const DATE = /^-?(?:(\d{3})|(\d{2})(?:-?(\d{2}))?|W(\d{2})(?:-?(\d{1}))?|)$/;
const TIME = /^(\d{2}(?:[.,]\d*)?)(?::?(\d{2}(?:[.,]\d*)?))?(?::?(\d{2}(?:[.,]\d*)?))?$/;
const ZONE = /^([+-])(\d{2})(?::?(\d{2}))?$/;
/** Years as date-fns reads them with its default of two additional digits. */
const YEAR = /^(?:(\d{4}|[+-]\d{6})|(\d{2}|[+-]\d{4})$)/;

function splitDateString(text: string): { date?: string; time?: string; zone?: string } {
  const pieces = text.split(/[T ]/);
  if (pieces.length > 2) return {};
  const parts: { date?: string; time?: string; zone?: string } = {};
  let time: string | undefined;
  if (/:/.test(pieces[0])) {
    time = pieces[0];
  } else {
    parts.date = pieces[0];
    time = pieces[1];
    if (/[Z ]/i.test(parts.date)) {
      parts.date = text.split(/[Z ]/i)[0];
      time = text.slice(parts.date.length);
    }
  }
  if (time) {
    const zone = /([Z+-].*)$/.exec(time);
    parts.time = zone ? time.replace(zone[1], '') : time;
    if (zone) parts.zone = zone[1];
  }
  return parts;
}

function parseYear(text: string): { year: number | null; rest: string } {
  const found = YEAR.exec(text);
  if (!found) return { year: Number.NaN, rest: '' };
  const year = found[1] ? Number.parseInt(found[1], 10) : null;
  const century = found[2] ? Number.parseInt(found[2], 10) : null;
  return { year: century === null ? year : century * 100, rest: text.slice((found[1] || found[2]).length) };
}

const unit = (value: string | undefined) => (value ? Number.parseInt(value, 10) : 1);
const isLeapYear = (year: number) => year % 400 === 0 || (year % 4 === 0 && year % 100 !== 0);
const DAYS_IN_MONTH = [31, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Midnight UTC of the date part, or NaN. */
function parseDate(text: string, year: number | null): number {
  if (year === null || Number.isNaN(year)) return Number.NaN;
  const found = DATE.exec(text);
  if (!found) return Number.NaN;
  const date = new Date(0);
  if (found[4]) {
    const week = unit(found[4]);
    const weekDay = unit(found[5]) - 1;
    if (week < 1 || week > 53 || weekDay < 0 || weekDay > 6) return Number.NaN;
    date.setUTCFullYear(year, 0, 4);
    date.setUTCDate(date.getUTCDate() + (week - 1) * 7 + weekDay + 1 - (date.getUTCDay() || 7));
    return date.getTime();
  }
  const dayOfYear = unit(found[1]);
  const month = unit(found[2]) - 1;
  const day = unit(found[3]);
  const monthDays = DAYS_IN_MONTH[month] || (isLeapYear(year) ? 29 : 28);
  if (month < 0 || month > 11 || day < 1 || day > monthDays || dayOfYear < 1 || dayOfYear > (isLeapYear(year) ? 366 : 365)) {
    return Number.NaN;
  }
  date.setUTCFullYear(year, month, Math.max(dayOfYear, day));
  return date.getTime();
}

function parseTime(text: string): number {
  const found = TIME.exec(text);
  if (!found) return Number.NaN;
  const [hours, minutes, seconds] = [found[1], found[2], found[3]]
    .map((value) => (value && Number.parseFloat(value.replace(',', '.'))) || 0);
  const valid = hours === 24
    ? minutes === 0 && seconds === 0
    : seconds >= 0 && seconds < 60 && minutes >= 0 && minutes < 60 && hours >= 0 && hours < 25;
  return valid ? hours * HOUR + minutes * MINUTE + seconds * 1000 : Number.NaN;
}

/** The offset to add to reach UTC; date-fns reads an unrecognised zone as UTC. */
function parseZone(text: string): number {
  if (text === 'Z') return 0;
  const found = ZONE.exec(text);
  if (!found) return 0;
  const hours = Number.parseInt(found[2], 10);
  const minutes = (found[3] && Number.parseInt(found[3], 10)) || 0;
  if (minutes < 0 || minutes > 59) return Number.NaN;
  return (found[1] === '+' ? -1 : 1) * (hours * HOUR + minutes * MINUTE);
}
