import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { ColumnsWriter } from '../../core/index/snapshot/columns-writer.js';
import type { KeptListing } from '../../core/index/snapshot/folder-listing.js';
import { SnapshotColumns } from '../../core/index/snapshot/read-columns.js';
import { columnLayout, paddedLength, type ColumnEntry, type Preamble } from '../../core/index/snapshot/snapshot-columns.js';
import { SNAPSHOT_FILE } from '../../core/index/snapshot/snapshot-format.js';

/**
 * One entry of a snapshot file as tests edit it: its metadata as texts, in the order format 3 wrote
 * them (path, type, documentId, locale, draft, the three timestamps, the record's mtime, the stamp's
 * size, mtime, ctime and inode, hash, clean, and where its JSON lies: offset, length, CRC-32), and its JSON.
 */
export interface EditableEntry {
  meta: string[];
  fields: string;
}

/** A snapshot file taken apart (format 4: header, fields region, metadata columns with the listing if any, end line). */
export interface SnapshotFile {
  header: string;
  entries: EditableEntry[];
  /** The kept listing's JSON (how `content/` was listed), if the snapshot kept one. */
  listing?: string;
}

/** Where the metadata region lies (from the end line), and the end line's length. */
export function snapshotRegions(bytes: Buffer): { metadataAt: number; metadataEnd: number } {
  const text = bytes.toString('latin1');
  const endLine = text.slice(text.lastIndexOf('\n', text.length - 2) + 1, -1);
  return { metadataAt: Number(endLine.split(' ')[2]), metadataEnd: bytes.length - endLine.length - 1 };
}

const metaOf = (entry: ColumnEntry): string[] => [entry.file, entry.uid, entry.documentId, entry.locale ?? '', entry.draft ? '1' : '',
  entry.createdAt, entry.updatedAt, entry.publishedAt ?? 'null', ...[entry.recordMtimeMs, entry.stamp.size, entry.stamp.mtimeMs,
    entry.stamp.ctimeMs, entry.stamp.ino].map(String), entry.hash, entry.clean ? '1' : '', ...[entry.offset, entry.length, entry.crc].map(String)];

/** `metaOf` read back; a stamp's empty number is NaN (no file's stamp equals it). */
const entryOfMeta = (meta: string[]): ColumnEntry => {
  const number = (at: number) => (meta[at] === '' ? NaN : Number(meta[at]));
  return {
    file: meta[0], uid: meta[1], documentId: meta[2], locale: meta[3] || null, draft: meta[4] === '1', createdAt: meta[5], updatedAt: meta[6],
    publishedAt: meta[7] === 'null' ? null : meta[7], recordMtimeMs: number(8),
    stamp: { size: number(9), mtimeMs: number(10), ctimeMs: number(11), ino: number(12) }, hash: meta[13], clean: meta[14] === '1',
    offset: number(15), length: number(16), crc: number(17),
  };
};

export function readSnapshotFile(root: string): SnapshotFile {
  const bytes = readFileSync(join(root, SNAPSHOT_FILE));
  const { metadataAt, metadataEnd } = snapshotRegions(bytes);
  const columns = SnapshotColumns.decode(bytes.subarray(metadataAt, metadataEnd), metadataAt);
  const entries = Array.from({ length: columns.count }, (_, i) => {
    const meta = metaOf(columns.entry(i));
    const [offset, length] = [Number(meta[15]), Number(meta[16])];
    return { meta, fields: bytes.subarray(offset, offset + length).toString('utf8') };
  });
  const { listing } = columns.preamble;
  return { header: bytes.subarray(0, bytes.indexOf('\n')).toString('utf8'), entries, listing: listing && JSON.stringify(listing) };
}

/** The metadata region of these entries (each one's JSON where its `meta` says) and the listing, as the writer lays it out. */
export function metadataRegion(entries: EditableEntry[], listing?: string): Buffer {
  const columns = new ColumnsWriter(entries.length);
  for (const { meta } of entries) columns.add(entryOfMeta(meta));
  return Buffer.concat(columns.finish(listing === undefined ? undefined : JSON.parse(listing) as KeptListing));
}

/** Write a snapshot file whose offsets and checksums agree with the entries given (however they were edited). */
export function writeSnapshotFile(root: string, { header, entries, listing }: SnapshotFile): void {
  const parts = [Buffer.from(`${header}\n`)];
  let offset = parts[0].length;
  const placed = entries.map(({ meta, fields }) => {
    const bytes = Buffer.from(fields);
    parts.push(bytes, Buffer.from('\n'));
    const at = [offset, bytes.length, crc32(bytes)].map(String);
    offset += bytes.length + 1;
    return { meta: [...meta.slice(0, 15), ...at], fields };
  });
  const metadata = metadataRegion(placed, listing);
  parts.push(metadata, Buffer.from(`end ${entries.length} ${offset} ${crc32(metadata)}\n`));
  writeFileSync(join(root, SNAPSHOT_FILE), Buffer.concat(parts));
}

/** Edit the snapshot's entries and write it back, consistent. */
export function editSnapshot(root: string, edit: (entries: EditableEntry[]) => void): void {
  const file = readSnapshotFile(root);
  edit(file.entries);
  writeSnapshotFile(root, file);
}

/** The entry of a content file. */
export const entryOf = (entries: EditableEntry[], file: string): EditableEntry => {
  const entry = entries.find(({ meta }) => meta[0] === file);
  if (!entry) throw new Error(`test setup: no snapshot entry for ${file}`);
  return entry;
};

/** Where each column starts in a metadata region (`columnLayout`). */
export type Layout = ReturnType<typeof columnLayout>;

/** Edit the metadata columns in place (or replace them), the end line's CRC-32 made to agree: only the columns' own checks remain. */
export function editColumns(root: string, edit: (region: Buffer, at: Layout, preamble: Preamble) => Buffer | void): void {
  const bytes = readFileSync(join(root, SNAPSHOT_FILE));
  const { metadataAt, metadataEnd } = snapshotRegions(bytes);
  const region = Buffer.from(bytes.subarray(metadataAt, metadataEnd));
  const lineEnd = region.indexOf('\n');
  const preamble = JSON.parse(region.toString('utf8', 0, lineEnd)) as Preamble;
  const edited = edit(region, columnLayout(paddedLength(lineEnd + 1), preamble.count, preamble.text), preamble) ?? region;
  const endLine = Buffer.from(`end ${preamble.count} ${metadataAt} ${crc32(edited)}\n`);
  writeFileSync(join(root, SNAPSHOT_FILE), Buffer.concat([bytes.subarray(0, metadataAt), edited, endLine]));
}
