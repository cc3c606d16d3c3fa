import { access, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runFile } from '../process/run-file.js';
import type { ContentIndex } from '../index/content-index.js';
import { createGit } from '../git/git.js';
import { UPLOAD_FILE_UID } from '../schema/types.js';
import type { Data, Row } from '../types.js';
import { ValidationError } from '../errors.js';
import { entryFile, writeEntry } from './entry-store.js';
import { storedFiles } from './prepare-file.js';
import { uploadProvider } from './providers/index.js';
import { localProvider } from './providers/local.js';
import type { ProviderFile, UploadProvider } from './providers/types.js';
import { Scratch, scratchFolder } from './scratch.js';
import type { UploadConfig } from './upload-config.js';
import { settleIndexes } from '../git/index-debt.js';

export interface MoveMediaOptions {
  root: string;
  index: ContentIndex;
  config: UploadConfig;
  /** `aws-s3` (from public/uploads into the configured bucket) or `local` (back from it). */
  to: string;
  /** Commit the rewritten entries and the removed or added binaries in one commit (as this author). */
  commit?: { name: string; email: string } | false;
  progress?: (message: string) => void;
}

export interface MoveMediaResult { entries: number; binaries: number; commit?: string; files: string[] }

/** The two ends of a move: the configured aws-s3 provider and the local one, in the direction asked. */
async function ends(options: MoveMediaOptions): Promise<{ from: UploadProvider; to: UploadProvider }> {
  if (options.to !== 'aws-s3' && options.to !== 'local') throw new ValidationError(`--to must be "aws-s3" or "local", got "${options.to}"`);
  if (options.config.provider !== 'aws-s3') {
    throw new ValidationError('cms media move needs upload.provider "aws-s3" with its providerOptions in cms.config.json (the bucket)');
  }
  const remote = await uploadProvider(options.root, options.config);
  const local = localProvider(options.root);
  return options.to === 'aws-s3' ? { from: local, to: remote } : { from: remote, to: local };
}

