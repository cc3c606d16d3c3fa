import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reread } from './snapshot-record.js';
import { StringPool } from '../string-pool.js';
import {
  decodeEntry, SNAPSHOT_FILE, SNAPSHOT_FORMAT, SnapshotCorruptError, type SnapshotEntry, type SnapshotHeader,
} from './snapshot-format.js';

/** A snapshot that matches this project's schemas and config, or why there is none to use. */
export type SnapshotRead =
  | { entries: Map<string, SnapshotEntry>; header: SnapshotHeader }
  | { entries?: undefined; reason: string };

const NEWLINE = 10;
const DATA_START = Buffer.from('\t{');
const MAX_HEADER = 4096;

function parseHeader(text: string, fingerprint: string): SnapshotHeader {
  const header = JSON.parse(text) as SnapshotHeader;
  if (header?.format !== SNAPSHOT_FORMAT) {
    throw new SnapshotCorruptError(`format ${String(header?.format)} (this version reads ${SNAPSHOT_FORMAT})`);
  }
  if (header.fingerprint !== fingerprint) throw new SnapshotCorruptError('schemas, config or package version changed');
  if (!Number.isFinite(header.loadStartedAt)) throw new SnapshotCorruptError('header incomplete');
  return header;
}

/**
 * Read `.cms/index-snapshot` whole, or not at all: a wrong format or fingerprint, a truncated file
 * (no end line, or one whose count disagrees) or any undecodable line discards it, and the caller reads every file.
 * Lines are cut from the bytes, so the file may exceed the longest string V8 can hold.
 *
 * @example
 * const read = readSnapshot(root, snapshotFingerprint(models, config), (file) => readFieldsFromFile(file));
 * read.entries?.get('content/articles/x.json')
 */
export function readSnapshot(root: string, fingerprint: string, reread: Reread): SnapshotRead {
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(root, SNAPSHOT_FILE));
  } catch (error) {
    return { reason: (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'none' : `unreadable: ${(error as Error).message}` };
  }
  try {
    let end = bytes.indexOf(NEWLINE);
    if (end < 0) throw new SnapshotCorruptError('no header');
    // A header is a few dozen bytes: a long first line is not decoded into one huge string.
    if (end > MAX_HEADER) throw new SnapshotCorruptError('header too long');
    const header = parseHeader(bytes.toString('utf8', 0, end), fingerprint);
    const entries = new Map<string, SnapshotEntry>();
    const pool = new StringPool();
    let start = end + 1;
    for (;;) {
      end = bytes.indexOf(NEWLINE, start);
      if (end < 0) throw new SnapshotCorruptError(`truncated after ${entries.size} entries`);
      // The data is the line's only `{` after a tab: no other field holds a tab or a brace.
      const data = bytes.indexOf(DATA_START, start);
      if (data < 0 || data > end) {
        const line = bytes.toString('utf8', start, end);
        if (line !== `end ${entries.size}` || end + 1 !== bytes.length) {
          throw new SnapshotCorruptError(line.startsWith('end ') ? 'end line does not match the entries' : 'an entry without data');
        }
        break;
      }
      const entry = decodeEntry(bytes, start, data, end, reread, pool);
      entries.set(entry.record.file, entry);
      start = end + 1;
    }
    return { entries, header };
  } catch (error) {
    return { reason: `discarded: ${(error as Error).message}` };
  }
}
