import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Cms } from '../cms.js';
import { FileError } from '../errors.js';
import { locateKey } from '../index/read-file.js';
import { getAttribute, UPLOAD_FILE_UID, type Attribute, type Model } from '../schema/types.js';
import type { Data, Row } from '../types.js';

interface Finding { file: string; key?: string; message: string }

const asList = (value: unknown): unknown[] => (value === null || value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Relations and media whose target no longer exists (typical after a merge), inside components too. */
function danglingReferences(cms: Cms, model: Model, data: Data, file: string, prefix: string, out: Finding[]): void {
  for (const name of model.attributeNames) {
    const attribute: Attribute = model.attributes[name];
    const value = data[name];
    if (value === undefined || value === null) continue;
    const path = `${prefix}${name}`;
    if ((attribute.type === 'relation' && !attribute.mappedBy && attribute.target) || attribute.type === 'media') {
      const target = attribute.type === 'media' ? UPLOAD_FILE_UID : attribute.target!;
      for (const documentId of asList(value)) {
        if (!cms.index.hasDocument(target, String(documentId))) out.push({ file, key: path, message: `${path} points at ${target} "${documentId}", which does not exist` });
      }
    }
    if (attribute.type === 'component') {
      const component = cms.models.get(attribute.component!)!;
      asList(value).forEach((item, position) => danglingReferences(cms, component, item as Data, file, attribute.repeatable ? `${path}.${position}.` : `${path}.`, out));
    }
    if (attribute.type === 'dynamiczone') {
      asList(value).forEach((item, position) => {
        const component = cms.models.get(String((item as Data).__component));
        if (component) danglingReferences(cms, component, item as Data, file, `${path}.${position}.`, out);
      });
    }
  }
}

/** Required fields of published versions (drafts may be incomplete, as in Strapi). */
function missingRequired(model: Model, row: Row, out: Finding[]): void {
  if (row.status !== 'published') return;
  for (const name of model.attributeNames) {
    const attribute = model.attributes[name];
    if (!attribute.required || attribute.type === 'relation' || attribute.type === 'media') continue;
    const value = row.data[name];
    if (value === undefined || value === null || value === '') out.push({ file: row.file, key: name, message: `${name} is required` });
  }
}

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
      if (first && first.documentId !== row.documentId) out.push({ file: row.file, key: name, message: `${name} "${String(value)}" is already used by ${first.file}` });
      else seen.set(key, row);
    }
  }
}

/** Two files for one version of a document (e.g. `x.json` and `x.yaml`). */
function duplicateFiles(cms: Cms, model: Model, out: Finding[]): void {
  const seen = new Map<string, string>();
  for (const file of cms.index.files(`content/${model.uid === UPLOAD_FILE_UID ? 'upload' : model.pluralName}/`).sort()) {
    const record = cms.index.record(file)!;
    const key = `${record.documentId}|${record.locale}|${record.draft}`;
    const first = seen.get(key);
    if (first) out.push({ file, message: `same document version as ${first}: keep one file per documentId, locale and status` });
    else seen.set(key, file);
  }
}

/**
 * Everything `cms validate` checks beyond what loading already reports (malformed files, types,
 * unknown attributes, component shapes): referential integrity, required fields, unique and uid
 * values, and duplicate files. Each finding carries `file:line:col`.
 */
export async function validateProject(cms: Cms): Promise<FileError[]> {
  const findings: Finding[] = [];
  for (const model of [...cms.contentTypes(), cms.models.get(UPLOAD_FILE_UID)!]) {
    const rows = cms.index.rows(model.uid);
    const checked = new Set<string>();
    for (const row of rows) {
      missingRequired(model, row, findings);
      if (checked.has(row.file)) continue;
      checked.add(row.file);
      danglingReferences(cms, model, cms.index.record(row.file)?.data ?? row.data, row.file, '', findings);
    }
    duplicateValues(model, rows, findings);
    duplicateFiles(cms, model, findings);
  }
  const texts = new Map<string, string>();
  const problems = [...cms.problems()];
  const seen = new Set<string>();
  for (const finding of findings) {
    const id = `${finding.file}|${finding.key}|${finding.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    if (!texts.has(finding.file)) texts.set(finding.file, await readFile(join(cms.root, finding.file), 'utf8').catch(() => ''));
    const at = finding.key ? locateKey(texts.get(finding.file)!, finding.key) : undefined;
    problems.push(new FileError(finding.file, finding.message, at?.line ?? 1, at?.column ?? 1));
  }
  return problems.sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0));
}
