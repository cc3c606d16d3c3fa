import { CmsError } from '../errors.js';
import { DOCUMENT_ID_PATTERN } from '../index/file-name.js';
import type { Data } from '../types.js';

/**
 * An import source answered something the import cannot take: the message names the URL and the
 * field (`GET <url>: data[3].documentId …`). Everything a source sends is untrusted input: a
 * compromised Strapi, or anyone on the path to an `http://` one, chooses it.
 */
export class ImportSourceError extends CmsError {
  constructor(url: string, message: string) {
    super(`GET ${url}: ${message}`, 502, { url }, 'ImportSourceError');
  }
}

/** The most entries the import takes from one list (a type in one locale and status, or the media library). */
export const MAX_ENTRIES_PER_LIST = 1_000_000;

const shapeOf = (value: unknown) =>
  (value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : typeof value);
const shown = (value: unknown) => JSON.stringify(value)?.slice(0, 80) ?? String(value);

/** A plain object (not null, not a list) at `field`, else an ImportSourceError. */
export function expectObject(url: string, field: string, value: unknown): Data {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ImportSourceError(url, `${field} must be an object, got ${shapeOf(value)}`);
  }
  return value as Data;
}

/** A list at `field`, else an ImportSourceError. */
export function expectList(url: string, field: string, value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new ImportSourceError(url, `${field} must be a list, got ${shapeOf(value)}`);
  return value;
}

/**
 * An entry's documentId, checked against the rule file names follow (1–64 letters, digits, `_`,
 * `-`) before it becomes part of any path: `"../../x"` or `"a/b"` is refused.
 */
export function expectDocumentId(url: string, field: string, value: unknown): string {
  if (typeof value !== 'string' || !DOCUMENT_ID_PATTERN.test(value)) {
    throw new ImportSourceError(url, `${field} ${shown(value)} is not a documentId (1 to 64 letters, digits, _ or -)`);
  }
  return value;
}

/** A timestamp field: an ISO date-time string, null or absent. */
export function expectTimestamp(url: string, field: string, value: unknown): string | null | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) {
    throw new ImportSourceError(url, `${field} ${shown(value)} is not a date-time`);
  }
  return value;
}

/** A whole count at `field` (pageCount, total): a non-negative integer no larger than `max`. */
export function expectCount(url: string, field: string, value: unknown, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new ImportSourceError(url, `${field} ${shown(value)} is not a whole number`);
  }
  if (value > max) throw new ImportSourceError(url, `${field} ${value} is over the import's limit of ${max}`);
  return value;
}

/**
 * Remembers the documentIds of one list as pages arrive: a source that repeats an entry (a page
 * answered again and again) is refused instead of being followed for ever, and a list never grows
 * past MAX_ENTRIES_PER_LIST.
 */
export function listGuard(): (url: string, field: string, documentId: string) => void {
  const seen = new Set<string>();
  return (url, field, documentId) => {
    if (seen.has(documentId)) throw new ImportSourceError(url, `${field} "${documentId}" was already listed (the source repeats entries)`);
    if (seen.size >= MAX_ENTRIES_PER_LIST) {
      throw new ImportSourceError(url, `more than ${MAX_ENTRIES_PER_LIST} entries in one list, the import's limit`);
    }
    seen.add(documentId);
  };
}
