import { watch, type FSWatcher } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { CONFIG_FILES } from '../config/load.js';
import { FileError } from '../errors.js';
import { isShardName } from '../index/content-path.js';
import { isContentFileName } from '../index/load.js';
import { KEPT_IDS_FILE } from '../index/kept-ids.js';
import { applyChanges, changedFiles, fileChange, folderChanges, type FileChange } from './file-changes.js';
import type { ReindexTarget } from './reindex-files.js';
import { findGitDir, gitBusy, gitQuiet, gitStamp, workTreeMoves } from './git-quiet.js';
import { watchTree, type TreeWatcher } from './watch-tree.js';

export interface WatchOptions {
  /** Quiet time before a batch of changes is applied. */
  debounceMs?: number;
  /** Told about every applied batch and every problem (`path:line:col: message`). */
  report?: (message: string) => void;
  /** Called after schemas or config reloaded successfully (`cms serve --watch-types` regenerates declarations here). */
  onReload?: () => Promise<void>;
}

export interface ProjectWatcher {
  close(): void;
  /** Resolves when the changes seen so far are applied (tests, `git pull` hooks). */
  settled(): Promise<void>;
}

/** Batches read again because the tree moved meanwhile, at most, before one is applied anyway. */
const MAX_DEFERRALS = 20;

/** Schema folders are at most `schemas/api/<api>/content-types/<name>/`: deep enough for any layout. */
const SCHEMA_DEPTH = 8;
/** The kept ids' file name in `content/`. */
const KEPT_IDS_NAME = basename(KEPT_IDS_FILE);

const reason = (error: unknown): string => (error instanceof FileError ? error.format() : (error as Error).message);

/**
 * Keep a running CMS in step with its files: an editor's save, `git pull`, or a branch switch is
 * applied by re-reading only the files that changed. File events name the file, so one change
 * costs one read however large the site; an event on a folder (or a lost name) rescans that folder
 * comparing modification times. A malformed file is reported and not served (as at start-up); a
 * schema or config change reloads the model, keeping the old one if the new one is invalid.
 *
 * @example
 * const watcher = watchProject(cms, { report: console.error }); // … watcher.close()
 */
export function watchProject(cms: ReindexTarget, options: WatchOptions = {}): ProjectWatcher {
  const debounceMs = options.debounceMs ?? 10;
  const report = options.report ?? (() => {});
  const touchedFiles = new Set<string>();
  const touchedFolders = new Set<string>();
  let rescanAll = false;
  let reloadModel = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let closed = false;
  const gitDir = findGitDir(cms.root);
  const workTreeMoved = workTreeMoves(gitDir);
  let deferrals = 0;

  const schedule = () => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => { timer = undefined; running = running.then(flushSafely); }, debounceMs);
  };

  /** Reload schemas and config; false (old model kept, reason reported) when the new one is invalid. */
  async function reload(): Promise<boolean> {
    try {
      await cms.reload();
      report('schemas or config changed: model reloaded');
      await options.onReload?.().catch((error: unknown) => report(`after reload: ${reason(error)}`));
      return true;
    } catch (error) {
      report(`kept the previous model: ${reason(error)}`);
      return false;
    }
  }

  async function flush(): Promise<void> {
    // Mid-checkout the tree is half old, half new: wait until git has finished writing it.
    if (!(await gitQuiet(gitDir))) report('warning: .git/index.lock has been there for 30 s (a crashed git?): reindexing anyway');
    if (reloadModel) {
      reloadModel = false;
      // A reload re-reads every content file; if it fails, the batch's files still apply to the old model.
      if (await reload()) { touchedFiles.clear(); touchedFolders.clear(); rescanAll = false; return; }
    }
    // A checkout's events arrive in several deliveries: compare every file rather than wait for them all.
    if (workTreeMoved()) rescanAll = true;
    if (rescanAll) {
      rescanAll = false;
      const folders = await readdir(join(cms.root, 'content')).catch(() => [] as string[]);
      for (const folder of folders) if (!folder.startsWith('.')) touchedFolders.add(folder);
    }
    const folders = [...touchedFolders];
    const files = [...touchedFiles].filter((file) => !folders.includes(file.split('/')[1]));
    touchedFolders.clear();
    touchedFiles.clear();
    // Read the whole batch first, then apply it in one synchronous step: a request sees the tree
    // before the batch or after it, never half of it.
    const index = cms.index;
    const stampBefore = gitStamp(gitDir);
    const changes: FileChange[] = [];
    for (const folder of folders) changes.push(...(await folderChanges(index, cms.root, folder)));
    for (const file of files) {
      const change = await fileChange(index, cms.root, file);
      if (change) changes.push(change);
    }
    if (index !== cms.index) { rescanAll = true; schedule(); return; } // the model was reloaded meanwhile
    // The tree moved while it was read (more events came, or git started writing): read it again
    // with what came since rather than apply a batch that may be half old, half new. Bounded, so
    // a tree that never stops changing is still applied.
    const gitMoved = gitBusy(gitDir) || gitStamp(gitDir) !== stampBefore;
    if ((timer !== undefined || gitMoved) && deferrals < MAX_DEFERRALS) {
      deferrals++;
      for (const folder of folders) touchedFolders.add(folder);
      for (const file of files) touchedFiles.add(file);
      // Git ran while the batch was read: its own events may still be on their way, so compare everything.
      if (gitMoved) rescanAll = true;
      schedule();
      return;
    }
    deferrals = 0;
    // A pull or merge brought commits: their times answer updatedAt (git.timestampsFromHistory).
    if (changes.length && index.fileTimes) await cms.refreshHistory(folders.length ? undefined : files).catch(() => undefined);
    for (const problem of applyChanges(index, changes)) report(problem.format());
    if (changes.length) await cms.landed?.(index, changedFiles(changes));
    if (changes.length) report(`reindexed ${changes.length} file(s)`);
  }

  /** A batch that fails unexpectedly (a file it may not read) is reported; the server keeps running. */
  const flushSafely = () => flush().catch((error: unknown) => report(`watch error: ${reason(error)}`));

  /**
   * `articles/x.json` or `articles/x1/x1….json` (fan-out) → that file; `articles`, or a fan-out sub-folder that came or went
   * (its files may predate its watcher) → that type's folder; nothing → everything.
   */
  const onContent = (path: string | undefined) => {
    if (!path) { rescanAll = true; schedule(); return; }
    // The ids a migration kept (a pull brought an import): every row's id may change, as on a schema change.
    if (path === KEPT_IDS_NAME) { reloadModel = true; schedule(); return; }
    const parts = path.split('/');
    if (parts[0].startsWith('.')) return;
    if (parts.length === 1) touchedFolders.add(parts[0]);
    else if (parts.length === 2 && isContentFileName(parts[1])) touchedFiles.add(`content/${parts[0]}/${parts[1]}`);
    else if (parts.length === 2 && isShardName(parts[1])) touchedFolders.add(parts[0]);
    else if (parts.length === 3 && isShardName(parts[1]) && isContentFileName(parts[2])) touchedFiles.add(`content/${path}`);
    else return;
    schedule();
  };
  const onError = (error: Error) => report(`watch error: ${error.message}`);
  const trees: TreeWatcher[] = [
    // Depth 2: a type's fan-out sub-folders (content-path.ts).
    watchTree(join(cms.root, 'content'), 2, onContent, onError),
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
