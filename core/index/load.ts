import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import fg from 'fast-glob';
import type { CmsConfig } from '../config/types.js';
import { FileError } from '../errors.js';
import { CONTENT_EXTENSIONS } from '../parsers/index.js';
import { UPLOAD_FILE_UID, type Model, type Models } from '../schema/types.js';
import { ContentIndex } from './content-index.js';
import { readContentFile } from './read-file.js';

/** The folder under `content/` that holds a type's files. */
export function contentFolder(model: Model): string {
  return model.uid === UPLOAD_FILE_UID ? 'upload' : model.pluralName;
}

/** Which model owns a content path such as `content/articles/x.json`. */
export function modelForPath(models: Models, file: string): Model | undefined {
  const parts = file.split('/');
  if (parts.length !== 3 || parts[0] !== 'content') return undefined;
  for (const model of models.values()) {
    if (model.modelType === 'contentType' && contentFolder(model) === parts[1]) return model;
  }
  return undefined;
}

/** Read one file from disk into the index; a malformed file is reported and left out. */
export async function indexFile(index: ContentIndex, root: string, file: string): Promise<void> {
  const model = modelForPath(index.models, file);
  if (!model) {
    index.reportProblem(new FileError(file, `no content type has the folder "${file.split('/')[1]}" (pluralName)`));
    return;
  }
  const path = join(root, file);
  try {
    const [text, info] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
    index.setRecord(readContentFile(file, text, info.mtime, model, index.models, index.config));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      forgetFile(index, file);
      return;
    }
    if (!(error instanceof FileError)) throw error;
    // The last good version of the file (if any) keeps being served; the problem is reported.
    index.reportProblem(error);
  }
}

/** A file that no longer exists: its rows and its reported problem go. */
export function forgetFile(index: ContentIndex, file: string): void {
  index.removeRecord(file);
  index.problems.delete(file);
}

/** List every content file under `<root>/content` (temp files and dot files excluded). */
export function listContentFiles(root: string): string[] {
  const patterns = CONTENT_EXTENSIONS.map((ext) => `content/*/*${ext}`);
  return fg.sync(patterns, { cwd: root, onlyFiles: true, dot: false, caseSensitiveMatch: false }).sort();
}

/**
 * Build the index of a project from its content files, reading files in parallel.
 *
 * @example
 * const index = await loadIndex('/srv/site', models, config); index.rows('api::article.article').length
 */
export async function loadIndex(root: string, models: Models, config: CmsConfig): Promise<ContentIndex> {
  const index = new ContentIndex(models, config);
  const files = listContentFiles(root);
  const BATCH = 64;
  for (let start = 0; start < files.length; start += BATCH) {
    await Promise.all(files.slice(start, start + BATCH).map((file) => indexFile(index, root, file)));
  }
  return index;
}
