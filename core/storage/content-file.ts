import { posix } from 'node:path';
import type { CmsConfig } from '../config/types.js';
import { FileError } from '../errors.js';
import type { ContentIndex } from '../index/content-index.js';
import { getParser } from '../parsers/index.js';
import { readContentFile } from '../index/read-file.js';
import type { Model } from '../schema/types.js';
import { DiskStore, readText, type ContentStore } from './content-store.js';
import { ContentFileTooLargeError, oversize } from './file-size.js';
import { fileLayout, type FileLayout } from './merge-layout.js';
import { serializeDocument, withoutHistoryTimestamps, type StoredDocument } from './serialize.js';

export { readText };

/** Options of a content file write. */
export interface WriteContentOptions {
  /**
   * Keep `updatedAt` and `publishedAt` in the file as given, even under `git.timestampsFromHistory`
   * (an import: the source's exact times are carried by the file until its next write).
   */
  timestampsAsGiven?: boolean;
  /** A reformat (`cms fmt`) into this layout: it writes the timestamps it is given, as they are. */
  reformat?: { layout: FileLayout };
  /**
   * The file of a document created by this write, under an id just drawn from a CSPRNG that no one else knows (a
   * POST): nothing can be stored under it, so it is not read first (a thread-pool round trip and a failed open per create).
   */
  fresh?: boolean;
}

/**
 * A project-relative content file path that stays under `content/`: relative, `/`-separated, no
 * `..` or empty segment. Every written path is checked, whoever built it (an id from a request or
 * from an import source), so no writer can leave the content folder.
 */
export function assertContentPath(file: string): void {
  const plain = posix.normalize(file) === file && !file.includes('\\') && !file.includes('\0') && !file.split('/').includes('..');
  if (!file.startsWith('content/') || !plain) {
    throw new FileError(file, 'a content file path must stay under content/');
  }
}

/** The layout a write uses: the file's own (an edit never reformats a file), else the project's. */
function layoutFor(file: string, text: string | undefined, config: CmsConfig): FileLayout {
  const own = text === undefined ? undefined : fileLayout(text, getParser(file)!.name);
  return own ?? (config.git.mergeSafeLayout ? 'merge-safe' : 'compact');
}

/**
 * The one way a content file is written: serialise (editing the file's text in place for YAML and Markdown, or for a
 * new file the text `template` gives), check the text reads back, store it, then index that very text with the
 * modification time the store gave it, so the watcher knows the file as already read. Unchanged text is not rewritten.
 * Returns whether the file changed. `root`: the served tree (a DiskStore at it).
 */
export async function writeContentFile(
  root: string | ContentStore, index: ContentIndex, model: Model, file: string, document: StoredDocument,
  template?: () => Promise<string | undefined>, options: WriteContentOptions = {},
): Promise<boolean> {
  assertContentPath(file);
  const store = typeof root === 'string' ? new DiskStore(root) : root;
  const previous = options.fresh ? undefined : await store.read(file);
  // Asked only for a file not there yet: a draft saved over its own draft file never reads the published one (a read of
  // the disk on every draft save once the published text had left the kept texts, as in a site past a few thousand writes).
  const base = previous === undefined && template ? await template() : undefined;
  // Timestamps from history: the time is this server's until the commit carries it (whole
  // seconds, as Git keeps them), and no updatedAt/publishedAt line is written to collide. createdAt
  // keeps its milliseconds (creation order stays exact); a row whose commit falls in its creation
  // second answers createdAt as updatedAt (build-rows.ts).
  // A reformat (`cms fmt`) and an import write the timestamps they are given: neither may change an answer.
  const { reformat } = options;
  const time = !reformat && !options.timestampsAsGiven && index.fileTimes
    && `${(document.updatedAt ?? new Date().toISOString()).slice(0, 19)}.000Z`;
  if (time) document = withoutHistoryTimestamps(document);
  const layout = reformat?.layout ?? layoutFor(file, previous ?? base, index.config);
  const text = serializeDocument(index.models, model, file, document, previous ?? base, layout);
  // Unchanged: no write, no commit, so no new time either (every replica keeps the last commit's).
  if (text === previous) return false;
  const limit = index.config.content.maxFileSize;
  const bytes = oversize(text, limit);
  if (bytes !== undefined) throw new ContentFileTooLargeError(bytes, limit);
  const record = readContentFile(file, text, 0, model, index.models, index.config);
  // Known absent (a new id, or a file the disk view found missing under the lock): the write replaces nothing, so the log takes it.
  const before = options.fresh || (previous === undefined && store.absent?.(file)) ? null : previous;
  record.mtimeMs = await store.write(file, text, time || undefined, before);
  if (time && store.keepsFileTimes) index.fileTimes!.set(file, time);
  index.setRecord(record);
  return true;
}
