import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { CmsConfig } from '../../config/types.js';
import { OWN_PACKAGE } from '../../package-root.js';
import type { Models } from '../../schema/types.js';
import type { FileRecord } from '../read-file.js';
import type { FileStamp } from './file-stamp.js';
import type { ColumnEntry } from './snapshot-columns.js';
import { SnapshotRecord } from './snapshot-record.js';
import { TextRecord } from '../text-record.js';

/**
 * The index snapshot, `.cms/index-snapshot`, one file written atomically (temp + rename):
 *
 * - a header line (JSON);
 * - the fields region: each record's parsed data as compact JSON, one per line, read by offset on
 *   first use (a restart does not read it);
 * - the metadata region: one columnar block of every content file's metadata (path, type,
 *   documentId, locale, timestamps, stamp, hash, where its JSON lies in the fields region and its
 *   CRC-32), and, when the folders were listed long enough before the load, the `KeptListing`
 *   (see `snapshot-columns.ts`);
 * - an end line: `end <entries> <metadata offset> <metadata CRC-32>`. A truncated file has no end
 *   line or one that disagrees, and a damaged metadata region fails its CRC: either discards it.
 *
 * Fields and metadata in one file: no metadata can ever point into another run's fields.
 */
export const SNAPSHOT_FORMAT = 4;
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

/** The package's version (a record written by another version is not trusted), from the package root: any layout, the bundle too. */
const packageVersion = OWN_PACKAGE.manifest.version;

/** Everything besides the files that decides what a record holds: format, package version, schemas, config. */
export function snapshotFingerprint(models: Models, config: CmsConfig): string {
  return createHash('sha256').update(JSON.stringify([SNAPSHOT_FORMAT, packageVersion, [...models.values()], config])).digest('base64url');
}

export const hashText = (text: string): string => createHash('sha1').update(text).digest('base64url');

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

/** One entry as its columns hold it (see `snapshot-columns.ts`), its fields at `at` in the fields region. */
export function columnEntry(
  { record, stamp }: SnapshotEntry, { hash, clean }: { hash?: string; clean: boolean }, at: { offset: number; length: number; crc: number },
): ColumnEntry {
  return {
    file: record.file, uid: record.uid, documentId: record.documentId, locale: record.locale, draft: record.draft,
    createdAt: record.createdAt ?? '', updatedAt: record.updatedAt ?? '', publishedAt: record.publishedAt === null ? null : record.publishedAt ?? '',
    recordMtimeMs: record.mtimeMs, stamp, hash: hash ?? '', clean, ...at,
  };
}

/** Corrupt snapshot content: the whole snapshot is discarded. */
export class SnapshotCorruptError extends Error {}

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
