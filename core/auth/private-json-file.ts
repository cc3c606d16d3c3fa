import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { SyncAdapter } from 'lowdb';
import { ensureCmsFolder } from '../storage/cms-folder.js';

/**
 * lowdb's sync JSON adapter, for a file that holds secrets: the folder is created `0700`, the file
 * written `0600`, always to a temp file in the same folder, fsynced, then renamed over the target
 * (never in place). A unique temp name keeps two processes (`cms serve` and `cms token`) apart.
 * `written`, when given, is handed the descriptor of the file just renamed into place (its to close, whether it returns
 * or throws). Once the rename is done the write has succeeded: nothing after it (`written` failing, a close failing)
 * makes it throw, or a caller would take a change that is on disk for one that is not.
 *
 * @example
 * const db = new LowSync(new PrivateJsonFile<State>('/site/.cms/state.json'), emptyState());
 */
export class PrivateJsonFile<T> implements SyncAdapter<T> {
  constructor(readonly path: string, private readonly written?: (fd: number) => void) {}

  read(): T | null {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return JSON.parse(text) as T;
  }

  write(data: T): void {
    const folder = dirname(this.path);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    ensureCmsFolder(this.path);
    const temp = join(folder, `.${basename(this.path)}.${randomBytes(6).toString('hex')}.tmp`);
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeSync(fd, `${JSON.stringify(data, null, 2)}\n`);
      fsyncSync(fd);
      renameSync(temp, this.path);
    } catch (error) {
      closeSync(fd);
      rmSync(temp, { force: true });
      throw error;
    }
    try {
      if (this.written) this.written(fd);
      else closeSync(fd);
    } catch {
      // On disk already. A holder that could not take the file (HeldFile.adopt) reads it again on its next look.
    }
  }
}
