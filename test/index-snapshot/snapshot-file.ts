import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { SNAPSHOT_FILE } from '../../core/index/snapshot/snapshot-format.js';

/** One entry of a snapshot file as tests edit it: its metadata fields (the last three say where its JSON lies) and its JSON. */
export interface EditableEntry {
  meta: string[];
  fields: string;
}

/** A snapshot file taken apart (format 3: header, fields region, metadata lines, the listing line if any, end line). */
export interface SnapshotFile {
  header: string;
  entries: EditableEntry[];
  /** The `listing\t…` line's JSON (how `content/` was listed), if the snapshot kept one. */
  listing?: string;
}

export function readSnapshotFile(root: string): SnapshotFile {
  const bytes = readFileSync(join(root, SNAPSHOT_FILE));
  const text = bytes.toString('latin1');
  const headerEnd = text.indexOf('\n');
  const endLine = text.slice(text.lastIndexOf('\n', text.length - 2) + 1, -1).split(' ');
  const metadata = bytes.subarray(Number(endLine[2]), bytes.length - endLine.join(' ').length - 1).toString('utf8');
  const lines = metadata.split('\n').filter(Boolean);
  const listing = lines.at(-1)?.startsWith('listing\t') ? lines.pop()!.slice('listing\t'.length) : undefined;
  const entries = lines.map((line) => {
    const meta = line.split('\t');
    const [offset, length] = [Number(meta[15]), Number(meta[16])];
    return { meta, fields: bytes.subarray(offset, offset + length).toString('utf8') };
  });
  return { header: bytes.subarray(0, headerEnd).toString('utf8'), entries, listing };
}

/** Write a snapshot file whose offsets and checksums agree with the entries given (however they were edited). */
export function writeSnapshotFile(root: string, { header, entries, listing }: SnapshotFile): void {
  const parts = [Buffer.from(`${header}\n`)];
  let offset = parts[0].length;
  const lines: string[] = [];
  for (const { meta, fields } of entries) {
    const bytes = Buffer.from(fields);
    lines.push([...meta.slice(0, 15), offset, bytes.length, crc32(bytes)].join('\t'));
    parts.push(bytes, Buffer.from('\n'));
    offset += bytes.length + 1;
  }
  if (listing !== undefined) lines.push(`listing\t${listing}`);
  const metadata = Buffer.from(lines.map((line) => `${line}\n`).join(''));
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
