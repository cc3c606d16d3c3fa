import { FileError } from '../errors.js';
import type { FileRecord } from './read-file.js';

/** A second file for one version of a document (`x.json` beside `x.yaml`): reported, not served. */
export class DuplicateFileError extends FileError {
  constructor(file: string, served: string) {
    super(file, `same document version as ${served}: keep one file per documentId, locale and status`, 1, 1);
  }
}

const versionKey = (record: FileRecord) => `${record.locale}|${record.draft}`;

/**
 * Do two of a document's few files hold the same version (locale and kind, as `versionKey` spells them)? What
 * `splitDuplicates` reports, asked without its sorted copy and map: every write asks it of its document, several times,
 * and a waiting type's check of every document (deferrable.ts).
 */
export function hasTwoFilesForOneVersion(group: readonly { locale: string | null; draft: boolean }[]): boolean {
  for (let i = 1; i < group.length; i++) {
    for (let j = 0; j < i; j++) if (String(group[i].locale) === String(group[j].locale) && group[i].draft === group[j].draft) return true;
  }
  return false;
}

/**
 * One file per document version: where several files hold the same version, the one whose path
 * sorts first is served (and written), the others are duplicates. The rule depends only on the
 * names, so a fresh server, a running one and every replica pick the same file.
 */
export function splitDuplicates(records: FileRecord[]): { served: FileRecord[]; duplicates: DuplicateFileError[] } {
  // Many records go the long way (the check is quadratic).
  if (records.length < 2 || (records.length <= 8 && !hasTwoFilesForOneVersion(records))) return { served: records, duplicates: [] };
  const byVersion = new Map<string, FileRecord>();
  const duplicates: DuplicateFileError[] = [];
  for (const record of [...records].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))) {
    const first = byVersion.get(versionKey(record));
    if (first) duplicates.push(new DuplicateFileError(record.file, first.file));
    else byVersion.set(versionKey(record), record);
  }
  return { served: duplicates.length ? [...byVersion.values()] : records, duplicates };
}

/** A document's records less duplicate files, which are reported in `problems` (and cleared there once resolved). */
export function servedRecords(problems: Map<string, FileError>, records: FileRecord[]): FileRecord[] {
  const { served, duplicates } = splitDuplicates(records);
  for (const record of served) if (problems.get(record.file) instanceof DuplicateFileError) problems.delete(record.file);
  for (const duplicate of duplicates) problems.set(duplicate.file, duplicate);
  return served;
}
