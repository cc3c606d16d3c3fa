import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IndexedProject } from '../index/indexed-project.js';
import { writeContentFile } from '../storage/content-file.js';
import { serializeDocument, withoutHistoryTimestamps } from '../storage/serialize.js';
import type { Row } from '../types.js';

export interface FormatResult {
  /** Files whose text differs from the canonical serialisation (rewritten unless checking). */
  changed: string[];
  /** Files skipped because they are malformed (`cms validate` reports them). */
  skipped: string[];
}

/**
 * Rewrite content files into the canonical serialisation the write path uses (schema key order,
 * 2-space JSON, trailing newline, timestamps stamped). A canonical file is never touched.
 *
 * @example
 * const { changed } = await formatProject(cms, { check: true }); // lists, writes nothing
 */
export async function formatProject(project: IndexedProject, options: { check?: boolean } = {}): Promise<FormatResult> {
  const result: FormatResult = { changed: [], skipped: [...project.index.problems.keys()].sort() };
  for (const model of project.index.models.values()) {
    if (model.modelType !== 'contentType') continue;
    // A file's first row (its published one for a plain file): where missing timestamps come from.
    const rowOf = new Map<string, Row>();
    for (const row of project.index.rows(model.uid)) if (!rowOf.has(row.file)) rowOf.set(row.file, row);
    for (const [file, row] of [...rowOf].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (project.index.problems.has(file)) continue;
      const record = project.index.record(file);
      if (!record) continue;
      // Synchronous, as the loader reads: many small files read faster without the thread pool.
      const text = readFileSync(join(project.root, file), 'utf8');
      const written = {
        data: record.data,
        createdAt: record.createdAt ?? row.createdAt,
        updatedAt: record.updatedAt ?? row.updatedAt,
        publishedAt: record.draft ? undefined : record.publishedAt ?? undefined,
      };
      const document = project.index.fileTimes ? withoutHistoryTimestamps(written) : written;
      if (serializeDocument(project.index.models, model, file, document, text) === text) continue;
      result.changed.push(file);
      // The write path every other writer uses: atomic, indexed with the file's real mtime.
      if (!options.check) await writeContentFile(project.root, project.index, model, file, document);
    }
  }
  result.changed.sort();
  return result;
}
