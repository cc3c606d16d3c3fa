import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { isTempFile } from './atomic-write.js';

/** Where atomic writes put their temp files: beside content files, binaries, the config and `.cms/`. */
const FOLDERS: { path: string; deep: boolean }[] = [
  { path: 'content', deep: true },
  { path: join('public', 'uploads'), deep: true },
  { path: '.cms', deep: true },
  { path: '.', deep: false },
];

async function sweep(root: string, folder: string, deep: boolean, removed: string[]): Promise<void> {
  const entries = await readdir(join(root, folder), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const path = join(folder, entry.name);
    // Links are never followed: a link to a folder elsewhere is not the project's.
    if (entry.isDirectory()) { if (deep) await sweep(root, path, deep, removed); continue; }
    if (!entry.isFile() || !isTempFile(entry.name)) continue;
    await unlink(join(root, path)).then(() => removed.push(path), () => undefined);
  }
}

/**
 * Remove the temp files of atomic writes that a crash interrupted (`.<name>.<tag>.tmp`, see
 * `writeFileAtomic`), so they neither pile up nor reach a commit. Called as a server starts: a write
 * in flight in another process at that very moment would lose its temp file and fail (never leave a
 * torn file), which is the lesser harm than temp files that live for ever. Returns the removed paths.
 *
 * @example
 * await removeStaleTempFiles('/srv/site') // ['content/articles/.x.json.1f2e3d4c0.tmp']
 */
export async function removeStaleTempFiles(root: string): Promise<string[]> {
  const removed: string[] = [];
  for (const { path, deep } of FOLDERS) await sweep(root, path, deep, removed);
  return removed.sort();
}
