import { markdownBodyAttribute } from '../index/read-file.js';
import { parseFileName } from '../index/file-name.js';
import { modelForPath } from '../index/load.js';
import { modelShape } from '../git/merge/schema-shapes.js';
import { hasConflict, mergeValues } from '../git/merge/three-way.js';
import { getParser } from '../parsers/index.js';
import type { Models } from '../schema/types.js';

/** One conflict of a merge, in document words: the file, its content type, the document and the field both sides changed. */
export interface MergeConflict {
  file: string;
  /** The content type's uid; null for a file that is no content file (a schema, an upload). */
  type: string | null;
  documentId: string | null;
  /** The field both sides changed differently; null when the whole file conflicts (changed on one side, deleted on the other). */
  field: string | null;
  /** Git's kind of conflict: `contents`, `modify/delete`, `add/add`, … */
  reason: string;
}

/** The three versions of a conflicted file (undefined: absent on that side). */
export interface ConflictVersions { base?: string; ours?: string; theirs?: string }

const TIMESTAMPS = ['createdAt', 'updatedAt', 'publishedAt'];

function fieldsOf(text: string | undefined, path: string): { fields: Record<string, unknown>; body?: string } {
  if (text === undefined || text.trim() === '') return { fields: {} };
  const parsed = getParser(path)!.parse(text, path);
  const fields = { ...(parsed.data as Record<string, unknown>) };
  for (const key of TIMESTAMPS) delete fields[key];
  return { fields, body: parsed.body };
}

/**
 * The fields of one content file both sides changed differently, found as the content merge driver finds them (the same three-way
 * merge of values by the schema's shapes; timestamps never conflict). A file that does not parse on some side is one conflict of
 * the whole file (field null).
 *
 * @example
 * conflictsOf(models, 'content/articles/a.json', { base, ours, theirs }, 'contents')
 * // [{ file: 'content/articles/a.json', type: 'api::article.article', documentId: 'a', field: 'title', reason: 'contents' }]
 */
export function conflictsOf(models: Models, file: string, versions: ConflictVersions, reason: string): MergeConflict[] {
  const model = modelForPath(models, file);
  const documentId = model ? parseFileName(file.slice(file.lastIndexOf('/') + 1))?.documentId ?? null : null;
  const whole: MergeConflict = { file, type: model?.uid ?? null, documentId, field: null, reason };
  if (!model || versions.ours === undefined || versions.theirs === undefined || !getParser(file)) return [whole];
  try {
    const [base, ours, theirs] = [versions.base, versions.ours, versions.theirs].map((text) => fieldsOf(text, file));
    const merged = mergeValues(base.fields, ours.fields, theirs.fields, modelShape(models, model)) as Record<string, unknown>;
    const fields = Object.keys(merged).filter((key) => hasConflict(merged[key]));
    const body = markdownBodyAttribute(model);
    const bodies = [base.body, ours.body, theirs.body];
    if (body && bodies[1] !== bodies[2] && bodies[0] !== bodies[1] && bodies[0] !== bodies[2] && !fields.includes(body)) fields.push(body);
    return fields.length ? fields.map((field) => ({ ...whole, field })) : [whole];
  } catch {
    return [whole];
  }
}

/** `Article a: title, body; content/x.json` — the conflicts of a merge in one line. */
export function conflictsLine(conflicts: MergeConflict[]): string {
  const byFile = new Map<string, MergeConflict[]>();
  for (const conflict of conflicts) byFile.set(conflict.file, [...(byFile.get(conflict.file) ?? []), conflict]);
  return [...byFile.values()].map((list) => {
    const [first] = list;
    const where = first.documentId ? `${first.type} ${first.documentId} (${first.file})` : first.file;
    const fields = list.map((conflict) => conflict.field).filter(Boolean);
    return fields.length ? `${where}: field${fields.length > 1 ? 's' : ''} ${fields.join(', ')}` : `${where}: ${first.reason}`;
  }).join('; ');
}
