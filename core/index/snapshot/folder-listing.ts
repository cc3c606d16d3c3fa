import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { isRacy, sameStamp, stampOf, type FileStamp } from './file-stamp.js';

/** What a listing of `content/` found: content files and symbolic links, project-relative and sorted. */
export interface ContentListing {
  files: string[];
  links: string[];
}

/**
 * A listing as the snapshot keeps it: the stamp of `content/` ('') and of each folder read, taken
 * before the folder was read, and the listed paths the snapshot has no entry for (malformed files,
 * files of no type, links). The entries themselves are the rest of the listing.
 */
export interface KeptListing {
  folders: [name: string, mtimeMs: number, ctimeMs: number, ino: number][];
  extras: string[];
  links: string[];
}

/** Stamps of the folders a listing read, each taken before its folder was read (see `KeptListing`). */
export class FolderStamps {
  readonly stamps = new Map<string, FileStamp>();

  /** The stamps a snapshot kept (they still matched: the next snapshot keeps them again). */
  static from(kept: KeptListing): FolderStamps {
    const stamps = new FolderStamps();
    for (const [name, mtimeMs, ctimeMs, ino] of kept.folders) stamps.stamps.set(name, { size: 0, mtimeMs, ctimeMs, ino });
    return stamps;
  }

  /** Call before reading `content/<name>` ('' for `content/` itself). */
  before(root: string, name: string): void {
    const stats = lstatSync(join(root, 'content', name), { throwIfNoEntry: false });
    if (stats) this.stamps.set(name, stampOf(stats));
  }

  /**
   * The listing to keep, or undefined when a folder changed so close to the load that a later change
   * could keep its stamp (as for files, see `isRacy`): the next start then lists the folders again.
   */
  keep(listing: ContentListing, written: ReadonlySet<string>, loadStartedAt: number): KeptListing | undefined {
    const folders: KeptListing['folders'] = [];
    for (const [name, stamp] of this.stamps) {
      if (isRacy(stamp, loadStartedAt)) return undefined;
      folders.push([name, stamp.mtimeMs, stamp.ctimeMs, stamp.ino]);
    }
    return { folders, extras: listing.files.filter((file) => !written.has(file)), links: listing.links };
  }
}

/**
 * The listing a snapshot kept, when every folder it read still has its stamp: adding, removing or
 * renaming a file moves its folder's mtime and ctime (a folder replaced has a new inode), so the
 * listing is the snapshot's entries and extras, with no folder read. Undefined: list the folders.
 *
 * @example
 * const listing = keptListing(root, header.listing, () => entries.files()) ?? listContentFiles(root)
 */
export function keptListing(root: string, kept: KeptListing | undefined, entries: () => string[]): ContentListing | undefined {
  if (!kept?.folders.some(([name]) => name === '')) return undefined;
  for (const [name, mtimeMs, ctimeMs, ino] of kept.folders) {
    const stats = lstatSync(join(root, 'content', name), { throwIfNoEntry: false });
    if (!stats?.isDirectory()) return undefined;
    const stamp = stampOf(stats);
    if (!sameStamp(stamp, { size: stamp.size, mtimeMs, ctimeMs, ino })) return undefined;
  }
  // The paths are made when first asked for: a load that walks the snapshot's columns instead never asks.
  let files: string[] | undefined;
  return { get files() { return (files ??= mergeSorted(entries(), kept.extras)); }, links: kept.links };
}

/** Two lists of paths as one sorted list: the entries come in listing order, the extras too, so a merge does (a sort otherwise). */
function mergeSorted(a: string[], b: string[]): string[] {
  const isSorted = (list: string[]) => list.every((item, i) => i === 0 || list[i - 1] < item);
  if (!isSorted(a) || !isSorted(b)) return [...a, ...b].sort();
  // Most listings have no extras: the entries are the listing (no copy of a million paths).
  if (!b.length) return a;
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) out.push(j >= b.length || (i < a.length && a[i] < b[j]) ? a[i++] : b[j++]);
  return out;
}
