import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';

/** What `.cms/.gitignore` holds: everything in the folder, itself included (as pytest and ruff mark their caches). */
export const CMS_GITIGNORE = '# Written by gitcms: this folder is local to one machine (caches, locks, auth state).\n*\n';

/** The `.cms` folder a path lies in (the path itself when it is one), or undefined outside any. */
function cmsFolderOf(path: string): string | undefined {
  const parts = path.split(sep);
  const at = parts.lastIndexOf('.cms');
  return at < 0 ? undefined : parts.slice(0, at + 1).join(sep) || sep;
}

/**
 * Make the `.cms` folder that holds `path` (private to the owner, as the auth state needs) and give
 * it its own `.gitignore` (`*`), so nothing the tool keeps there reaches Git in a site whose own
 * `.gitignore` does not list it. An existing `.gitignore` is left as it is. Called by every writer
 * of `.cms/` before it writes; a path outside `.cms/` is left alone.
 *
 * @example
 * ensureCmsFolder('/site/.cms/index-snapshot'); // /site/.cms/.gitignore holds `*`
 */
export function ensureCmsFolder(path: string): void {
  const folder = cmsFolderOf(path);
  if (!folder) return;
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(join(folder, '.gitignore'), CMS_GITIGNORE, IGNORE_FILE);
  } catch (error) {
    keepExisting(error);
  }
}

/** The same through the thread pool, for the request path (a write's first lock file): nothing waits inline. */
export async function ensureCmsFolderAsync(path: string): Promise<void> {
  const folder = cmsFolderOf(path);
  if (!folder) return;
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await writeFile(join(folder, '.gitignore'), CMS_GITIGNORE, IGNORE_FILE).catch(keepExisting);
}

const IGNORE_FILE = { flag: 'wx', mode: 0o644 } as const;
/** A `.gitignore` already there (the site's own, or ours) is kept as it is. */
function keepExisting(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
}
