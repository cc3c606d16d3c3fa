import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isRacy } from './file-stamp.js';
import { isUnparsed } from './snapshot-record.js';
import { encodeEntry, isJsonSafe, SNAPSHOT_FILE, SNAPSHOT_FORMAT, type SnapshotEntry, type SnapshotHeader } from './snapshot-format.js';

/** Entries encoded between two turns of the event loop: a few milliseconds, so requests keep flowing. */
const CHUNK = 500;
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Write the snapshot atomically (a temp file renamed over it) in small chunks, yielding between
 * them, so a running server keeps answering. It is a cache: no fsync (a torn file fails the
 * count check and is discarded), and entries whose data cannot go through JSON are left out.
 * A racy entry keeps its text hash (it is compared before use); one that is no longer racy drops it.
 * `clean` says which entries Git vouches for at `header.head` (see `SnapshotEntry.clean`).
 *
 * @example
 * await writeSnapshot(root, { fingerprint, loadStartedAt, head }, entries, (entry) => gitSaysClean(entry));
 */
export async function writeSnapshot(
  root: string, header: Omit<SnapshotHeader, 'format'>, entries: SnapshotEntry[], clean?: (entry: SnapshotEntry) => boolean,
): Promise<void> {
  const { loadStartedAt } = header;
  const target = join(root, SNAPSHOT_FILE);
  // `.cms/` also holds the auth state: private to the owner, as `state-store` makes it.
  await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(`${JSON.stringify({ format: SNAPSHOT_FORMAT, ...header })}\n`);
    let count = 0;
    for (let start = 0; start < entries.length; start += CHUNK) {
      const lines: string[] = [];
      for (const entry of entries.slice(start, start + CHUNK)) {
        if (!isUnparsed(entry.record) && !isJsonSafe(entry.record.data)) continue;
        const line = encodeEntry({
          ...entry, hash: isRacy(entry.stamp, loadStartedAt) ? entry.hash : undefined, clean: clean?.(entry) ?? false,
        });
        if (line !== undefined) lines.push(`${line}\n`);
      }
      count += lines.length;
      await handle.writeFile(lines.join(''));
      await yieldToRequests();
    }
    await handle.writeFile(`end ${count}\n`);
    await handle.close();
    await rename(temp, target);
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(temp, { force: true });
    throw error;
  }
}
