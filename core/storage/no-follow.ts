import { constants, open, read, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { FileError } from '../errors.js';
import { closeNow } from './durable-fs.js';

/**
 * Files of a project (content, schemas, public, uploads) are never read through a symbolic link:
 * a link committed or dropped into `content/` could otherwise serve `.cms/state.json` or any
 * file of the machine to anonymous callers. `O_NOFOLLOW` makes the open itself refuse a link,
 * so a file swapped for a link between listing and reading is refused too.
 */
const NO_FOLLOW = constants.O_RDONLY | constants.O_NOFOLLOW;
/** The problem reported for a link where a project file was expected. */
export class LinkError extends FileError {
  constructor(file: string) {
    super(file, 'symbolic link: not followed (content, schemas and public files are never read through links)', 1, 1);
  }
}

/** ELOOP is what `open` says for a link under O_NOFOLLOW. */
const isLinkRefusal = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ELOOP';

/**
 * Read a project file as UTF-8, refusing a link with a LinkError naming `file` (the project-relative path).
 * One call: `readFileSync` with the open flags opens, reads and closes in native code (start-up
 * reads every content file through here, and three calls per file cost more than the read).
 */
export function readTextNoFollowSync(path: string, file: string): string {
  try {
    // Node takes numeric open flags here too (its types only list the string forms).
    return readFileSync(path, { encoding: 'utf8', flag: NO_FOLLOW as unknown as string });
  } catch (error) {
    if (isLinkRefusal(error)) throw new LinkError(file);
    throw error;
  }
}

// Plain descriptors, not promise FileHandles: the writers read a file before every write. A read-only descriptor is closed
// inline (closeNow): it has nothing to flush.
const openFile = promisify(open);
const readInto = promisify(read);

/** The same, without blocking the event loop (the watcher, the writers). */
export function readTextNoFollow(path: string, file: string): Promise<string> {
  return withNoFollow(path, file, readToEnd);
}

/** Open `path` without following a link (a link refused as a `LinkError` naming `file`), read it with `reading`, close it. */
async function withNoFollow(path: string, file: string, reading: (fd: number) => Promise<string>): Promise<string> {
  let fd: number;
  try {
    fd = await openFile(path, NO_FOLLOW);
  } catch (error) {
    if (isLinkRefusal(error)) throw new LinkError(file);
    throw error;
  }
  try {
    return await reading(fd);
  } finally {
    closeNow(fd);
  }
}

/** A first read this large answers a content file in one call (readFile asks fstat for the size first: a round trip more). */
const FIRST_READ = 64 * 1024;

/**
 * First-read buffers no read is using: a write reads the file it replaces, and a fresh 64 KB buffer each time was garbage
 * to collect on every write. A read takes one (or makes one) and gives it back once its text is decoded; a few are kept.
 */
const spare: Buffer[] = [];
const SPARE_KEPT = 8;

/** Read a regular file from its start until a read comes back short (its end), as UTF-8. */
async function readToEnd(fd: number): Promise<string> {
  const first = spare.pop() ?? Buffer.allocUnsafe(FIRST_READ);
  let buffer = first;
  let length = 0;
  try {
    for (;;) {
      const { bytesRead } = await readInto(fd, buffer, length, buffer.length - length, length);
      length += bytesRead;
      if (length < buffer.length) return buffer.toString('utf8', 0, length);
      const larger = Buffer.allocUnsafe(buffer.length * 2);
      buffer.copy(larger);
      buffer = larger;
    }
  } finally {
    // Given back only after the text was decoded from it (or the read failed): no later read can overwrite a text in use.
    if (spare.length < SPARE_KEPT) spare.push(first);
  }
}

