import { watch, type FSWatcher } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Cms } from '../cms.js';
import { CONFIG_FILES } from '../config/load.js';
import { FileError } from '../errors.js';
import { forgetFile, indexFile, isContentFileName, modelForPath } from '../index/load.js';
import { readContentFile, type FileRecord } from '../index/read-file.js';
import { sameData } from '../storage/serialize.js';
import { watchTree, type TreeWatcher } from './watch-tree.js';

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

/** Schema folders are at most `schemas/api/<api>/content-types/<name>/`: deep enough for any layout. */
const SCHEMA_DEPTH = 8;

/** Same identity, fields and timestamps: a file the server wrote itself, or touched without change. */
const sameRecord = (a: FileRecord, b: FileRecord): boolean =>
  a.uid === b.uid && a.documentId === b.documentId && a.locale === b.locale && a.draft === b.draft
  && a.createdAt === b.createdAt && a.updatedAt === b.updatedAt && a.publishedAt === b.publishedAt && sameData(a.data, b.data);

const reason = (error: unknown): string => (error instanceof FileError ? error.format() : (error as Error).message);

/**
 * Keep a running CMS in step with its files: an editor's save, `git pull`, or a branch switch is
 * applied by re-reading only the files that changed. File events name the file, so one change
 * costs one read however large the site; an event on a folder (or a lost name) rescans that folder
 * comparing modification times. A malformed file is reported and its last good version kept; a
 * schema or config change reloads the model, keeping the old one if the new one is invalid.
 *
 * @example
 * const watcher = watchProject(cms, { report: console.error }); // … watcher.close()
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
  let closed = false;

  const schedule = () => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => { timer = undefined; running = running.then(flushSafely); }, debounceMs);
  };

  /** Read one changed file into the index, or report it and keep its last good version. */
  async function readChanged(file: string, mtimeMs: number, known: FileRecord | undefined, broken: boolean): Promise<boolean> {
    const model = modelForPath(cms.models, file);
    if (!model) {
      await indexFile(cms.index, cms.root, file); // reports the folder no type owns
      report(cms.index.problems.get(file)?.format() ?? `${file}: unreadable`);
      return true;
    }
    let record: FileRecord;
    try {
      const text = await readFile(join(cms.root, file), 'utf8');
      record = readContentFile(file, text, mtimeMs, model, cms.models, cms.config);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') { forgetFile(cms.index, file); return known !== undefined || broken; }
      // Unreadable (EACCES, a folder…) or malformed: reported, and the last good version kept.
      const problem = error instanceof FileError ? error : new FileError(file, `cannot read: ${(error as Error).message}`);
      cms.index.reportProblem(problem);
      report(problem.format());
      return true;
    }
    // The server's own writes are already indexed: the same fields are not applied twice.
    if (known && !broken && sameRecord(known, record)) return false;
    cms.index.setRecord(record);
    return true;
  }

  /** Apply one file: read it if new or changed, drop it if gone. Returns whether anything changed. */
  async function syncFile(file: string): Promise<boolean> {
    const info = await stat(join(cms.root, file)).catch(() => undefined);
    const known = cms.index.record(file);
    const broken = cms.index.problems.has(file);
    if (!info?.isFile()) {
      forgetFile(cms.index, file);
      return known !== undefined || broken;
    }
    if (known && !broken && known.mtimeMs === info.mtimeMs) return false;
    return readChanged(file, info.mtimeMs, known, broken);
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

  /** Reload schemas and config; false (old model kept, reason reported) when the new one is invalid. */
  async function reload(): Promise<boolean> {
    try {
      await cms.reload();
      report('schemas or config changed: model reloaded');
      return true;
    } catch (error) {
      report(`kept the previous model: ${reason(error)}`);
      return false;
    }
  }

  async function flush(): Promise<void> {
    if (reloadModel) {
      reloadModel = false;
      // A reload re-reads every content file; if it fails, the batch's files still apply to the old model.
      if (await reload()) { touchedFiles.clear(); touchedFolders.clear(); rescanAll = false; return; }
    }
    if (rescanAll) {
      rescanAll = false;
      const folders = await readdir(join(cms.root, 'content')).catch(() => [] as string[]);
      for (const folder of folders) if (!folder.startsWith('.')) touchedFolders.add(folder);
    }
    const folders = [...touchedFolders];
    const files = [...touchedFiles].filter((file) => !folders.includes(file.split('/')[1]));
    touchedFolders.clear();
    touchedFiles.clear();
    let changed = 0;
    for (const folder of folders) changed += await syncFolder(folder);
    for (const file of files) if (await syncFile(file)) changed++;
    if (changed) report(`reindexed ${changed} file(s)`);
  }

  /** A batch that fails unexpectedly (a file it may not read) is reported; the server keeps running. */
  const flushSafely = () => flush().catch((error: unknown) => report(`watch error: ${reason(error)}`));

  /** `articles/x.json` → that file; `articles` → that folder; nothing → everything. */
  const onContent = (path: string | undefined) => {
    if (!path) { rescanAll = true; schedule(); return; }
    const parts = path.split('/');
    if (parts[0].startsWith('.')) return;
    if (parts.length === 1) touchedFolders.add(parts[0]);
    else if (parts.length === 2 && isContentFileName(parts[1])) touchedFiles.add(`content/${parts[0]}/${parts[1]}`);
    else return;
    schedule();
  };
  const onError = (error: Error) => report(`watch error: ${error.message}`);
  const trees: TreeWatcher[] = [
    watchTree(join(cms.root, 'content'), 1, onContent, onError),
    watchTree(join(cms.root, 'schemas'), SCHEMA_DEPTH, () => { reloadModel = true; schedule(); }, onError),
  ];
  const [contentTree, schemaTree] = trees;
  // The root: the config, and `content/` or `schemas/` appearing (a new project's first write).
  const configWatcher: FSWatcher = watch(cms.root, (_event, filename) => {
    const name = filename ? basename(filename.toString()) : '';
    if (CONFIG_FILES.includes(name) || name === 'schemas') { schemaTree.refresh(); reloadModel = true; schedule(); }
    if (name === 'content') { contentTree.refresh(); rescanAll = true; schedule(); }
  });
  configWatcher.on('error', onError);

  return {
    close() {
      closed = true;
      clearTimeout(timer);
      for (const tree of trees) tree.close();
      configWatcher.close();
    },
    async settled() {
      // Events still on their way, then any batch waiting for its quiet time, then the batch under way.
      do {
        await new Promise((resolveWait) => setTimeout(resolveWait, debounceMs * 2));
        await running;
      } while (timer !== undefined);
    },
  };
}
