import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CmsConfig } from '../config/types.js';
import { FileError } from '../errors.js';
import { getParser } from '../parsers/index.js';
import { LinkError, readTextNoFollowSync } from '../storage/no-follow.js';
import { UPLOAD_FILE_UID, type Model, type Models } from '../schema/types.js';
import { storesContentFiles } from '../schema/user-model.js';
import { ContentIndex } from './content-index.js';
import { CONTENT, contentFolder, isShardName, parseContentPath } from './content-path.js';
import { loadKeptIds } from './kept-ids.js';
import { LoadPhases, type LoadPhase } from './load-phases.js';
import type { LoadedFiles } from './pending-types.js';
import { readContentFile, type FileRecord } from './read-file.js';
import type { ContentListing, FolderStamps } from './snapshot/folder-listing.js';
import type { GitAnswers } from './snapshot/git-changes.js';
import { SnapshotLoader, type LoadStats } from './snapshot/snapshot-loader.js';
import { StringPool } from './string-pool.js';
import { TextRecord } from './text-record.js';
import { TextColumns } from './text-columns.js';
import { TextSlab, type KeptText } from './text-slab.js';
import { scratchFolder } from '../media/scratch.js';

export { contentFolder };

/**
 * Which model owns a content path such as `content/articles/x.json` (or `content/articles/x1/x1abc.json`, fan-out).
 * The users-permissions user and role own no path (their rows come from the auth state), so nobody who can commit
 * content can add a user.
 */
export function modelForPath(models: Models, file: string): Model | undefined {
  const path = parseContentPath(file);
  if (!path) return undefined;
  for (const model of models.values()) {
    if (model.modelType === 'contentType' && storesContentFiles(model) && contentFolder(model) === path.folder) {
      // The media library's entries stay flat (core/media).
      return path.layout === 'fan-out' && model.uid === UPLOAD_FILE_UID ? undefined : model;
    }
  }
  return undefined;
}

/** Why no model owns a content path: no type has its folder, or it sits in a sub-folder its id does not start with. */
export function pathProblem(models: Models, file: string): FileError {
  const folder = file.split('/')[1];
  if (!modelForPath(models, `content/${folder}/x.json`)) {
    return new FileError(file, `no content type has the folder "${folder}" (pluralName)`);
  }
  return misplacedFile(file, folder);
}

/** A file of a type's folder in a sub-folder its documentId does not start with (or deeper). */
export const misplacedFile = (file: string, folder: string): FileError => new FileError(file,
  `a content file sits in content/${folder}/ or in content/${folder}/<xx>/, xx its documentId's first two characters (the fan-out layout)`);

/** Content file names the loader and the watcher consider (no dot files, no temp files). */
export const isContentFileName = (name: string): boolean => !name.startsWith('.') && !name.endsWith('.tmp')
  && getParser(name) !== undefined;

/**
 * Parse and check one file's text. Files are read synchronously on purpose: for many small files,
 * sync reads are several times faster than the thread pool, and indexing is dominated by them.
 */
function parseRecord(
  index: ContentIndex, file: string, model: Model, text: string, mtimeMs: () => number,
  pool?: StringPool, slab?: TextSlab, keep = (record: FileRecord, kept: string): FileRecord => new TextRecord(record, kept, slab!),
): FileRecord {
  // A JSON file read at load keeps its text, its fields parsed again on first read (see `TextRecord`).
  const keepText = slab !== undefined && file.endsWith('.json');
  // A kept text's fields are parsed again when read: checked here, not trimmed of the system fields.
  const record = readContentFile(file, text, 0, model, index.models, index.config, keepText ? undefined : pool, !keepText);
  // The modification time is only needed when the file lacks timestamps (they fall back to it);
  // otherwise 0 means "not known", and the watcher simply re-reads the file on its next event.
  if (record.createdAt === undefined || record.updatedAt === undefined) record.mtimeMs = mtimeMs();
  return keepText ? keep(record, text) : record;
}

/** Whatever stops one file from being read (EACCES, a folder where a file belongs…) is that file's problem, never the server's. */
export function asFileError(file: string, error: unknown): FileError {
  return error instanceof FileError ? error : new FileError(file, `cannot read: ${(error as Error).message}`);
}

/** A file that no longer exists: its rows and its reported problem go. */
export function forgetFile(index: ContentIndex, file: string): void {
  index.removeRecord(file);
  index.problems.delete(file);
}

/**
 * Every content file under `<root>/content`, as project-relative paths, sorted; and the symbolic
 * links found where folders or content files belong, which are never followed.
 */
