import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { CmsConfig } from '../../config/types.js';
import { OWN_PACKAGE } from '../../package-root.js';
import type { Models } from '../../schema/types.js';
import type { FileRecord } from '../read-file.js';
import type { FileStamp } from './file-stamp.js';
import type { StringPool } from '../string-pool.js';
import type { FieldsFile } from './fields-file.js';
import { SnapshotRecord, type FieldsAt, type Reread } from './snapshot-record.js';
import { TextRecord } from '../text-record.js';

/**
 * The index snapshot, `.cms/index-snapshot`, one file written atomically (temp + rename):
 *
 * - a header line (JSON);
 * - the fields region: each record's parsed data as compact JSON, one per line, read by offset on
 *   first use (a restart does not read it);
 * - the metadata region: one line per content file, tab-separated (no field holds a tab or
 *   newline), ending with where the file's JSON lies in the fields region and its CRC-32; then,
 *   when the folders were listed long enough before the load, `listing\t<JSON>` (a `KeptListing`);
 * - an end line: `end <entries> <metadata offset> <metadata CRC-32>`. A truncated file has no end
 *   line or one that disagrees, and a damaged metadata region fails its CRC: either discards it.
 *
 * Fields and metadata in one file: no metadata can ever point into another run's fields.
 */
export const SNAPSHOT_FORMAT = 3;
export const SNAPSHOT_FILE = '.cms/index-snapshot';

export interface SnapshotHeader {
  format: number;
  /** Package version, schemas and config that shaped the records: any change discards the snapshot. */
  fingerprint: string;
  /** When the load that read these files began (ms): files changed near it are racy (see `isRacy`). */
  loadStartedAt: number;
  /** The commit the clean entries match (see `SnapshotEntry.clean`), when the project is in a Git checkout. */
  head?: string;
}

/** One content file as read: its checked record, its stamp, and (racy files only) a hash of its text. */
export interface SnapshotEntry {
  record: FileRecord;
  stamp: FileStamp;
  hash?: string;
  /**
   * Git showed the file exactly as the header's commit holds it, and its stamp did not move while Git
   * looked: on the next start Git's word (status, and a diff from that commit) vouches for it, no `stat`.
   */
  clean?: boolean;
}

/** Fields of a metadata line: 8 texts, 5 numbers, hash, clean, and the data's offset, length and CRC-32. */
const FIELDS = 18;

/** The package's version (a record written by another version is not trusted), from the package root: any layout, the bundle too. */
const packageVersion = OWN_PACKAGE.manifest.version;

/** Everything besides the files that decides what a record holds: format, package version, schemas, config. */
export function snapshotFingerprint(models: Models, config: CmsConfig): string {
  return createHash('sha256').update(JSON.stringify([SNAPSHOT_FORMAT, packageVersion, [...models.values()], config])).digest('base64url');
}

export const hashText = (text: string): string => createHash('sha1').update(text).digest('base64url');

const optional = (value: string | undefined): string => value ?? '';
/** Fields are cut at tabs, lines at newlines. */
const hasSeparator = (value: string): boolean => /[\t\n]/.test(value);

/**
 * A record's fields as the snapshot stores them (compact JSON bytes and their CRC-32), or undefined
 * when they cannot go through JSON faithfully (the file is then read on the next start). Fields
 * nobody has read yet are copied as the bytes they came in: no parse for a rewrite.
 */
export function fieldsOf(record: FileRecord): { bytes: Buffer; crc: number } | undefined {
  if (record instanceof SnapshotRecord && record.unparsed) {
    const unread = record.unreadFields;
    if (unread) return unread;
  }
  // A cold start's record nobody has read yet (a JSON file's text kept outside the heap): its fields as
  // compact JSON, without keeping them parsed (JSON in, so JSON-safe).
  const text = record instanceof TextRecord ? record.unparsedText : undefined;
  if (text === undefined && !isJsonSafe(record.data)) return undefined;
  const bytes = Buffer.from(text ?? JSON.stringify(record.data));
  return { bytes, crc: crc32(bytes) };
}

/** One entry's metadata as a line (no newline), or undefined when it cannot be written faithfully. */
export function encodeEntry(
  { record, stamp }: SnapshotEntry, { hash, clean }: { hash?: string; clean: boolean }, at: FieldsAt,
): string | undefined {
  const texts = [record.file, record.uid, record.documentId, record.locale ?? '', record.draft ? '1' : '',
    optional(record.createdAt), optional(record.updatedAt), record.publishedAt === null ? 'null' : optional(record.publishedAt)];
  if (texts.some(hasSeparator)) return undefined;
  const numbers = [record.mtimeMs, stamp.size, stamp.mtimeMs, stamp.ctimeMs, stamp.ino].map(String);
  return `${texts.join('\t')}\t${numbers.join('\t')}\t${hash ?? ''}\t${clean ? '1' : ''}\t${at.offset}\t${at.length}\t${at.crc}`;
}

