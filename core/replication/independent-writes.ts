import type { ContentIndex } from '../index/content-index.js';
import { parseFileName } from '../index/file-name.js';
import { modelForPath } from '../index/load.js';
import type { Model } from '../schema/types.js';

/** Attribute types whose values may point at other documents (relations, or components and zones that can hold them). */
const LINKS = new Set(['relation', 'component', 'dynamiczone']);

/** The content type and document a content file belongs to, or undefined for any other file. */
function documentOf(index: ContentIndex, file: string): { model: Model; key: string } | undefined {
  const model = modelForPath(index.models, file);
  const name = model && parseFileName(file.split('/')[2]);
  return model && name ? { model, key: `${model.uid}\u0000${name.documentId}` } : undefined;
}

/** Whether a uid or unique value of one of our files is held by another document now (the incoming files are indexed). */
function valueTaken(index: ContentIndex, model: Model, file: string): boolean {
  const record = index.record(file);
  if (!record) return false;
  return model.attributeNames.some((name) => {
    const attribute = model.attributes[name];
    const value = record.data[name];
    if ((attribute.type !== 'uid' && !attribute.unique) || value === undefined || value === null) return false;
    return [...index.valueHolders(model.uid, name, record.locale, 'any', value)].some((holder) => holder !== record.documentId);
  });
}

/**
 * Whether writes that left the files `ours` stay valid, as they are, on a remote tip whose new commits
 * changed the files `theirs` (already indexed): then a lost push race needs no re-run of those writes.
 * Conservative (any doubt is false, and the writes run again): only content files on both sides, no
 * document in both (nor a locale or draft of one), nothing deleted by them, no type of ours reading a type
 * of theirs through a relation, component or dynamic zone, and no uid or unique value of ours now held
 * by another document.
 *
 * @example
 * writesIndependent(index, ['content/notes/a.json'], [{ file: 'content/notes/b.json', removed: false }]) // true
 */
export function writesIndependent(index: ContentIndex, ours: string[], theirs: Array<{ file: string; removed: boolean }>): boolean {
  const mine = new Map<string, Model>();
  for (const file of ours) {
    const owner = documentOf(index, file);
    if (!owner) return false;
    mine.set(owner.key, owner.model);
  }
  const types = new Set([...mine.values()].map((model) => model.uid));
  const touched = new Set<string>();
  for (const { file, removed } of theirs) {
    const owner = documentOf(index, file);
    if (!owner || removed || mine.has(owner.key)) return false;
    touched.add(owner.model.uid);
  }
  for (const uid of types) {
    const model = index.model(uid);
    const linked = model.attributeNames.some((name) => LINKS.has(model.attributes[name].type));
    if (touched.has(uid) && linked) return false;
    if (index.dependencies.readsOf(uid).some((read) => read !== uid && touched.has(read))) return false;
  }
  return ours.every((file) => {
    const { model } = documentOf(index, file)!;
    return !touched.has(model.uid) || !valueTaken(index, model, file);
  });
}