export function listContentFiles(root: string, stamps?: FolderStamps): ContentListing {
  const files: string[] = [];
  const links: string[] = [];
  stamps?.before(root, '');
  for (const folder of readdirSync(join(root, 'content'), { withFileTypes: true })) {
    if (folder.name.startsWith('.')) continue;
    if (folder.isSymbolicLink()) { links.push(`content/${folder.name}`); continue; }
    if (!folder.isDirectory()) continue;
    listFolder(root, folder.name, files, links, stamps);
  }
  return { files: files.sort(), links: links.sort() };
}

/** One type folder's files, and those of its fan-out sub-folders (`content/<type>/<xx>/`, see content-path.ts). */
function listFolder(root: string, folder: string, files: string[], links: string[], stamps?: FolderStamps, shard = false): void {
  stamps?.before(root, folder);
  for (const entry of readdirSync(join(root, 'content', folder), { withFileTypes: true })) {
    if (!shard && entry.isDirectory() && isShardName(entry.name)) {
      listFolder(root, `${folder}/${entry.name}`, files, links, stamps, true);
      continue;
    }
    if (!isContentFileName(entry.name)) continue;
    if (entry.isSymbolicLink()) links.push(`content/${folder}/${entry.name}`);
    else files.push(`content/${folder}/${entry.name}`);
  }
}

/** How an index's load went, and when the snapshot it wrote (if any) is on disk. */
export interface LoadReport {
  stats: LoadStats;
  /**
   * CPU and wall time of each stage: `snapshot` (decoding it), `listing`, `git` (waiting for its view), `files`
   * (each record, and Git's file times when asked), `rows`.
   */
  phases: Record<string, LoadPhase>;
  snapshotWritten: Promise<void>;
}

const loadReports = new WeakMap<ContentIndex, LoadReport>();

/** The load report of an index built by `loadIndex` (tests and benchmarks read it). */
export const loadReport = (index: ContentIndex): LoadReport | undefined => loadReports.get(index);

/**
 * Build the index of a project from its content files: every file read and checked once (or, on a restart, taken
 * from the snapshot on Git's word), then the rows of each type built in one pass, at load or, for a type that can
 * report nothing more, on its first use (`PendingTypes`).
 *
 * @example
 * const index = await loadIndex('/srv/site', models, config); index.rows('api::article.article').length
 * // `fileTimes`: when each file last changed, from Git (`git.timestampsFromHistory`)
 * // `snapshot`: start from `.cms/index-snapshot` and keep it current (see snapshot/snapshot-loader.ts)
 * // `only`: read these types' files alone (a stream's populate reads its related types, never the streamed one)
 * // `git`: the start's `askGit`, when another reader (file times) shares its answers
 */
