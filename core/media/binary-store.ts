import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../storage/atomic-write.js';

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

/**
 * Store a binary atomically (temp file in the same folder, fsync, rename), so a reader of
 * `/uploads/…` sees the old bytes or the new ones, never a torn file.
 */
export async function writeUpload(root: string, name: string, data: Uint8Array): Promise<void> {
  await writeFileAtomic(pathOf(root, name), data);
}

/** Remove a stored binary; a missing one is fine (the local provider says "File doesn't exist"). */
export async function removeUpload(root: string, name: string): Promise<void> {
  await rm(pathOf(root, name), { force: true });
}
