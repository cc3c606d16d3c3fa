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
  return (await fileHistories(source, [path], limit))[0].versions;
}

/**
 * The same for several files (a document's locales and states). Git runs one `git log` per file, one
 * after the other, and one `git cat-file --batch` for every version's text: a request costs
 * `paths.length + 1` git processes, however many versions it tells.
 *
 * @example
 * await fileHistories(source, ['content/articles/a1.json', 'content/articles/a1.fr.json'])
 * // [{ path: 'content/articles/a1.json', versions: [...] }, { path: 'content/articles/a1.fr.json', versions: [...] }]
 */
export async function fileHistories(
  source: FileHistorySource, paths: readonly string[], limit = 30,
): Promise<Array<{ path: string; versions: FileVersion[] }>> {
  const logs: GitCommit[][] = [];
  // A literal pathspec: a `*` or `?` in a requested path names that file, never a pattern.
  for (const path of paths) logs.push(await source.git.log([`:(literal)${path}`], limit));
  const versions = paths.flatMap((path, at) => logs[at].flatMap(({ commit }) => [{ commit: `${commit}^`, path }, { commit, path }]));
  const texts = await source.git.showMany(versions);
  return paths.map((path, at) => ({
    path,
    versions: logs[at].map(({ email: _email, ...commit }) => {
      const [before, after] = [texts.get(`${commit.commit}^:${path}`), texts.get(`${commit.commit}:${path}`)];
      return { ...commit, change: describeChange(source.models, source.config, path, before, after, source.nameOf) };
    }),
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
