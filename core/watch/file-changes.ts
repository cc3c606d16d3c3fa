import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { FileError } from '../errors.js';
import type { ContentIndex } from '../index/content-index.js';
import { isShardName } from '../index/content-path.js';
import { asFileError, forgetFile, isContentFileName, modelForPath, pathProblem } from '../index/load.js';
import { readContentFile, type FileRecord } from '../index/read-file.js';
import { LinkError, readTextNoFollow } from '../storage/no-follow.js';
import { sameData } from '../storage/serialize.js';

/**
 * One change to the index, decided from the disk but not yet applied. The watcher reads a whole
 * batch first and applies it in one synchronous step, so no request ever sees half a checkout.
 */
export type FileChange =
  | { kind: 'set'; record: FileRecord }
  | { kind: 'forget'; file: string }
  /** Not served, reported (a malformed file, a link). `quiet`: already reported, not said again. */
  | { kind: 'problem'; problem: FileError; quiet: boolean };

/** The project-relative files `changes` are about. */
export const changedFiles = (changes: readonly FileChange[]): string[] => changes
  .map((change) => (change.kind === 'set' ? change.record.file : change.kind === 'forget' ? change.file : change.problem.file));

/** Same identity, fields and timestamps: a file the server wrote itself, or touched without change. */
const sameRecord = (a: FileRecord, b: FileRecord): boolean =>
  a.uid === b.uid && a.documentId === b.documentId && a.locale === b.locale && a.draft === b.draft
  && a.createdAt === b.createdAt && a.updatedAt === b.updatedAt && a.publishedAt === b.publishedAt && sameData(a.data, b.data);

const linkProblem = (index: ContentIndex, path: string): FileChange =>
  ({ kind: 'problem', problem: new LinkError(path), quiet: index.problems.get(path) instanceof LinkError });

/** Read one changed file: its new record, or the problem that keeps it from being served. */
async function readChanged(index: ContentIndex, root: string, file: string, mtimeMs: number): Promise<FileChange | undefined> {
  const model = modelForPath(index.models, file);
  if (!model) return { kind: 'problem', problem: pathProblem(index.models, file), quiet: false };
  try {
    const text = await readTextNoFollow(join(root, file), file);
    const record = readContentFile(file, text, mtimeMs, model, index.models, index.config);
    const known = index.record(file);
    // The server's own writes are already indexed: the same fields are not applied twice.
    if (known && !index.problems.has(file) && sameRecord(known, record)) return undefined;
    return { kind: 'set', record };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'forget', file };
    // Unreadable (EACCES, a folder…) or malformed: reported and not served, exactly as a fresh
    // server treats it, so replicas that started before and after the change agree.
    return { kind: 'problem', problem: asFileError(file, error), quiet: false };
  }
}

/**
 * What one file's state on disk means for the index (nothing when it is as indexed). A file whose
 * mtime is the indexed one is taken as unchanged, unless that mtime is less than `racyMs` old: time
 * stamps are coarse (a tick of a few ms, whole seconds on some file systems), so a rewrite of the same
 * size within one tick keeps them, and such a file is read and its content compared (Git's "racily
 * clean" rule).
 */
export async function fileChange(index: ContentIndex, root: string, file: string, racyMs = 0): Promise<FileChange | undefined> {
  const info = await lstat(join(root, file)).catch(() => undefined);
  const known = index.record(file);
  const listed = known !== undefined || index.problems.has(file);
  if (info?.isSymbolicLink()) return linkProblem(index, file);
  const folder = await lstat(join(root, file, '..')).catch(() => undefined);
  if (!info?.isFile() || !folder?.isDirectory()) return listed ? { kind: 'forget', file } : undefined;
  const racy = Date.now() - info.mtimeMs < racyMs;
  if (known && !index.problems.has(file) && known.mtimeMs === info.mtimeMs && !racy) return undefined;
  return readChanged(index, root, file, info.mtimeMs);
}

/** The content files of a type's folder on disk, with those of its fan-out sub-folders (content-path.ts). */
async function folderFiles(root: string, path: string, shard = false): Promise<string[]> {
  const entries = await readdir(join(root, path), { withFileTypes: true }).catch(() => []);
  const files = entries.filter((entry) => isContentFileName(entry.name)).map((entry) => `${path}/${entry.name}`);
  if (shard) return files;
  const shards = entries.filter((entry) => entry.isDirectory() && isShardName(entry.name));
  for (const sub of await Promise.all(shards.map((entry) => folderFiles(root, `${path}/${entry.name}`, true)))) files.push(...sub);
  return files;
}

/** One content folder compared with the index: new and changed files read, gone ones dropped. */
export async function folderChanges(index: ContentIndex, root: string, folder: string, racyMs = 0): Promise<FileChange[]> {
  const path = `content/${folder}`;
  const listed = [...index.files(`${path}/`), ...index.problemFiles(`${path}/`)];
  const info = await lstat(join(root, path)).catch(() => undefined);
  if (info?.isSymbolicLink()) return [...listed.map((file): FileChange => ({ kind: 'forget', file })), linkProblem(index, path)];
  const changes: FileChange[] = [];
  if (index.problems.get(path) instanceof LinkError) changes.push({ kind: 'forget', file: path });
  const onDisk = await folderFiles(root, path);
  for (const file of new Set([...listed, ...onDisk])) {
    const change = await fileChange(index, root, file, racyMs);
    if (change) changes.push(change);
  }
  return changes;
}

/**
 * Apply a batch to the index in one synchronous step; returns the problems to report.
 *
 * @example
 * const problems = applyChanges(index, await folderChanges(index, root, 'articles'));
 */
export function applyChanges(index: ContentIndex, changes: FileChange[]): FileError[] {
  const reported: FileError[] = [];
  for (const change of changes) {
    if (change.kind === 'set') index.setRecord(change.record);
    else if (change.kind === 'forget') forgetFile(index, change.file);
    else {
      index.removeRecord(change.problem.file);
      index.reportProblem(change.problem);
      if (!change.quiet) reported.push(change.problem);
    }
  }
  return reported;
}
