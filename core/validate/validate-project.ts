import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { IndexedProject } from '../index/indexed-project.js';
import { FileError, FileProblemsError } from '../errors.js';
import { locateKey } from '../parsers/locate-key.js';
import { getAttribute, UPLOAD_FILE_UID, type Model } from '../schema/types.js';
import type { Row } from '../types.js';
import { checkFields, type Finding } from './field-checks.js';

/** Unique and uid attributes: one value per locale among published versions. */
function duplicateValues(model: Model, rows: Row[], out: Finding[]): void {
  for (const name of model.attributeNames) {
    const attribute = getAttribute(model, name)!;
    if (!attribute.unique && attribute.type !== 'uid') continue;
    const seen = new Map<string, Row>();
    for (const row of rows) {
      if (row.status !== 'published') continue;
      const value = row.data[name];
      if (value === undefined || value === null) continue;
      const key = `${row.locale}|${JSON.stringify(value)}`;
      const first = seen.get(key);
      if (first && first.documentId !== row.documentId) {
        out.push({ file: row.file, key: name, message: `${name} "${String(value)}" is already used by ${first.file}` });
      } else {
        seen.set(key, row);
      }
    }
  }
}

/**
 * Each file's fields (references, ranges; required values of published versions), checked once
 * per version it serves: a plain file of a draft & publish type is both the draft and the
 * published version, and is held to the published rules.
 */
function fieldFindings(project: IndexedProject, model: Model, rows: Row[], out: Finding[]): void {
  const published = new Set(rows.filter((row) => row.status === 'published').map((row) => row.file));
  const checked = new Set<string>();
  for (const row of rows) {
    if (checked.has(row.file) || (published.has(row.file) && row.status !== 'published')) continue;
    checked.add(row.file);
    const own = project.index.record(row.file)?.data ?? row.data;
    out.push(...checkFields(project.index, model, row.file, own, row.status === 'published' ? row.data : undefined));
  }
}

/** `path:line:col` for every finding: the attribute's line, or the file's start. */
async function locate(project: IndexedProject, findings: Finding[]): Promise<FileError[]> {
  const texts = new Map<string, string>();
  const seen = new Set<string>();
  const located: FileError[] = [];
  for (const finding of findings) {
    const id = `${finding.file}|${finding.key}|${finding.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    if (!texts.has(finding.file)) texts.set(finding.file, await readFile(join(project.root, finding.file), 'utf8').catch(() => ''));
    const at = finding.key ? locateKey(texts.get(finding.file)!, finding.key) : undefined;
    located.push(new FileError(finding.file, finding.message, at?.line ?? 1, at?.column ?? 1));
  }
  return located;
}

/** A problem about a whole file (its name, its folder, a schema) points at the file's first character. */
export const atFileStart = (problem: FileError): FileError =>
  (problem.line === undefined ? new FileError(problem.file, problem.message, 1, problem.column ?? 1) : problem);

/**
 * Everything `cms validate` checks beyond what loading already reports (malformed files, types,
 * enumerations, uid format, unknown attributes, component shapes): referential integrity, ranges,
 * required values and item counts, unique and uid values (duplicate files are reported by the index). Each problem
 * carries `file:line:col`; they come sorted by file and line.
 *
 * @example
 * const problems = await validateProject(await createCms({ root })); problems.map((p) => p.format())
 */
export async function validateProject(project: IndexedProject): Promise<FileError[]> {
  const findings: Finding[] = [];
  for (const model of project.index.models.values()) {
    if (model.modelType !== 'contentType' || (!model.uid.startsWith('api::') && model.uid !== UPLOAD_FILE_UID)) continue;
    const rows = project.index.rows(model.uid);
    fieldFindings(project, model, rows, findings);
    duplicateValues(model, rows, findings);
  }
  const fileProblems = [...project.index.problems.values()].flatMap((problem) =>
    (problem instanceof FileProblemsError ? problem.problems.map(atFileStart) : [atFileStart(problem)]));
  const problems = [...fileProblems, ...(await locate(project, findings))];
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line! - b.line! || a.column! - b.column!);
}
