import { watch, type FSWatcher } from 'node:fs';
import { basename } from 'node:path';

/** The most folders one watch follows (a folder per branch-name prefix: `refs/heads/`, `refs/heads/team/`, …). */
const MAX_FOLDERS = 256;

/**
 * Says when ref files may have changed, so a branch read between two changes looks at no file (branch-tip-file.ts).
 *
 * An inotify watch (`fs.watch`) on each folder holding a ref asked for bumps `generation` on any event there: git moves a
 * ref by renaming `<ref>.lock` over it, deletes it (pack-refs, branch -D) or, by hand, rewrites it, each an event in its
 * folder. The event is queued in the kernel while the other process (a commit, a push) is still at work, so before its
 * client can send the next request; the event loop's poll phase runs the watch's callback with or before the reads of
 * that request's socket, and the kept branch reads answer after the poll phase (kept-answers.ts): such a request sees the
 * new generation. A text read at a generation holds while the generation stays.
 *
 * A folder that cannot be watched (inotify limits, no such folder) is never trusted (`arm` answers undefined: read the
 * file), a folder removed ends its watch (made again on the next `arm`), and a tick every `safetyMs` bumps the generation,
 * bounding what a file system that does not report changes could hide.
 *
 * @example
 * const refs = new RefFolderWatch(); const at = refs.arm('/site/.git/refs/heads'); // read the ref; kept while refs.generation === at
 */
export class RefFolderWatch {
  /** Bumped by every event in a watched folder, and every `safetyMs`. */
  generation = 0;
  private readonly watchers = new Map<string, FSWatcher>();
  private timer: NodeJS.Timeout | undefined;
  /** When a watch could last not be made: not tried again on every read (a failing call costs more than a stat). */
  private failedAt = -Infinity;

  constructor(private readonly safetyMs = 1000) {}

  /**
   * Call right before reading a file of `folder`: the generation its text holds at, or undefined when the folder is not
   * watched (the text holds for this read only). Every change after this call bumps the generation.
   */
  arm(folder: string): number | undefined {
    if (!this.watchers.has(folder) && !this.add(folder)) return undefined;
    return this.generation;
  }

  private add(folder: string): boolean {
    if (this.watchers.size >= MAX_FOLDERS || Date.now() - this.failedAt < this.safetyMs) return false;
    try {
      // Not persistent: a watch never keeps a process alive. An event named after the folder itself is its removal or move.
      const self = basename(folder);
      const watcher = watch(folder, { persistent: false }, (_event, filename) => {
        this.generation++;
        if (filename === self) this.drop(folder, watcher);
      });
      watcher.on('error', () => {
        this.generation++;
        this.drop(folder, watcher);
      });
      this.watchers.set(folder, watcher);
      this.timer ??= setInterval(() => { this.generation++; }, this.safetyMs).unref();
      return true;
    } catch {
      this.failedAt = Date.now();
      return false;
    }
  }

  private drop(folder: string, watcher: FSWatcher): void {
    watcher.close();
    if (this.watchers.get(folder) === watcher) this.watchers.delete(folder);
  }
}
