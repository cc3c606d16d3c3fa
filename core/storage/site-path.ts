import { join, sep } from 'node:path';

/**
 * A project path `join` would leave as it is after a normalised root and a slash: names of one or more characters, none
 * starting with a dot (so no `.`, `..` or hidden name), no backslash, split by single slashes.
 */
const PLAIN_FILE = /^[^/.\\][^/\\]*(?:\/[^/.\\][^/\\]*)*$/;
/** Roots that `join` leaves as they are (no `.` or `..` segment, no doubled or trailing slash), by root. */
const plainRoots = new Map<string, boolean>();

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
    path = joined(root, file);
    if (paths.size >= PATHS_KEPT) paths.clear();
    paths.set(file, path);
  }
  return path;
}

/**
 * `join(root, file)`. A new file's path (each create's) is joined once, so its normalising, which builds the result a
 * character run at a time (1.4 KB allocated per create), is skipped where it cannot change anything: an absolute root
 * `join` leaves as it is (not `.`: `join('.', file)` drops it) and a plain project path (PLAIN_FILE) give the same
 * string with one slash between them.
 */
function joined(root: string, file: string): string {
  if (sep !== '/' || !PLAIN_FILE.test(file)) return join(root, file);
  let plain = plainRoots.get(root);
  if (plain === undefined) {
    if (plainRoots.size >= ROOTS_KEPT) plainRoots.clear();
    plainRoots.set(root, (plain = root === '/' || (root.startsWith('/') && !root.endsWith('/') && join(root) === root)));
  }
  if (!plain) return join(root, file);
  return root === '/' ? `/${file}` : `${root}/${file}`;
}
