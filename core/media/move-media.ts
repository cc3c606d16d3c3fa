import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { promisify } from 'node:util';
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
  const { stdout } = await promisify(execFile)('git', ['diff', '--name-only', 'HEAD', '--'], { cwd: options.root });
  const changed = new Set(stdout.split('\n').filter(Boolean));
  const rows = options.index.rows(UPLOAD_FILE_UID).filter((row) => row.data.provider === to.name);
  return rows.filter((row) => changed.has(entryFile(options.index, row.documentId)));
}

/**
 * `cms media move --to <provider>`: every media entry stored by the other provider gets its binaries (the file and every
 * format) copied to `to`, its `url`, formats' URLs and `provider` rewritten, and the whole move is one commit: entries
 * plus the binaries leaving (or entering) `public/uploads`. Objects leave the bucket only after that commit, so an
 * interrupted move loses nothing; running it again finishes it.
 */
export async function moveMedia(options: MoveMediaOptions): Promise<MoveMediaResult> {
  const { from, to } = await ends(options);
  const rows = options.index.rows(UPLOAD_FILE_UID).filter((row) => (row.data.provider ?? 'local') === from.name);
  const files = new Set<string>();
  const leaving: ProviderFile[] = [];
  let binaries = 0;
  for (const row of await unfinished(options, to)) {
    files.add(entryFile(options.index, row.documentId));
    for (const file of storedFiles(row.data)) {
      for (const path of [to.gitPath(file), from.gitPath(file)]) if (path) files.add(path);
      leaving.push(file);
    }
  }
  const scratch = await Scratch.open(scratchFolder(options.root));
  try {
    for (const row of rows) {
      const fields: Data = structuredClone(row.data);
      const stored = storedFiles(fields);
      const formats = (fields.formats ?? {}) as Record<string, Data>;
      for (const file of stored) {
        const url = await copyAcross(from, to, { ...file, path: null }, scratch);
        binaries++;
        const target = file.hash === fields.hash ? fields : Object.values(formats).find((format) => format.hash === file.hash);
        if (target) target.url = url;
        for (const path of [to.gitPath(file), from.gitPath(file)]) if (path) files.add(path);
        leaving.push(file);
      }
      fields.provider = to.name;
      fields.provider_metadata = null;
      // The entry's own timestamps, as its file has them (a file without publishedAt stays without).
      const record = options.index.documentRecords(UPLOAD_FILE_UID, row.documentId)[0];
      const document = {
        data: fields, createdAt: record?.createdAt ?? row.createdAt, updatedAt: record?.updatedAt ?? row.updatedAt,
        publishedAt: record ? record.publishedAt ?? undefined : row.publishedAt ?? undefined,
      };
      files.add(await writeEntry(options.root, options.index, row.documentId, document, { timestampsAsGiven: true }));
      options.progress?.(`${String(fields.name)}: ${stored.length} binar${stored.length === 1 ? 'y' : 'ies'} to ${to.name}`);
    }
  } finally {
    await scratch.dispose();
  }
  // Local binaries go with the commit (their removal is part of it); a bucket's objects only once the entries no longer name them.
  if (from.gitPath({ hash: '', ext: '', mime: '' })) for (const file of leaving) await from.remove(file);
  let commit: string | undefined;
  if (options.commit && files.size) {
    const message = `Move ${rows.length} media file(s) from ${from.name} to ${to.name}`;
    commit = await createGit(options.root).commitPaths([...files].sort(), message, options.commit);
  }
  // A bucket's objects go only once a commit holds the entries that no longer name them; uncommitted, they stay.
  if (!from.gitPath({ hash: '', ext: '', mime: '' })) {
    if (commit) for (const file of leaving) await from.remove(file);
    else if (leaving.length) {
      options.progress?.(`${leaving.length} object(s) kept in the bucket (nothing was committed): run cms media move --to ${to.name} `
        + 'again with the commit to remove them');
    }
  }
  return { entries: rows.length, binaries, commit, files: [...files].sort() };
}
