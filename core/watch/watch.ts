import { watch, type FSWatcher } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Cms } from '../cms.js';
import { CONFIG_FILES } from '../config/load.js';
import { CmsError } from '../errors.js';
import { forgetFile, indexFile } from '../index/load.js';
import { getParser } from '../parsers/index.js';

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

const isContentFile = (name: string) => !name.startsWith('.') && !name.endsWith('.tmp') && getParser(name) !== undefined;

/**
 * Keep a running CMS in step with its files: an editor's save, `git pull`, or a branch switch is
 * applied by re-reading only the files that changed. A malformed file is reported and its last
 * good version kept; a schema or config change reloads the model, keeping the old one if invalid.
 */
export function watchProject(cms: Cms, options: WatchOptions = {}): ProjectWatcher {
  const debounceMs = options.debounceMs ?? 15;
  const report = options.report ?? (() => {});
  const touchedFolders = new Set<string>();
  let reloadModel = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const watchers: FSWatcher[] = [];

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => { running = running.then(flush, flush); }, debounceMs);
  };

  /** Compare one content folder with the index: new and changed files are read, gone ones dropped. */
  async function syncFolder(folder: string): Promise<number> {
    const dir = join(cms.root, 'content', folder);
    const names = await readdir(dir).catch(() => [] as string[]);
    const onDisk = new Set(names.filter(isContentFile).map((name) => `content/${folder}/${name}`));
    let changed = 0;
    for (const file of cms.index.files(`content/${folder}/`)) {
      if (!onDisk.has(file)) { forgetFile(cms.index, file); changed++; }
    }
    for (const file of cms.index.problemFiles(`content/${folder}/`)) if (!onDisk.has(file)) cms.index.problems.delete(file);
    for (const file of onDisk) {
      const info = await stat(join(cms.root, file)).catch(() => undefined);
      if (!info) continue;
      const known = cms.index.record(file);
      if (known && known.mtimeMs === info.mtimeMs && !cms.index.problems.has(file)) continue;
      const before = cms.index.problems.get(file);
      await indexFile(cms.index, cms.root, file);
      const problem = cms.index.problems.get(file);
      if (problem && problem !== before) report(problem.format());
      changed++;
    }
    return changed;
  }

  async function flush(): Promise<void> {
    if (reloadModel) {
      reloadModel = false;
      touchedFolders.clear();
      try {
        await cms.reload();
        report('schemas or config changed: model reloaded');
      } catch (error) {
        report(`kept the previous model: ${error instanceof CmsError ? error.message : (error as Error).message}`);
      }
      return;
    }
    const folders = [...touchedFolders];
    touchedFolders.clear();
    let changed = 0;
    for (const folder of folders) changed += await syncFolder(folder);
    if (changed) report(`reindexed ${changed} file(s)`);
  }

  const contentDir = join(cms.root, 'content');
  watchers.push(watch(contentDir, { recursive: true }, (_event, filename) => {
    if (!filename) return;
    const [folder] = filename.toString().split(/[\\/]/);
    if (!folder || folder.startsWith('.')) return;
    touchedFolders.add(folder);
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