/** Corrupt snapshot content: the whole snapshot is discarded. */
export class SnapshotCorruptError extends Error {}

const number = (text: string): number => {
  const value = Number(text);
  if (text === '' || !Number.isFinite(value)) throw new SnapshotCorruptError(`not a number: ${text}`);
  return value;
};

const TAB = 9;
const ZERO = 48;
/** Field bounds of the line being decoded: one array for every line (decoding is synchronous). */
const bounds = new Float64Array(FIELDS + 1);

/**
 * Where the fields of a line lie (`start` to `end`), as offsets: each kept field is then cut from
 * the bytes as its own string. Splitting one string of the line would make each field a slice that
 * holds the whole line alive for as long as the record lives.
 */
function findBounds(bytes: Buffer, start: number, end: number): void {
  let count = 1;
  bounds[0] = start;
  for (let at = start; at < end; at++) {
    if (bytes[at] !== TAB) continue;
    if (count === FIELDS) throw new SnapshotCorruptError(`expected ${FIELDS} fields, found more`);
    bounds[count++] = at + 1;
  }
  if (count !== FIELDS) throw new SnapshotCorruptError(`expected ${FIELDS} fields, found ${count}`);
  bounds[FIELDS] = end + 1;
}

/** A field of digits only (offsets, lengths, CRCs, most times), read without a string. */
function digits(bytes: Buffer, at: number): number {
  const [from, to] = [bounds[at], bounds[at + 1] - 1];
  if (from === to || to - from > 15) throw new SnapshotCorruptError(`not a whole number in field ${at}`);
  let value = 0;
  for (let i = from; i < to; i++) {
    const digit = bytes[i] - ZERO;
    if (digit < 0 || digit > 9) throw new SnapshotCorruptError(`not a whole number in field ${at}`);
    value = value * 10 + digit;
  }
  return value;
}

/** Do two fields hold the same bytes? (Equal timestamps then share one string.) */
function sameField(bytes: Buffer, a: number, b: number): boolean {
  const length = bounds[a + 1] - bounds[a];
  if (length !== bounds[b + 1] - bounds[b]) return false;
  for (let i = 0; i < length - 1; i++) if (bytes[bounds[a] + i] !== bytes[bounds[b] + i]) return false;
  return true;
}

/**
 * Decode one metadata line of the snapshot (`start` to the newline at `end`); its fields stay in
 * `source`, the snapshot's fields region below `fieldsEnd`, read on first use. Repeated texts go
 * through `pool`, and a timestamp equal to another of the entry is the same string.
 */
export function decodeEntry(
  bytes: Buffer, start: number, end: number, source: FieldsFile, fieldsEnd: number, reread: Reread, pool: StringPool,
): SnapshotEntry {
  findBounds(bytes, start, end);
  const field = (at: number): string => bytes.toString('utf8', bounds[at], bounds[at + 1] - 1);
  const at = { offset: digits(bytes, 15), length: digits(bytes, 16), crc: digits(bytes, 17) };
  if (at.length < 2 || at.offset + at.length > fieldsEnd) throw new SnapshotCorruptError('fields out of bounds');
  const locale = field(3);
  const createdAt = field(5);
  const updated = sameField(bytes, 6, 5) ? createdAt : field(6);
  const published = sameField(bytes, 7, 6) ? updated : sameField(bytes, 7, 5) ? createdAt : field(7);
  const hash = field(13);
  const mtimeMs = bytes[bounds[8]] === ZERO && bounds[9] - bounds[8] === 2 ? 0 : number(field(8));
  // The stamp's four numbers as one string (cut from the size to the inode), parsed when needed.
  const stamp = bytes.toString('latin1', bounds[9], bounds[13] - 1);
  if (bytes[bounds[9]] === TAB) throw new SnapshotCorruptError('no size');
  return new SnapshotRecord({
    file: field(0), uid: pool.intern(field(1)), documentId: field(2), locale: locale ? pool.intern(locale) : null, draft: field(4) === '1',
    createdAt: createdAt || undefined, updatedAt: updated || undefined,
    publishedAt: published === 'null' ? null : published || undefined, mtimeMs,
  }, source, at, reread, { stamp, hash: hash || undefined, clean: field(14) === '1' });
}

/** Can a value go through JSON and come back equal? (YAML front matter may hold dates, for one.) */
export function isJsonSafe(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(isJsonSafe);
  if (typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== null && prototype !== Object.prototype) return false;
  for (const key in value) if (Object.hasOwn(value, key) && !isJsonSafe((value as Record<string, unknown>)[key])) return false;
  return true;
}
