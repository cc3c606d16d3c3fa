import { statSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';

/**
 * Says when the auth state file must be looked at again, so that reading the state in between (every
 * request with a cached credential) costs no system call.
 *
 * An inotify watch (`fs.watch`) on the file's folder, or on the project root until that folder
 * exists, marks the file stale on any event there. Another process (`cms token revoke`) replaces the
 * file with a rename, which queues the event before that process exits; the event loop reports
 * ready handles in the order they became ready, so the watch's callback runs before this process
 * reads a request sent after the other process returned: the change shows on the next request.
 * The watch is armed *before* each look at the file, so a change between the two is never lost.
 *
 * Without a watch (one could not be made, or it failed) the file is stale on every read: one
 * `stat`, as before. A tick every `safetyMs` also marks it stale, bounding what a file system
 * that does not report changes (a network share) could hide, at one `stat` per tick.
 *
 * @example
 * const changes = new StateFileWatch('/site/.cms/state.json', '/site');
 * if (changes.stale) { changes.arm(); reread(); }
 */
export class StateFileWatch {
  private watcher: FSWatcher | undefined;
  /** The watched folder and its inode: a folder removed and made again is watched anew. */
  private target = '';
  private targetIno = -1;
  private changed = true;
  private timer: NodeJS.Timeout | undefined;
  /** After a watch could not be made, when to try again (not on every read: a failing call costs more than a stat). */
  private retryAt = 0;

  constructor(private readonly file: string, private readonly root: string, private readonly safetyMs = 1000) {}

  /** True when the file may have changed since the last `arm()`. */
  get stale(): boolean {
    return this.changed || this.watcher === undefined;
  }

  /** Mark the file stale (a look at it failed, or this process is about to change it). */
  invalidate(): void {
    this.changed = true;
  }

  /** Call right before looking at the file: every change after this call marks it stale again. */
  arm(): void {
    this.changed = false;
    const folder = dirname(this.file);
    const inFolder = statSync(folder, { throwIfNoEntry: false });
    const target = inFolder ? folder : this.root;
    const ino = inFolder ? inFolder.ino : (statSync(this.root, { throwIfNoEntry: false })?.ino ?? -1);
    if (this.watcher && this.target === target && this.targetIno === ino) return;
    this.stopWatching();
    if (Date.now() < this.retryAt) return;
    try {
      // Not persistent: a watch never keeps a process alive (the CLI exits when its work is done).
      // An event named after the folder itself is its removal or move (a new folder may reuse its
      // inode number): that watch is dead, the next look makes a new one.
      const self = basename(target);
      const watcher = watch(target, { persistent: false }, (_event, filename) => {
        this.changed = true;
        if (filename === self && this.watcher === watcher) this.stopWatching();
      });
      watcher.on('error', () => {
        if (this.watcher === watcher) this.stopWatching();
      });
      this.watcher = watcher;
      this.target = target;
      this.targetIno = ino;
      this.timer = setInterval(() => { this.changed = true; }, this.safetyMs).unref();
    } catch {
      // No watch (inotify limits, no such folder): `stale` stays true, every read looks at the file.
      this.retryAt = Date.now() + this.safetyMs;
    }
  }

  /** Stop watching (the store is closed). */
  close(): void {
    this.stopWatching();
    this.changed = true;
  }

  private stopWatching(): void {
    this.watcher?.close();
    this.watcher = undefined;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
