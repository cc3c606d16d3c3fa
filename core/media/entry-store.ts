import { join } from 'node:path';
import type { ContentIndex } from '../index/content-index.js';
import { contentFolder } from '../index/load.js';
import type { FileRecord } from '../index/read-file.js';
import { rowOfType } from '../index/type-row-ids.js';
import { UPLOAD_FILE_UID } from '../schema/types.js';
import { removeFile } from '../storage/atomic-write.js';
import { writeContentFile, type WriteContentOptions } from '../storage/content-file.js';
import type { StoredDocument } from '../storage/serialize.js';
import type { Data, Row } from '../types.js';

/**
 * A file entry by the id a client gives: the numeric row id (Strapi's `:id`) or, as a convenience
 * for Git users who see file names, the entry's documentId.
 */
export function findFileRow(index: ContentIndex, id: string | number): Row | undefined {
  const text = String(id).trim();
  if (/^\d+$/.test(text)) {
    return rowOfType(index, UPLOAD_FILE_UID, Number(text));
  }
  return index.findRow(UPLOAD_FILE_UID, text, { status: 'published', locale: null });
}

/** The file holding a media entry: its existing file (any format), else `content/upload/<documentId>.json`. */
export function entryFile(index: ContentIndex, documentId: string): string {
  const existing = index.documentRecords(UPLOAD_FILE_UID, documentId)[0];
  return existing?.file ?? `content/${contentFolder(index.model(UPLOAD_FILE_UID))}/${documentId}.json`;
}

/** Write a media entry (`content/upload/<documentId>.json`) and index it. Returns the file. */
export async function writeEntry(
  root: string, index: ContentIndex, documentId: string, document: StoredDocument, options?: WriteContentOptions,
): Promise<string> {
  const file = entryFile(index, documentId);
  await writeContentFile(root, index, index.model(UPLOAD_FILE_UID), file, document, undefined, options);
  return file;
}

/** Remove a media entry's file(s) and forget them. Returns the files removed. */
export async function removeEntry(root: string, index: ContentIndex, documentId: string): Promise<string[]> {
  const files = index.documentRecords(UPLOAD_FILE_UID, documentId).map((record) => record.file);
  for (const file of files) {
    await removeFile(join(root, file));
    index.removeRecord(file);
  }
  return files;
}

/** A record's timestamps as they read now, so rewriting its fields leaves them unchanged. */
export function storedAsIs(index: ContentIndex, record: FileRecord, data: Data): StoredDocument {
  const row = index.documentRows(record.uid, record.documentId).find((candidate) => candidate.file === record.file);
  const fallback = new Date(record.mtimeMs).toISOString();
  return {
    data,
    createdAt: record.createdAt ?? row?.createdAt ?? fallback,
    updatedAt: record.updatedAt ?? row?.updatedAt ?? fallback,
    publishedAt: record.draft ? undefined : record.publishedAt,
  };
}