/** Copy one binary across (through a temp file) and answer the URL its new home gives it. */
async function copyAcross(from: UploadProvider, to: UploadProvider, file: ProviderFile, scratch: Scratch): Promise<string> {
  const temp = scratch.file();
  await from.download(file, temp);
  try {
    return await to.upload(file, temp);
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * Entries an interrupted move already rewrote to `to` but never committed (their file differs from HEAD): a committing
 * re-run takes them into its commit and removes their binaries from `from`, so running again finishes the job.
 */
async function unfinished(options: MoveMediaOptions, to: UploadProvider): Promise<Row[]> {
  if (!options.commit) return [];
  await settleIndexes();
  const { stdout } = await runFile('git', ['diff', '--name-only', 'HEAD', '--'], { cwd: options.root });
  const changed = new Set(stdout.split('\n').filter(Boolean));
  const rows = options.index.rows(UPLOAD_FILE_UID).filter((row) => row.data.provider === to.name);
  return rows.filter((row) => changed.has(entryFile(options.index, row.documentId)));
}

/** One entry's move: its rewritten fields, the binaries copied to `to` and what its file held before. */
interface Planned { row: Row; fields: Data; stored: ProviderFile[]; file: string; before?: Buffer }

/** Undo what a failed move did: entries back as they were, binaries copied to `to` removed (none that was there before). */
async function rollBack(
  options: MoveMediaOptions, to: UploadProvider, planned: Planned[], copied: ProviderFile[], hidden: Array<[string, string]>,
): Promise<void> {
  for (const [kept, path] of hidden) await rename(kept, path).catch(() => undefined);
  for (const entry of planned) {
    if (entry.before === undefined) continue;
    await writeEntry(options.root, options.index, entry.row.documentId, documentOf(options, entry.row, entry.row.data), {
      timestampsAsGiven: true,
    }).catch(() => undefined);
    await writeFile(join(options.root, entry.file), entry.before).catch(() => undefined);
  }
  for (const file of copied) await to.remove(file).catch(() => undefined);
}

/** The entry's document as its file holds it, with `data` as given (its own timestamps; no publishedAt stays none). */
function documentOf(options: MoveMediaOptions, row: Row, data: Data) {
  const record = options.index.documentRecords(UPLOAD_FILE_UID, row.documentId)[0];
  return {
    data, createdAt: record?.createdAt ?? row.createdAt, updatedAt: record?.updatedAt ?? row.updatedAt,
    publishedAt: record ? record.publishedAt ?? undefined : row.publishedAt ?? undefined,
  };
}

/**
 * `cms media move --to <provider>`: every media entry stored by the other provider gets its binaries (the file and every
 * format) copied to `to`, its `url`, formats' URLs and `provider` rewritten, and the whole move is one commit: entries
 * plus the binaries leaving (or entering) `public/uploads`. All or nothing: the binaries are all copied before any entry
 * is rewritten, and a failure anywhere up to the commit puts the entries and `public/uploads` back and removes what was
 * copied, with one line naming the entry. Objects leave the bucket only after the commit; running again finishes it.
 */
export async function moveMedia(options: MoveMediaOptions): Promise<MoveMediaResult> {
  const { from, to } = await ends(options);
  const rows = options.index.rows(UPLOAD_FILE_UID).filter((row) => (row.data.provider ?? 'local') === from.name);
  const files = new Set<string>();
  const leaving: ProviderFile[] = [];
  for (const row of await unfinished(options, to)) {
    files.add(entryFile(options.index, row.documentId));
    for (const file of storedFiles(row.data)) {
      for (const path of [to.gitPath(file), from.gitPath(file)]) if (path) files.add(path);
      leaving.push(file);
    }
  }
  const fromLocal = from.gitPath({ hash: '', ext: '', mime: '' }) !== undefined;
  const scratch = await Scratch.open(scratchFolder(options.root));
  const planned: Planned[] = [];
  const copied: ProviderFile[] = [];
  const hidden: Array<[string, string]> = [];
  let binaries = 0;
  let commit: string | undefined;
  let at = '';
  let committing = false;
  try {
    // 1. Every binary across; nothing names its new home yet.
    for (const row of rows) {
      at = String(row.data.name ?? row.documentId);
      const fields: Data = structuredClone(row.data);
      const stored = storedFiles(fields);
      const formats = (fields.formats ?? {}) as Record<string, Data>;
      for (const file of stored) {
        const there = to.gitPath(file);
        const existed = there !== undefined && await access(join(options.root, there)).then(() => true, () => false);
        const url = await copyAcross(from, to, { ...file, path: null }, scratch);
        if (!existed) copied.push(file);
        binaries++;
        const target = file.hash === fields.hash ? fields : Object.values(formats).find((format) => format.hash === file.hash);
        if (target) target.url = url;
        for (const path of [there, from.gitPath(file)]) if (path) files.add(path);
        leaving.push(file);
      }
      fields.provider = to.name;
      fields.provider_metadata = null;
      planned.push({ row, fields, stored, file: entryFile(options.index, row.documentId) });
    }
    // 2. The entries rewritten, each one's former bytes kept until the commit.
    for (const entry of planned) {
      at = String(entry.fields.name ?? entry.row.documentId);
      entry.before = await readFile(join(options.root, entry.file));
      const document = documentOf(options, entry.row, entry.fields);
      files.add(await writeEntry(options.root, options.index, entry.row.documentId, document, { timestampsAsGiven: true }));
      const count = entry.stored.length;
      options.progress?.(`${at}: ${count} binar${count === 1 ? 'y' : 'ies'} to ${to.name}`);
    }
    at = 'the commit';
    // 3. Local binaries leave with the commit (their removal is part of it), kept aside until it is made.
    if (fromLocal) {
      for (const file of leaving) {
        const path = join(options.root, from.gitPath(file)!);
        const kept = scratch.file();
        if (await rename(path, kept).then(() => true, () => false)) hidden.push([kept, path]);
      }
    }
    if (options.commit && files.size) {
      const message = `Move ${rows.length} media file(s) from ${from.name} to ${to.name}`;
      committing = true;
      commit = await createGit(options.root).commitPaths([...files].sort(), message, options.commit);
    }
  } catch (error) {
    await rollBack(options, to, planned, copied, hidden);
    // A commit that failed after staging leaves nothing staged either.
    if (committing) await runFile('git', ['reset', '--quiet', '--', ...files], { cwd: options.root }).catch(() => undefined);
    const reason = String((error as Error)?.message ?? error).split('\n')[0];
    throw new Error(`cms media move stopped at ${at}: ${reason}; nothing was moved (entries and binaries are as before)`);
  } finally {
    await scratch.dispose();
  }
  // A bucket's objects go only once a commit holds the entries that no longer name them; uncommitted, they stay.
  if (!fromLocal) {
    if (commit) for (const file of leaving) await from.remove(file);
    else if (leaving.length) {
      options.progress?.(`${leaving.length} object(s) kept in the bucket (nothing was committed): run cms media move --to ${to.name} `
        + 'again with the commit to remove them');
    }
  }
  return { entries: rows.length, binaries, commit, files: [...files].sort() };
}

