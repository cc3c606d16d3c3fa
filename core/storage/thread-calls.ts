import type * as nodeFs from 'node:fs';

/**
 * One file call asked of a thread (`WriteThread.call`): a lock file's `link` and `unlink`, the disk view's `lstat` of a
 * document's file and its read of a file it wrote (`read`: the first `size + 1` bytes, never following a link nor waiting
 * on a FIFO, as `readTextNoFollowSized`).
 */
export type FileCall =
  | { link: string; to: string; then?: FileCall[] }
  | { unlink: string }
  | { lstat: string }
  | { read: string; size: number };

/** A file call's error as the thread sends it back. */
export interface CallError {
  message: string;
  code?: string;
}

/**
 * What a call answers: `link`, `unlink` null (a missing file's unlink too); `lstat` the fields the view uses; `read` the
 * text. A `link` with `then` answers the answers of those calls, made right after it (none when the link failed).
 */
export type CallResult = null | string | { file: boolean; mtimeMs: number } | CallResult[] | { error: CallError };

/** The synchronous calls they are made of (node:fs; tests give one that fails where they say). */
export type CallFs = Pick<typeof nodeFs, 'linkSync' | 'unlinkSync' | 'lstatSync' | 'openSync' | 'readSync' | 'closeSync' | 'constants'>;

/**
 * The thread's code for a list of file calls, self-contained (the thread's source takes it as text): each call made in
 * order with synchronous calls, its answer or its error in the same place of the list.
 */
export function makeFileCalls(fs: CallFs) {
  const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK } = fs.constants;
  const readFlags = O_RDONLY | O_NOFOLLOW | (O_NONBLOCK ?? 0);
  const readSized = (path: string, size: number) => {
    const fd = fs.openSync(path, readFlags);
    try {
      const buffer = Buffer.allocUnsafe(size + 1);
      return buffer.toString('utf8', 0, fs.readSync(fd, buffer, 0, size + 1, 0));
    } finally {
      fs.closeSync(fd);
    }
  };
  const one = (call: FileCall): CallResult => {
    if ('link' in call) { fs.linkSync(call.link, call.to); return call.then ? all(call.then) : null; }
    if ('lstat' in call) {
      // Nothing there (the absent draft most updates look for) is answered without the exception Node would build for it.
      const info = fs.lstatSync(call.lstat, { throwIfNoEntry: false });
      if (!info) return { error: { message: `ENOENT: no such file or directory, lstat '${call.lstat}'`, code: 'ENOENT' } };
      return { file: info.isFile(), mtimeMs: info.mtimeMs };
    }
    if ('read' in call) return readSized(call.read, call.size);
    try { fs.unlinkSync(call.unlink); } catch (error) { if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error; }
    return null;
  };
  const all = (calls: FileCall[]): CallResult[] => calls.map((call) => {
    try {
      return one(call);
    } catch (error) {
      return { error: { message: String((error as Error)?.message ?? error), code: (error as NodeJS.ErrnoException)?.code } };
    }
  });
  return all;
}
