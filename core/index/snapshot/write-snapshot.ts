import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { crc32 } from 'node:zlib';
import { ensureCmsFolder } from '../../storage/cms-folder.js';
import { isRacy } from './file-stamp.js';
import type { KeptListing } from './folder-listing.js';
import { ColumnsWriter } from './columns-writer.js';
import { columnEntry, fieldsOf, SNAPSHOT_FILE, SNAPSHOT_FORMAT, type SnapshotEntry, type SnapshotHeader } from './snapshot-format.js';

/** Entries encoded between two turns of the event loop: a few milliseconds, so requests keep flowing. */
const CHUNK = 500;
const NEWLINE = Buffer.from('\n');
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Write the snapshot atomically (a temp file renamed over it) in small chunks, yielding between
 * them, so a running server keeps answering: the header, each entry's fields (the fields region),
 * then the metadata columns that say where each entry's fields lie (`ColumnsWriter`), then the end line. It is a cache:
 * no fsync (a torn file fails the end line or a CRC and is discarded), and entries whose data cannot
 * go through JSON are left out. A racy entry keeps its text hash (it is compared before use); one
 * that is no longer racy drops it. `clean` says which entries Git vouches for at `header.head`
 * (see `SnapshotEntry.clean`); `listing`, how `content/` was listed, given the files written.
 *
 * @example
 * await writeSnapshot(root, { fingerprint, loadStartedAt, head }, entries, (entry) => gitSaysClean(entry));
 */
export async function writeSnapshot(
  root: string, header: Omit<SnapshotHeader, 'format'>, entries: SnapshotEntry[], clean?: (entry: SnapshotEntry) => boolean,
  listing?: (written: ReadonlySet<string>) => KeptListing | undefined,
): Promise<void> {
  const { loadStartedAt } = header;
  const target = join(root, SNAPSHOT_FILE);
  // `.cms/` also holds the auth state: private to the owner, as `state-store` makes it.
  await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  ensureCmsFolder(target);
  const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temp, 'w');
  try {
    const first = Buffer.from(`${JSON.stringify({ format: SNAPSHOT_FORMAT, ...header })}\n`);
    await handle.writeFile(first);
    let offset = first.length;
    // Metadata waits (in typed arrays and buffers, outside the heap) until every entry's fields are written.
    const columns = new ColumnsWriter(entries.length);
    const written = new Set<string>();
    for (let start = 0; start < entries.length; start += CHUNK) {
      const fields: Buffer[] = [];
      for (const entry of entries.slice(start, start + CHUNK)) {
        const data = fieldsOf(entry.record);
        if (!data) continue;
        columns.add(columnEntry(entry, {
          hash: isRacy(entry.stamp, loadStartedAt) ? entry.hash : undefined, clean: clean?.(entry) ?? false,
        }, { offset, length: data.bytes.length, crc: data.crc }));
        fields.push(data.bytes, NEWLINE);
        offset += data.bytes.length + 1;
        written.add(entry.record.file);
      }
      if (fields.length) await handle.writeFile(Buffer.concat(fields));
      await yieldToRequests();
    }
    let crc = 0;
    for (const part of columns.finish(listing?.(written))) {
      crc = crc32(part, crc);
      await handle.writeFile(part);
    }
    await handle.writeFile(`end ${columns.count} ${offset} ${crc}\n`);
    await handle.close();
    await rename(temp, target);
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(temp, { force: true });
    throw error;
  }
}
