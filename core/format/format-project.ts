import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Cms } from '../cms.js';
import { modelForPath } from '../index/load.js';
import { readContentFile } from '../index/read-file.js';
import { writeFileAtomic } from '../storage/atomic-write.js';
import { serializeDocument } from '../storage/serialize.js';

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
export async function formatProject(cms: Cms, options: { check?: boolean } = {}): Promise<FormatResult> {
  const result: FormatResult = { changed: [], skipped: [...cms.index.problems.keys()].sort() };
  for (const model of cms.models.values()) {
    if (model.modelType !== 'contentType') continue;
    const rows = cms.index.rows(model.uid);
    const files = [...new Set(rows.map((row) => row.file))].sort();
    for (const file of files) {
      if (cms.index.problems.has(file)) continue;
      const record = cms.index.record(file);
      if (!record) continue;
      const row = rows.find((candidate) => candidate.file === file)!;
      const text = await readFile(join(cms.root, file), 'utf8');
      const canonical = serializeDocument(cms.models, model, file, {
        data: record.data,
        createdAt: record.createdAt ?? row.createdAt,
        updatedAt: record.updatedAt ?? row.updatedAt,
        publishedAt: record.draft ? undefined : record.publishedAt ?? undefined,
      }, text);
      if (canonical === text) continue;
      result.changed.push(file);
      if (options.check) continue;
      await writeFileAtomic(join(cms.root, file), canonical);
      cms.index.setRecord(readContentFile(file, canonical, Date.now(), modelForPath(cms.models, file)!, cms.models, cms.config));
    }
  }
  result.changed.sort();
  return result;
}