export async function loadIndex(
  root: string, models: Models, config: CmsConfig, fileTimes?: Promise<Map<string, string>>,
  options: { snapshot?: boolean; only?: ReadonlySet<string>; git?: GitAnswers } = {},
): Promise<ContentIndex> {
  const clock = new LoadPhases();
  const index = new ContentIndex(models, config);
  // The ids a migration kept, before any row is built.
  const keptIdsProblem = loadKeptIds(root, models);
  if (keptIdsProblem) index.reportProblem(keptIdsProblem);
  // A snapshot record whose text turns out damaged is read from its file instead.
  const reread = (file: string) => {
    const path = join(root, file);
    return parseRecord(index, file, modelForPath(models, file)!, readTextNoFollowSync(path, file), () => statSync(path).mtimeMs).data;
  };
  const loader = new SnapshotLoader(root, models, config, options.snapshot ?? false, reread, options.git);
  clock.lap('snapshot');
  let listed: ContentListing | undefined;
  try {
    // The snapshot's listing when no folder changed since (a stat per folder), else a listing.
    listed = loader.keptListing() ?? loader.listed(listContentFiles(root, loader.folderStamps()));
    for (const link of listed.links) index.reportProblem(new LinkError(link));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // A whole type's files, on Git's word, come as one run of the snapshot's columns: no record each until the type is built.
  const wanted = (model: Model | undefined): model is Model => !fileTimes && !!model && !(options.only && !options.only.has(model.uid));
  const runs = fileTimes ? undefined : loader.keptRuns()?.map((run) => {
    const model = models.get(run.uid);
    const ends = [loader.fileAt(run.start), loader.fileAt(run.end - 1)];
    const folder = wanted(model) && ends.every((file) => modelForPath(models, file) === model) ? `${CONTENT}${contentFolder(model)}/` : undefined;
    return { ...run, model, folder };
  });
  // Git's view of the checkout, asked for while the snapshot was decoded and the folders listed; while Git looks (this
  // thread otherwise idle), whether each run offered whole may wait is checked (its verdict used if Git vouches for it).
  clock.lap('listing');
  await loader.prepare(runs?.flatMap(({ model, folder, ...run }) => (model && folder ? [{ ...run, model, folder }] : [])));
  clock.lap('git');
  const folders = new Map<string, Model | undefined>();
  /** The model a content path's folder names (`slash`: where the folder's name ends). */
  const modelOf = (file: string, slash: number): Model | undefined => {
    // `content/<folder>/…`: cut without splitting (a million files, an array and three strings each).
    const folder = file.slice(CONTENT.length, slash < 0 ? undefined : slash);
    if (!folders.has(folder)) folders.set(folder, modelForPath(models, `content/${folder}/x.json`));
    return folders.get(folder);
  };
  // Past its first 8 MB, the kept texts go to a scratch file (read back by offset), not to this process's memory: in the
  // site's `.cms/tmp`, on the disk the site is on (a system `/tmp` may be a tmpfs, memory again).
  const slab = TextSlab.spilling(scratchFolder(root));
  const records: LoadedFiles = [];
  // Texts many files repeat (relation targets, component names) are shared while this load lasts.
  const pool = new StringPool();
  // Without a snapshot, each type's files go into its columns (`TextColumns`), no record each until the type is built.
  const columns = !options.snapshot && !fileTimes ? new Map<string, TextColumns>() : undefined;
  let kept: KeptText | undefined;
  /** A checked text the type's columns keep: where it lies in the slab (the record itself is not kept). */
  const keepInColumns = (record: FileRecord, text: string): FileRecord => {
    kept = slab.keep(text);
    return record;
  };
  /** One file on its own: its path checked, its record from the snapshot or read. */
  const addFile = (file: string, slash = file.indexOf('/', CONTENT.length), model = modelOf(file, slash)): void => {
    // A file in a fan-out sub-folder must be owned by its path (the sub-folder is its id's first characters).
    if (!model || (slash >= 0 && file.includes('/', slash + 1) && !modelForPath(models, file))) {
      index.reportProblem(pathProblem(models, file));
      return;
    }
    if (options.only && !options.only.has(model.uid)) return;
    try {
      kept = undefined;
      const keep = columns && keepInColumns;
      const record = loader.record(file, model.uid, (text, mtimeMs) => parseRecord(index, file, model, text, mtimeMs, pool, slab, keep), slab);
      if (!columns) {
        records.push(record);
        return;
      }
      let typeColumns = columns.get(model.uid);
      if (!typeColumns) {
        columns.set(model.uid, (typeColumns = new TextColumns(model.uid, slab)));
        records.push(typeColumns);
      }
      typeColumns.add(record, kept);
    } catch (error) {
      // A file removed between listing and reading (a checkout, another writer) is simply gone.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      index.reportProblem(asFileError(file, error));
    }
  };
  // The kept listing holding only the snapshot's entries: walked by the columns' runs of one type, a path made only
  // for a type that goes file by file (and the first and last of each, whose folder must be the type's).
  for (const { uid, start, end, folder } of runs ?? []) {
    await slab.ready();
    const run = folder === undefined ? undefined : loader.runAt(start, end, uid, folder);
    if (run) records.push(run);
    else for (let i = start; i < end; i++) addFile(loader.fileAt(i));
  }
  // Else the listing, file by file, each folder's files first offered whole.
  const files = runs ? [] : listed?.files ?? [];
  let runEnd = 0;
  for (let at = 0; at < files.length; at++) {
    // The scratch file's writes end on the thread pool while files are read here: heard of only when the loop turns.
    const written = slab.ready();
    if (written) await written;
    const file = files[at];
    const slash = file.indexOf('/', CONTENT.length);
    const model = modelOf(file, slash);
    if (slash >= 0 && at >= runEnd && wanted(model)) {
      const prefix = file.slice(0, slash + 1);
      for (runEnd = at + 1; runEnd < files.length && files[runEnd].startsWith(prefix);) runEnd++;
      const run = loader.run(files, at, runEnd, model.uid, prefix);
      if (run) {
        records.push(run);
        at = runEnd - 1;
        continue;
      }
    }
    addFile(file, slash, model);
  }
  // No more texts to keep: the scratch file's buffers written from here on are let go.
  slab.loaded();
  // Read from Git while the files were read: rows are built once, with their times.
  if (fileTimes) index.fileTimes = await fileTimes;
  clock.lap('files');
  // A type whose files were all read as kept text and can report nothing more (see `deferrable`) builds its documents, rows
  // and lookups on its first use, as after a restart: a cold start then costs the reads and checks, not the rows.
  index.addRecords(records, true);
  clock.lap('rows');
  loadReports.set(index, { stats: loader.stats, phases: clock.phases, snapshotWritten: loader.finish() });
  return index;
}
