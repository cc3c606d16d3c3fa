import { watch, type FSWatcher } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Cms } from '../cms.js';
import { CONFIG_FILES } from '../config/load.js';
import { CmsError } from '../errors.js';
import { forgetFile, indexFile, isContentFileName } from '../index/load.js';

export interface WatchOptions {
  /** Quiet time before a batch of changes is applied. */
  debounceMs?: number;
  /** Told about every applied batch and every problem (`path:line:col: message`). */
  report?: (message: string) => void;
}

export interface ProjectWatcher {
  close(): void;
  /** Resolves when the changes seen so far are applied (tests, `git pull` hooks). */
  settled(): Promise<void>;
}

/**
 * Keep a running CMS in step with its files: an editor's save, `git pull`, or a branch switch is
 * applied by re-reading only the files that changed. File events name the file, so one change
 * costs one read however large the site; an event on a folder (or a lost name) rescans that folder
 * comparing modification times. A malformed file is reported and its last good version kept; a
 * schema or config change reloads the model, keeping the old one if the new one is invalid.
 */
export function watchProject(cms: Cms, options: WatchOptions = {}): ProjectWatcher {
  const debounceMs = options.debounceMs ?? 10;
  const report = options.report ?? (() => {});
  const touchedFiles = new Set<string>();
  const touchedFolders = new Set<string>();
  let rescanAll = false;
  let reloadModel = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const watchers: FSWatcher[] = [];

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => { running = running.then(flush, flush); }, debounceMs);
  };

  /** Apply one file: read it if new or changed, drop it if gone. Returns whether anything changed. */
  async function syncFile(file: string): Promise<boolean> {
    const info = await stat(join(cms.root, file)).catch(() => undefined);
    if (!info?.isFile()) {
      const known = cms.index.record(file) !== undefined || cms.index.problems.has(file);
      forgetFile(cms.index, file);
      return known;
    }
    const known = cms.index.record(file);
    // The server's own writes are indexed as they are written: same mtime, nothing to read back.
    if (known && known.mtimeMs === info.mtimeMs && !cms.index.problems.has(file)) return false;
    const before = cms.index.problems.get(file);
    await indexFile(cms.index, cms.root, file);
    const problem = cms.index.problems.get(file);
    if (problem && problem !== before) report(problem.format());
    return true;
  }

  /** Compare one content folder with the index: new and changed files are read, gone ones dropped. */
  async function syncFolder(folder: string): Promise<number> {
    const names = await readdir(join(cms.root, 'content', folder)).catch(() => [] as string[]);
    const onDisk = new Set(names.filter(isContentFileName).map((name) => `content/${folder}/${name}`));
    const known = [...cms.index.files(`content/${folder}/`), ...cms.index.problemFiles(`content/${folder}/`)];
    let changed = 0;
    for (const file of new Set([...known, ...onDisk])) if (await syncFile(file)) changed++;
    return changed;
  }

  async function flush(): Promise<void> {
    if (reloadModel) {
      reloadModel = false;
      touchedFiles.clear();
      touchedFolders.clear();
      rescanAll = false;
      try {
        await cms.reload();
        report('schemas or config changed: model reloaded');
      } catch (error) {
        report(`kept the previous model: ${error instanceof CmsError ? error.message : (error as Error).message}`);
      }
      return;
    }
    let changed = 0;
    if (rescanAll) {
      rescanAll = false;
      const folders = await readdir(join(cms.root, 'content')).catch(() => [] as string[]);
      for (const folder of folders) if (!folder.startsWith('.')) touchedFolders.add(folder);
    }
    const folders = [...touchedFolders];
    const files = [...touchedFiles].filter((file) => !folders.includes(file.split('/')[1]));
    touchedFolders.clear();
    touchedFiles.clear();
    for (const folder of folders) changed += await syncFolder(folder);
    for (const file of files) if (await syncFile(file)) changed++;
    if (changed) report(`reindexed ${changed} file(s)`);
  }

  watchers.push(watch(join(cms.root, 'content'), { recursive: true }, (_event, filename) => {
    if (!filename) { rescanAll = true; schedule(); return; }
    const parts = filename.toString().split(/[\\/]/);
    if (!parts[0] || parts[0].startsWith('.')) return;
    if (parts.length === 1) touchedFolders.add(parts[0]);
    else if (parts.length === 2 && isContentFileName(parts[1])) touchedFiles.add(`content/${parts[0]}/${parts[1]}`);
    else return;
    schedule();
  }));
  watchers.push(watch(join(cms.root, 'schemas'), { recursive: true }, () => { reloadModel = true; schedule(); }));
  watchers.push(watch(cms.root, (_event, filename) => {
    if (filename && CONFIG_FILES.includes(basename(filename.toString()))) { reloadModel = true; schedule(); }
  }));
  for (const watcher of watchers) watcher.on('error', (error) => report(`watch error: ${error.message}`));

  return {
    close() {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
    async settled() {
      await new Promise((resolveWait) => setTimeout(resolveWait, debounceMs * 2));
      await running;
    },
  };
}
