import type { Stats } from 'node:fs';

/**
 * What a file's metadata says about its content: size, modification and change times, inode.
 * `mtime` alone is not enough (tools such as `cp -p`, `rsync -t` and `tar` restore it), but no
 * program can set `ctime`: any write or `utimes` moves it, and a replaced file gets a new inode.
 */
export interface FileStamp {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

/**
 * Times are coarse (a few milliseconds, a second on some file systems): a file changed within one
 * tick of its stamp being taken may keep the same stamp. Files stamped less than this long before
 * a load began are "racy", as in Git's index, and are trusted only after their content is compared.
 */
export const RACY_MARGIN_MS = 2000;

export const stampOf = (stats: Stats): FileStamp => ({ size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, ino: stats.ino });

export const sameStamp = (a: FileStamp, b: FileStamp): boolean =>
  a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino;

/** Was the file changed so shortly before `loadStartedAt` that a later change could keep its stamp? */
export const isRacy = (stamp: FileStamp, loadStartedAt: number): boolean =>
  Math.max(stamp.mtimeMs, stamp.ctimeMs) >= loadStartedAt - RACY_MARGIN_MS;
