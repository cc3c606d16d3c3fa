import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CmsConfig } from '../config/types.js';
import type { FileError } from '../errors.js';
import { splitDuplicates } from '../index/duplicate-files.js';
import { parseFileName } from '../index/file-name.js';
import { isShardName, shardOf } from '../index/content-path.js';
import { asFileError, contentFolder, isContentFileName, misplacedFile } from '../index/load.js';
import { readContentFile, type FileRecord } from '../index/read-file.js';
import type { Model, Models } from '../schema/types.js';
import { LinkError, readTextNoFollowSync } from '../storage/no-follow.js';

/** One document's files (project-relative paths), as the listing found them. */
export interface DocumentFiles {
  documentId: string;
  files: string[];
}

/** What the listing of a type's folder found: its documents in documentId order, and what it refused. */
export interface TypeListing {
  documents: DocumentFiles[];
  /** Names that are no content file of this type (a bad name, a symbolic link): problems, in name order. */
  problems: FileError[];
}

const byteOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The files of one type's folder grouped by document, documents in byte order of their documentId
 * (so `Zeta` before `alpha`, `abc` before `abc-2`), each document's files in name order. Only
 * names are held: a file's text is read when its batch comes (see `readBatch`). A missing folder is
 * a type without documents.
 */
export function listTypeFiles(root: string, model: Model): TypeListing {
  const folder = contentFolder(model);
  const byDocument = new Map<string, string[]>();
  const problems: FileError[] = [];
  // Both layouts are read for every type, as the index reads them: `content/<folder>/<name>` and, the fan-out layout,
  // `content/<folder>/<xx>/<name>` with xx its documentId's first two characters.
  const list = (relative: string, shard: string | undefined): void => {
    let entries;
    try {
      entries = readdirSync(join(root, 'content', relative), { withFileTypes: true });
    } catch (error) {
      // A missing folder is a type without documents; a sub-folder removed since its parent was listed is gone.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (shard === undefined && entry.isDirectory() && isShardName(entry.name)) { list(`${folder}/${entry.name}`, entry.name); continue; }
      if (!isContentFileName(entry.name)) continue;
      const file = `content/${relative}/${entry.name}`;
      if (entry.isSymbolicLink()) { problems.push(new LinkError(file)); continue; }
      const name = parseFileName(entry.name);
      if (shard !== undefined && name && shardOf(name.documentId) !== shard) { problems.push(misplacedFile(file, folder)); continue; }
      // A bad name is reported by readContentFile, with the rule it breaks, when its (own) batch is read.
      const documentId = name?.documentId ?? entry.name;
      const files = byDocument.get(documentId);
      if (files) files.push(file);
      else byDocument.set(documentId, [file]);
    }
  };
  list(folder, undefined);
  const documents: DocumentFiles[] = [];
  for (const documentId of [...byDocument.keys()].sort(byteOrder)) {
    documents.push({ documentId, files: byDocument.get(documentId)!.sort(byteOrder) });
  }
  problems.sort((a, b) => byteOrder(a.file, b.file));
  return { documents, problems };
}

/** One document's parsed files, or the problems that kept some of them out. */
export interface ReadDocument {
  documentId: string;
  records: FileRecord[];
  problems: FileError[];
}

/**
 * Read and check the files of a batch of documents, synchronously (for many small files a sync read
 * costs a fraction of a thread-pool round trip, as the index's load found), each file as the index
 * reads it: `readContentFile`'s checks, the Markdown body in the type's body attribute, one file
 * per version (a duplicate is a problem), links never followed.
 */
export function readBatch(root: string, model: Model, models: Models, config: CmsConfig, batch: DocumentFiles[]): ReadDocument[] {
  return batch.map(({ documentId, files }) => {
    const records: FileRecord[] = [];
    const problems: FileError[] = [];
    for (const file of files) {
      const path = join(root, file);
      try {
        const record = readContentFile(file, readTextNoFollowSync(path, file), 0, model, models, config);
        // Timestamps missing from the file fall back to its modification time, as the index does.
        if (record.createdAt === undefined || record.updatedAt === undefined) record.mtimeMs = statSync(path).mtimeMs;
        records.push(record);
      } catch (error) {
        // Removed since the listing (a checkout under way): gone, as the index treats it.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        problems.push(asFileError(file, error));
      }
    }
    const { served, duplicates } = splitDuplicates(records);
    return { documentId, records: served, problems: [...problems, ...duplicates] };
  });
}
