import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { LinkError } from '../../storage/no-follow.js';
import type { TextSlab } from '../text-slab.js';
import { stampOf, type FileStamp } from './file-stamp.js';

const NO_FOLLOW = constants.O_RDONLY | constants.O_NOFOLLOW;

/** Open a content file for reading without following a link (a link refused as a `LinkError` naming `file`). */
function openNoFollow(path: string, file: string): number {
  try {
    return openSync(path, NO_FOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new LinkError(file);
    throw error;
  }
}

/**
 * Read a content file as UTF-8 with the stamp it had when reading began (a link is refused, as
 * `readTextNoFollowSync` does). Stamping the open descriptor before reading means a change made
 * after the stamp always moves it, so a snapshot never pairs old content with a newer stamp.
 * With a `slab`, the bytes are read into it (kept there if the file's record keeps its text: `TextSlab.keep`).
 */
export function readStampedSync(path: string, file: string, slab?: TextSlab): { text: string; stamp: FileStamp } {
  const fd = openNoFollow(path, file);
  try {
    const stamp = stampOf(fstatSync(fd));
    return { text: slab ? slab.readFile(fd) : readFileSync(fd, 'utf8'), stamp };
  } finally {
    closeSync(fd);
  }
}

/** Read a content file as UTF-8 into `slab` (a link refused), no stamp taken: a start that writes no snapshot. */
export function readIntoSlabSync(path: string, file: string, slab: TextSlab): string {
  const fd = openNoFollow(path, file);
  try {
    return slab.readFile(fd);
  } finally {
    closeSync(fd);
  }
}
