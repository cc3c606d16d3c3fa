import type { CmsConfig } from '../config/types.js';
import { modelForPath } from '../index/load.js';
import { readContentFile, type FileRecord } from '../index/read-file.js';
import { mainFieldOf } from '../schema/main-field.js';
import { UPLOAD_FILE_UID, type Model, type Models } from '../schema/types.js';
import type { ContentIndex } from '../index/content-index.js';
import { fieldChanges, type FieldChange } from './field-diff.js';
import type { NameOf } from './field-text.js';

/** A changed content file told as an editor sees it: which document, in which locale and state, and which fields. */
export interface DocumentChange {
  /** The content type's display name ("Article"). */
  type: string;
  uid: string;
  /** The route name the studio links with (`articles`, or a single type's `global`). */
  apiName: string;
  documentId: string;
  locale: string | null;
  draft: boolean;
  /** The document's main field in its newest version ("Pizza napoletana"), else its documentId. */
  title: string;
  /** Old → new text per changed field, in schema order. */
  fields: FieldChange[];
  /** The file is new here (no earlier version): its fields are the document's first values. */
  created?: true;
}

/** One version of a content file, or undefined when it is absent or malformed then. */
function readVersion(path: string, text: string | undefined, model: Model, models: Models, config: CmsConfig): FileRecord | undefined {
  if (text === undefined) return undefined;
  try {
    return readContentFile(path, text, 0, model, models, config);
  } catch {
    return undefined;
  }
}

/**
 * Describe a changed file of `content/` as a document change, from its text at the base (HEAD, or
 * a commit's parent) and now; undefined for files that are no document (uploads, schemas, a name
 * that is no content file, or a file unreadable in both versions).
 *
 * @example
 * describeChange(models, config, 'content/articles/a1.json', '{"title":"Pizza"}', '{"title":"Pizza napoletana"}')
 * // { type: 'Article', documentId: 'a1', title: 'Pizza napoletana', fields: [{ field: 'title', before: 'Pizza', after: 'Pizza napoletana'
 * }], … }
 */
export function describeChange(
  models: Models, config: CmsConfig, path: string, before: string | undefined, after: string | undefined, nameOf?: NameOf,
): DocumentChange | undefined {
  const model = modelForPath(models, path);
  if (!model) return undefined;
  const old = readVersion(path, before, model, models, config);
  const next = readVersion(path, after, model, models, config);
  const record = next ?? old;
  if (!record) return undefined;
  const named = record.data[mainFieldOf(model)];
  return {
    type: model.displayName,
    uid: model.uid,
    apiName: model.kind === 'singleType' ? model.singularName : model.pluralName,
    documentId: record.documentId,
    locale: record.locale,
    draft: record.draft,
    title: typeof named === 'string' && named.trim() ? named : record.documentId,
    fields: fieldChanges(models, model, old?.data, next?.data, nameOf),
    ...(!old && next ? { created: true as const } : {}),
  };
}

/**
 * "Article · Pizza napoletana — title, body changed": one line naming a document change.
 *
 * @example
 * changeHeadline(change) // 'Article · Pizza napoletana — title, body changed'
 */
export function changeHeadline(change: DocumentChange): string {
  const names = change.fields.map((field) => field.field);
  return `${change.type} · ${change.title} — ${names.length ? `${names.join(', ')} changed` : 'no field changed'}`;
}

/**
 * Names of related documents and files from today's index (their main field), for the types
 * `canRead` allows; other ids stay ids.
 *
 * @example
 * const nameOf = indexNames(cms.models, cms.index, (uid) => caller.can(cms.models.get(uid)!, 'find'));
 * nameOf('api::author.author', 'nvys3yb5qcrc89ob002blkoe') // 'Amélie Laurent'
 */
export function indexNames(models: Models, index: Pick<ContentIndex, 'documentRecords'>, canRead: (uid: string) => boolean): NameOf {
  return (uid, documentId) => {
    const model = models.get(uid);
    if (!model || !canRead(uid)) return undefined;
    const field = model.uid === UPLOAD_FILE_UID ? 'name' : mainFieldOf(model);
    const named = index.documentRecords(uid, documentId)[0]?.data[field];
    return typeof named === 'string' && named ? named : undefined;
  };
}
