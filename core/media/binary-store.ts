import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Stored names are `<hash><ext>`: one path segment, never hidden, never a temp file. */
const STORED_NAME = /^[^/\\\0.][^/\\\0]*$/;

/** `<root>/public/uploads`, where the local provider keeps binaries (served at `/uploads/…`). */
export const uploadsFolder = (root: string): string => join(root, 'public', 'uploads');

/** Is this a name the store may hold (one segment, not hidden, not a temp file)? */
export const isStoredName = (name: string): boolean => STORED_NAME.test(name) && !name.endsWith('.tmp');

function pathOf(root: string, name: string): string {
  if (!isStoredName(name)) throw new Error(`invalid stored file name ${JSON.stringify(name)}`);
  return join(uploadsFolder(root), name);
}

async function flush(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Store a binary from a temp file (a streamed upload, a generated format) atomically: flushed,
 * then renamed over `<hash><ext>`, so a reader of `/uploads/…` sees the old bytes or the new ones,
 * never a torn file, and nothing is copied through memory. The temp file is gone afterwards.
 * Across file systems (a mounted uploads folder) it is copied beside the target first.
 */
export async function moveUpload(root: string, name: string, from: string): Promise<void> {
  const target = pathOf(root, name);
  await mkdir(uploadsFolder(root), { recursive: true });
  await flush(from);
  try {
    await rename(from, target);
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
  }
  const temp = join(uploadsFolder(root), `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await copyFile(from, temp);
    await flush(temp);
    await rename(temp, target);
  } finally {
    await rm(temp, { force: true });
  }
  await rm(from, { force: true });
}

/** Remove a stored binary; a missing one is fine (the local provider says "File doesn't exist"). */
export async function removeUpload(root: string, name: string): Promise<void> {
  await rm(pathOf(root, name), { force: true });
}
