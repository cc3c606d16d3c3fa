import { closeSync, existsSync, fstatSync, openSync, readFileSync, type Stats } from 'node:fs';

/** Requests started in this process (see `requestStarted`): a look made for one request is never reused by the next. */
let requests = 0;

/**
 * Called by a server as each request starts (before anything of it is answered): what the state file checks looked at
 * so far no longer counts, so every request looks at the file at least once after its bytes were read.
 */
export function requestStarted(): void {
  requests++;
}

/** What says a held file changed: another link count (renamed over, removed), size, content or inode change time. */
const sameFile = (now: Stats, seen: Stats) => now.nlink === seen.nlink && now.size === seen.size
  && now.mtimeMs === seen.mtimeMs && now.ctimeMs === seen.ctimeMs;

/**
 * Says whether the auth state file changed since it was last read, with one `fstat` of the file as read, held open.
 *
 * Another process (`cms token revoke`, a role change by the CLI) replaces the file with a rename, which drops the link
 * count of the file this process holds to 0 before that process returns; a write in place changes its size or times.
 * So a look made after a request's bytes were read sees every change finished before the request was sent: no event
 * ordering is relied on. (An inotify watch was: its event was taken to reach the event loop before the request, but
 * the socket's epoll entry, queued again after the previous request (level-triggered), can be reported first:
 * `strace` showed `epoll_pwait` → [socket, eventfd, inotify] and the request answered from the old state.)
 *
 * A look is reused, without a system call, only within one synchronous run (until the next microtask checkpoint)
 * and until the next request starts (`requestStarted`): every request answered meanwhile was read before the look,
 * so the credential check and the kept answer's freshness of one request cost one `fstat` together (about 1 µs of
 * CPU here; see docs/reference/performance.md). While there is no file, each look asks whether it exists. A file
 * system that caches attributes (NFS) shows another client's change once its cache does.
 *
 * @example
 * const changes = new StateFileWatch('/site/.cms/state.json');
 * if (changes.stale) parse(changes.read());
 */
export class StateFileWatch {
  /** The file as last read (or written by this process), held open; undefined while there is none. */
  private fd: number | undefined;
  private seen: Stats | undefined;
  /** Read at least once, and not marked stale since (`invalidate`). */
  private known = false;
  /** The request during which the last look found nothing changed (-1: no look to reuse). */
  private lookedFor = -1;
  /** A microtask to forget the look is queued (one per synchronous run). */
  private forgetting = false;
  private readonly forget = () => {
    this.forgetting = false;
    this.lookedFor = -1;
  };

  constructor(private readonly file: string) {}

  /** True when the file may differ from what `read()` last returned (one look per request and synchronous run). */
  get stale(): boolean {
    if (this.lookedFor === requests && this.known) return false;
    if (this.changed()) return true;
    this.lookedFor = requests;
    if (!this.forgetting) {
      this.forgetting = true;
      queueMicrotask(this.forget);
    }
    return false;
  }

  /** Whether the file differs from what `read()` last returned, looked at now (one `fstat`; no look reused). */
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

  /** This process has just renamed the file it wrote (`fd`, handed over) into place: what it holds is the file now. */
  adopt(fd: number): void {
    this.release();
    this.fd = fd;
    this.seen = fstatSync(fd);
    // Replaced again already (by another process, between the rename and here): look at the file on the next read.
    this.known = this.seen.nlink > 0;
  }

  /** Mark the file stale (a look at it failed): the next read reads it again. */
  invalidate(): void {
    this.known = false;
    this.lookedFor = -1;
  }

  /** What a revision of the file is told apart by (its inode, size and times as held), 'absent' without one. */
  get signature(): string {
    const seen = this.fd === undefined ? undefined : this.seen;
    return seen ? `${seen.ino}:${seen.size}:${seen.mtimeMs}:${seen.ctimeMs}` : 'absent';
  }

  /** Let go of the file (the store is closed). */
  close(): void {
    this.release();
    this.invalidate();
  }

  private release(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    this.seen = undefined;
  }
}
