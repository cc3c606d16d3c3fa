import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { LinkError } from '../../storage/no-follow.js';
import { stampOf, type FileStamp } from './file-stamp.js';

const NO_FOLLOW = constants.O_RDONLY | constants.O_NOFOLLOW;

/**
 * Read a content file as UTF-8 with the stamp it had when reading began (a link is refused, as
 * `readTextNoFollowSync` does). Stamping the open descriptor before reading means a change made
 * after the stamp always moves it, so a snapshot never pairs old content with a newer stamp.
 */
export function readStampedSync(path: string, file: string): { text: string; stamp: FileStamp } {
  let fd: number;
  try {
    fd = openSync(path, NO_FOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new LinkError(file);
    throw error;
  }
  try {
    const stamp = stampOf(fstatSync(fd));
    return { text: readFileSync(fd, 'utf8'), stamp };
  } finally {
    closeSync(fd);
  }
}
