import { ValidationError } from '../errors.js';
import type { ContentIndex } from '../index/content-index.js';
import { rowOfType } from '../index/type-row-ids.js';
import { getAttribute, UPLOAD_FILE_UID, type Model, type Models } from '../schema/types.js';
import type { Data } from '../types.js';
import { writeContentFile } from '../storage/content-file.js';
import { storedAsIs } from './entry-store.js';

const isRecord = (value: unknown): value is Data => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * Stored fields of `model` without any reference to a file: single media fields become null,
 * multiple ones lose the id; components and dynamic-zone items are walked. Returns the same
 * object when nothing referenced the file, so callers rewrite only what changed.
 */
export function withoutFile(models: Models, model: Model, data: Data, fileId: string): Data {
  let next: Data | undefined;
  const set = (name: string, value: unknown) => { next ??= Object.assign(Object.create(null), data) as Data; next[name] = value; };
  for (const name of model.attributeNames) {
    const value = data[name];
    if (value === undefined || value === null) continue;
    const attribute = model.attributes[name];
    if (attribute.type === 'media') {
      if (Array.isArray(value)) { if (value.includes(fileId)) set(name, value.filter((id) => id !== fileId)); }
      else if (value === fileId) set(name, null);
    } else if (attribute.type === 'component' || attribute.type === 'dynamiczone') {
      const items = Array.isArray(value) ? value : [value];
      const cleaned = items.map((item) => {
        const uid = attribute.type === 'component' ? attribute.component : isRecord(item) ? String(item.__component) : undefined;
        const component = uid ? models.get(uid) : undefined;
        return component && isRecord(item) ? withoutFile(models, component, item, fileId) : item;
      });
      if (cleaned.some((item, position) => item !== items[position])) set(name, Array.isArray(value) ? cleaned : cleaned[0]);
    }
  }
  return next ?? data;
}

/**
 * Clear every reference to a file from documents' media fields (top level, components, dynamic
 * zones; every locale, draft and published file), rewriting only the content files that held one.
 * Timestamps are kept: removing a file does not edit the documents, as in Strapi.
 * Returns the rewritten files.
 */
export async function clearReferences(root: string, index: ContentIndex, fileId: string): Promise<string[]> {
  const rewritten: string[] = [];
  for (const file of index.files('content/')) {
    const record = index.record(file);
    if (!record || record.uid === UPLOAD_FILE_UID) continue;
    const model = index.model(record.uid);
    const data = withoutFile(index.models, model, record.data, fileId);
    if (data === record.data) continue;
    if (await writeContentFile(root, index, model, file, storedAsIs(index, record, data))) rewritten.push(file);
  }
  return rewritten;
}

/** Strapi's legacy attach-on-upload fields: the entry (`ref` uid, `refId` row id) and its media `field`. */
export interface AttachTarget {
  ref: string;
  refId: string;
  field: string;
}

/** Where an attach goes: the entry's content file and its media field. */
export interface ResolvedTarget {
  model: Model;
  /** The entry's document, which an attach changes (judged as its type's update route). */
  documentId: string;
  file: string;
  field: string;
}

/**
 * The entry `ref`/`refId`/`field` name, checked before anything is stored. As Strapi 5.54: a `ref`
 * that is no content type fails (Strapi's 500, a 400 here), while a field that is not a media
 * attribute or an entry that does not exist still stores the files, attached to nothing (undefined),
 * and the field's `allowedTypes` is not enforced (recorded: upload.attach.*).
 */
export function resolveAttachTarget(index: ContentIndex, target: AttachTarget): ResolvedTarget | undefined {
  const model = index.models.get(target.ref);
  if (!model || model.modelType !== 'contentType' || model.uid === UPLOAD_FILE_UID) {
    throw new ValidationError(`ref "${target.ref}" is not a content type`, { key: 'ref', source: 'body' });
  }
  if (getAttribute(model, target.field)?.type !== 'media') return undefined;
  const row = /^\d+$/.test(target.refId) ? rowOfType(index, model.uid, Number(target.refId)) : undefined;
  if (!row) return undefined;
  return { model, documentId: row.documentId, file: row.file, field: target.field };
}

/**
 * Attach files to an entry's media field: a single field takes the (last) file, a multiple one
 * appends them. Returns the rewritten content file, if it changed.
 */
export async function attachFiles(
  root: string, index: ContentIndex, target: ResolvedTarget, fileIds: string[],
): Promise<string | undefined> {
  const record = index.record(target.file);
  if (!record || !fileIds.length) return undefined;
  const attribute = target.model.attributes[target.field];
  const current = record.data[target.field];
  const list = Array.isArray(current) ? current.filter((id) => !fileIds.includes(id as string)) : [];
  const value = attribute.multiple ? [...list, ...fileIds] : fileIds[fileIds.length - 1];
  const data: Data = Object.assign(Object.create(null), record.data, { [target.field]: value });
  return (await writeContentFile(root, index, target.model, record.file, storedAsIs(index, record, data))) ? record.file : undefined;
}
