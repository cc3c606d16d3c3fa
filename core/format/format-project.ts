import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IndexedProject } from '../index/indexed-project.js';
import { writeContentFile } from '../storage/content-file.js';
import type { FileLayout } from '../storage/merge-layout.js';
import { serializeDocument } from '../storage/serialize.js';
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
  const layout: FileLayout = project.index.config.git.mergeSafeLayout ? 'merge-safe' : 'compact';
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
      // Timestamps from history: lines the file still holds stay (they answer until the file's next
      // write); removing them would answer every document with this commit's time. None is added.
      const history = !!project.index.fileTimes;
      const document = {
        data: record.data,
        createdAt: record.createdAt ?? row.createdAt,
        updatedAt: record.updatedAt ?? (history ? undefined : row.updatedAt),
        publishedAt: record.draft ? undefined : record.publishedAt ?? undefined,
      };
      if (serializeDocument(project.index.models, model, file, document, text, layout) === text) continue;
      result.changed.push(file);
      // The write path every other writer uses: atomic, indexed with the file's real mtime.
      if (!options.check) await writeContentFile(project.root, project.index, model, file, document, undefined, { reformat: { layout } });
    }
  }
  result.changed.sort();
  return result;
}
