import type { CmsConfig } from '../config/types.js';
import { ValidationError } from '../errors.js';
import { modelForPath } from '../index/load.js';
import { readContentFile, type FileRecord } from '../index/read-file.js';
import type { Models } from '../schema/types.js';
import { describeChange, type DocumentChange } from './document-changes.js';
import type { NameOf } from './field-text.js';
import type { GitCommit, GitPort } from './git.js';

/** What reading a content file's history needs: the schemas and config it is read with, and git. */
export interface FileHistorySource {
  models: Models;
  config: CmsConfig;
  git: GitPort;
  /** Related documents' and files' names for the field changes (see `indexNames`). */
  nameOf?: NameOf;
}

/** One commit that touched a content file: who, when, why, and the fields it changed. */
export type FileVersion = Omit<GitCommit, 'email'> & { change?: DocumentChange };

/**
 * The commits that changed one content file, newest first (at most `limit`), each with the fields
 * it changed against the commit before it (read as content files, shown as text): the
 * "who changed what, when" of a document in one locale and state.
 *
 * @example
 * await fileHistory({ models, config, git }, 'content/articles/a1.json')
 * // [{ commit, author: 'Ann', date, message, change: { fields: [...] } }]
 */
export async function fileHistory(source: FileHistorySource, path: string, limit = 30): Promise<FileVersion[]> {
  // A literal pathspec: a `*` or `?` in a requested path names that file, never a pattern.
  const commits = await source.git.log([`:(literal)${path}`], limit);
  return Promise.all(commits.map(async ({ email: _email, ...commit }) => {
    const [before, after] = await Promise.all([source.git.show(`${commit.commit}^`, path), source.git.show(commit.commit, path)]);
    return { ...commit, change: describeChange(source.models, source.config, path, before, after, source.nameOf) };
  }));
}

/**
 * A content file as it was at a commit, read and checked with today's schema: what restoring
 * writes back (through the ordinary write path). A 400 when the file did not exist then or is no
 * longer readable.
 *
 * @example
 * const { documentId, locale, data } = await versionAt({ models, config, git }, 'content/articles/a1.json', '3f2c…');
 */
export async function versionAt(source: FileHistorySource, path: string, commit: string): Promise<FileRecord> {
  const model = modelForPath(source.models, path);
  if (!model) throw new ValidationError(`${path} is not a content file`, { key: 'path' });
  const resolved = /^[0-9a-f]{7,64}$/.test(commit) ? await source.git.resolveCommit(commit) : undefined;
  if (!resolved) throw new ValidationError(`Unknown commit "${commit}"`, { key: 'commit' });
  const text = await source.git.show(resolved, path);
  if (text === undefined) throw new ValidationError(`${path} did not exist at ${commit.slice(0, 7)}`, { key: 'commit' });
  try {
    return readContentFile(path, text, 0, model, source.models, source.config);
  } catch (error) {
    throw new ValidationError(`That version of ${path} cannot be read with today's schema: ${(error as Error).message}`, { key: 'commit' });
  }
}
