import { CONFIG_FILES } from '../config/load.js';
import type { ContentIndex } from '../index/content-index.js';
import { parseContentPath } from '../index/content-path.js';
import { KEPT_IDS_FILE } from '../index/kept-ids.js';
import { applyChanges, changedFiles, fileChange, type FileChange } from './file-changes.js';

/** The part of a running CMS that a reindex needs: its files, its index and the two ways to refresh them. */
export interface ReindexTarget {
  readonly root: string;
  readonly index: ContentIndex;
  reload(): Promise<void>;
  refreshHistory(files?: string[]): Promise<void>;
  /**
   * Files changed by another writer were applied to `index`: a reload under way reads them into the index it installs,
   * and an index a reload replaced meanwhile hands them to the serving one (core/service/reload-gate.ts).
   */
  landed?(index: ContentIndex, files: readonly string[]): Promise<void> | undefined;
}

/**
 * Bring the index up to files a pull or rebase changed (project-relative paths, as `git diff
 * --name-only --relative` lists them), without waiting for the watcher: a schema or config change
 * reloads the model, content files are read and applied in one step, with their new history times.
 *
 * @example
 * await reindexFiles(cms, ['content/articles/x.json'], console.error);
 */
export async function reindexFiles(cms: ReindexTarget, files: string[], report: (message: string) => void): Promise<void> {
  // The ids a migration kept (a pull or merge brought an import) may change every row's id, as a schema change may.
  if (files.some((file) => file.startsWith('schemas/') || CONFIG_FILES.includes(file) || file === KEPT_IDS_FILE)) {
    await cms.reload();
    return;
  }
  const index = cms.index;
  const changes: FileChange[] = [];
  // `content/<type>/<file>`, or `content/<type>/<xx>/<file>` in the fan-out layout.
  const contentFiles = files.filter((path) => parseContentPath(path) !== undefined);
  for (const file of contentFiles) {
    const change = await fileChange(index, cms.root, file);
    if (change) changes.push(change);
  }
  if (index.fileTimes) await cms.refreshHistory(contentFiles);
  for (const problem of applyChanges(index, changes)) report(problem.format());
  await cms.landed?.(index, changedFiles(changes));
}
