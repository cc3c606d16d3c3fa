import { join } from 'node:path';

/** Per site root, its files' absolute paths by project path; a few sites' worth (a test process opens many). */
const byRoot = new Map<string, Map<string, string>>();
const ROOTS_KEPT = 16;
const PATHS_KEPT = 20_000;

/**
 * `join(root, file)`, the same string, kept: an update joins its document's few paths half a dozen times over (the disk
 * view's plan and look, the store, the write log), and each join normalises afresh (4% of an update's allocation).
 *
 * @example
 * sitePath('/site', 'content/tags/a.json') // '/site/content/tags/a.json'
 */
export function sitePath(root: string, file: string): string {
  let paths = byRoot.get(root);
  if (!paths) {
    if (byRoot.size >= ROOTS_KEPT) byRoot.clear();
    byRoot.set(root, (paths = new Map()));
  }
  let path = paths.get(file);
  if (path === undefined) {
    path = join(root, file);
    if (paths.size >= PATHS_KEPT) paths.clear();
    paths.set(file, path);
  }
  return path;
}
