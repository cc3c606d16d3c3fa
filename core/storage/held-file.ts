import { closeSync, existsSync, fstatSync, openSync, readFileSync, type Stats } from 'node:fs';

/** What says a held file changed: another link count (renamed over, removed), size, content or inode change time. */
const sameFile = (now: Stats, seen: Stats) => now.nlink === seen.nlink && now.size === seen.size
  && now.mtimeMs === seen.mtimeMs && now.ctimeMs === seen.ctimeMs;

/**
 * A small file another process may replace, held open as last read, and looked at with one `fstat` of that descriptor.
 *
 * A process that replaces the file with a rename (git moving a ref, `cms token revoke` writing the auth state) drops the
 * link count of the file held here to 0 before it returns; removing it does too; a write in place changes its size or
 * times. So a look made after a request's bytes were read sees every change finished before the request was sent, with
 * no event ordering relied on (an inotify watch's event can be handled after the request: see
 * docs/reference/performance.md, 30 Nov 2026). An `fstat` costs about 0.8 µs here, a `stat` of the path 1.7 µs.
 * While there is no file, each look asks whether it exists. A file system that caches attributes (NFS) shows another
 * client's change once its cache does. The holder decides how often to look (StateFileWatch: once per request; a
 * branch's ref: once per batch of requests).
 *
 * @example
 * const ref = new HeldFile('/site/.git/refs/heads/spring'); const text = ref.read(); // … later: if (ref.changed()) ref.read();
 */
export class HeldFile {
  /** The file as last read (or written by this process), held open; undefined while there is none. */
  private fd: number | undefined;
  private seen: Stats | undefined;
  /** Read at least once, and not marked stale since (`invalidate`). */
  protected known = false;

  constructor(readonly file: string) {}

  /** Whether the file differs from what `read()` last returned, looked at now (one `fstat`). */
  changed(): boolean {
    if (!this.known) return true;
    if (this.fd === undefined) return existsSync(this.file);
    const now = fstatSync(this.fd);
    return now.nlink === 0 || !sameFile(now, this.seen!);
  }

  /** The file's text as it is now (undefined: there is none), held as what later looks compare with. */
  read(): string | undefined {
    this.release();
    let fd: number;
    try {
      fd = openSync(this.file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.known = true;
      return undefined;
    }
    try {
      this.seen = fstatSync(fd);
      const text = readFileSync(fd, 'utf8');
      this.fd = fd;
      this.known = true;
      return text;
    } catch (error) {
      closeSync(fd);
      this.known = false;
      throw error;
    }
  }

  /**
   * This process has just renamed the file it wrote (`fd`, handed over) into place: what it holds is the file now. When
   * the descriptor cannot be looked at (its `fstat` fails) it is closed and nothing is held: the next look says changed
   * and the next read reads the file, which holds the write. Never throws: the write it follows has succeeded.
   */
  adopt(fd: number): void {
    // The descriptor held before is let go; its close failing must not keep the new one from being held (or closed).
    try { this.release(); } catch { /* let go either way (release forgets it first) */ }
    let seen: Stats;
    try {
      seen = fstatSync(fd);
    } catch {
      this.known = false;
      try { closeSync(fd); } catch { /* nothing held either way */ }
      return;
    }
    this.fd = fd;
    this.seen = seen;
    // Replaced again already (by another process, between the rename and here): look at the file on the next read.
    this.known = seen.nlink > 0;
  }

  /** Mark the file stale: the next look says changed, and the next read reads it again. */
  invalidate(): void {
    this.known = false;
  }

  /** When the file as held was last modified (ms since the epoch), undefined without one. */
  get modifiedMs(): number | undefined {
    return this.fd === undefined ? undefined : this.seen?.mtimeMs;
  }

  /** What a revision of the file is told apart by (its inode, size and times as held), 'absent' without one. */
  get signature(): string {
    const seen = this.fd === undefined ? undefined : this.seen;
    return seen ? `${seen.ino}:${seen.size}:${seen.mtimeMs}:${seen.ctimeMs}` : 'absent';
  }

  /** Let go of the file: the next look says changed. */
  close(): void {
    this.release();
    this.invalidate();
  }

  private release(): void {
    const fd = this.fd;
    this.fd = undefined;
    this.seen = undefined;
    if (fd !== undefined) closeSync(fd);
  }
}
