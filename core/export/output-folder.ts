import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, normalize, sep } from 'node:path';
import { FileError } from '../errors.js';

const readIfExists = (path: string): string | undefined => {
  try { return readFileSync(path, 'utf8'); } catch { return undefined; }
};

/**
 * The export's output folder: files written atomically and only when their text changed (a CDN
 * sync then uploads only what changed), the URL → file routes, and the removal of files an
 * earlier export wrote that this one did not. File calls are synchronous on purpose: thousands
 * of small files, one after another, spend most of their time waiting for the thread pool.
 * Nothing below the output folder may be a link: a committed `out/api` link would send the export
 * (and the removal of stale files) into another folder, so one is refused, named, before any write.
 */
export class OutputFolder {
  readonly routes: Record<string, string> = {};
  private readonly written = new Set<string>();
  private readonly folders = new Set<string>();
  /** Relative paths already seen not to be links. */
  private readonly checked = new Set<string>();
  files = 0;

  constructor(private readonly out: string) {}

  /** A route's JSON body at `file` (relative, `/`-separated). */
  write(file: string, url: string, body: unknown): void {
    this.routes[url] = file;
    this.writeText(file, `${JSON.stringify(body)}\n`);
  }

  writeText(file: string, text: string): void {
    this.refuseLinks(normalize(file));
    const path = join(this.out, file);
    this.written.add(normalize(file));
    this.files++;
    if (readIfExists(path) !== text) this.replace(path, text);
  }

  /** Temp file + rename, so a host serving the folder never sees half a file (no fsync: an export is rebuilt at will). */
  private replace(path: string, text: string): void {
    const folder = dirname(path);
    if (!this.folders.has(folder)) { mkdirSync(folder, { recursive: true }); this.folders.add(folder); }
    const temp = join(folder, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      writeFileSync(temp, text);
      renameSync(temp, path);
    } catch (error) {
      rmSync(temp, { force: true });
      throw error;
    }
  }

  /** Remove files of an earlier export not written this time, and the folders they leave empty. */
  removeStale(previousFiles: string[]): void {
    for (const file of previousFiles) {
      const relative = normalize(file);
      // Only ever inside the output folder, whatever an old manifest says.
      if (this.written.has(relative) || relative.startsWith('..') || isAbsolute(relative)) continue;
      this.refuseLinks(relative);
      rmSync(join(this.out, relative), { force: true });
      this.pruneEmpty(dirname(relative));
    }
  }

  /** Throw when `relative` or a folder on the way to it (below the output folder) is a symbolic link. */
  private refuseLinks(relative: string): void {
    const parts = relative.split(sep);
    for (let depth = 1; depth <= parts.length; depth++) {
      const partial = parts.slice(0, depth).join(sep);
      if (this.checked.has(partial)) continue;
      let link = false;
      try { link = lstatSync(join(this.out, partial)).isSymbolicLink(); } catch { return; } // absent: nothing below it exists either
      const why = 'is a link; cms export writes only real files and folders below its output folder (remove the link)';
      if (link) throw new FileError(join(this.out, partial), why);
      this.checked.add(partial);
    }
  }

  private pruneEmpty(folder: string): void {
    for (let current = folder; current !== '.' && current !== ''; current = dirname(current)) {
      try { rmdirSync(join(this.out, current)); } catch { return; } // not empty (or gone): stop
    }
  }
}
