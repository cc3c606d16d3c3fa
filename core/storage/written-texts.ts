import { createHash } from 'node:crypto';

/** A file this process wrote: its mtime after the write, a hash of the text, and when it was noted. */
interface Written {
  mtimeMs: number;
  digest: string;
  at: number;
}

/** How long a note is kept: past it the mtime alone tells a later rewrite (see `RACY_MS` in core/service/disk-view.ts). */
const KEEP_MS = 2000;
const recent = new Map<string, Written>();

/** A short hash of a file's text: equal hashes, equal text. */
export const digestText = (text: string): string => createHash('sha1').update(text).digest('base64url');

/**
 * Note the text this process just wrote to `path` (absolute) with the mtime it got: while that mtime
 * is too recent to tell a same-size rewrite in the same tick, a write about to start from the file
 * compares the file's hash with this one instead of parsing it again.
 */
export function rememberWritten(path: string, mtimeMs: number, text: string): void {
  const now = Date.now();
  if (recent.size >= 1024) for (const [key, note] of recent) if (now - note.at > KEEP_MS) recent.delete(key);
  recent.set(path, { mtimeMs, digest: digestText(text), at: now });
}

/** The hash of what this process wrote to `path`, when the file still has the mtime that write gave it. */
export function writtenDigest(path: string, mtimeMs: number): string | undefined {
  const note = recent.get(path);
  return note && note.mtimeMs === mtimeMs ? note.digest : undefined;
}
