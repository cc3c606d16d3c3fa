import type { ContentIndex } from '../index/content-index.js';
import type { Model } from '../schema/types.js';
import { sameData } from '../storage/serialize.js';
import type { Data } from '../types.js';
import type { DocumentFiles } from './document-files.js';
import type { WriteHooks } from './write-event.js';

/** What the published row's hooks need from the writer: the files, and the document's lock in the locale. */
export interface PublishedRowDeps {
  files: DocumentFiles;
  locked: <T>(work: () => Promise<T>) => Promise<T>;
}

/**
 * Strapi 5 keeps a draft-and-publish document as rows: a publishing write saves the draft row, then publish inserts
 * the published row from the draft's values through the query engine, so the type's create hooks run once more for it
 * (`params.data`: the draft's values), after those of the draft's write. A hook that changes values there (a slug made
 * unique against the rows already stored, the draft's among them) leaves the published version different from the
 * draft: the published file takes the hook's values and the draft file keeps its own. Resolves to the files written
 * (none when the hooks changed nothing, which is the usual case).
 *
 * @example
 * // beforeCreate(event) { event.params.data.slug = uniqueSlug(event.params.data.title) }: draft `bal`, published `bal-1`
 * await insertPublishedRow(hooks, deps, model, documentId, locale);
 */
export async function insertPublishedRow(
  hooks: WriteHooks, deps: PublishedRowDeps, model: Model, documentId: string, locale: string | null,
): Promise<string[]> {
  const published = deps.files.inLocale(model, documentId, locale).plain;
  if (!published) return [];
  const draftValues = published.data;
  const data: Data = { ...structuredClone(draftValues), documentId, locale, publishedAt: published.publishedAt ?? null };
  const params: Record<string, unknown> = { data };
  const store = async (): Promise<string[]> => {
    const hooked = params.data as Data;
    const changed = Object.keys(model.attributes).filter((name) => name in hooked && !sameData(hooked[name], draftValues[name]));
    if (!changed.length) return [];
    return deps.locked(async () => {
      const { plain, draft } = deps.files.inLocale(model, documentId, locale);
      if (!plain || draft || !sameData(plain.data, draftValues)) return []; // changed meanwhile: that write's values stand
      const next: Data = { ...plain.data };
      for (const name of changed) next[name] = hooked[name];
      const draftFile = deps.files.pathFor(model, documentId, locale, true);
      await deps.files.write(model, draftFile, deps.files.storedFrom(model, { ...plain, draft: true }, plain.data), plain.file);
      await deps.files.write(model, plain.file, deps.files.storedFrom(model, plain, next));
      return [plain.file, draftFile];
    });
  };
  return hooks.around('create', model, params, store, () => data);
}

/**
 * Whether an update writes a version the document does not have yet in its locale (or a single type's first document):
 * Strapi's update creates that row, so the type's create hooks run for it, not its update hooks. A locale the write
 * refuses, or a document that does not exist, is left to the update to answer.
 */
export function updateCreatesRow(
  index: ContentIndex, model: Model, documentId: string | undefined, writeLocale: () => string | null,
): boolean {
  const id = documentId ?? index.singleDocumentId(model.uid);
  if (id === undefined) return model.kind === 'singleType';
  const records = index.documentRecords(model.uid, id);
  try {
    const locale = writeLocale();
    return records.length > 0 && !records.some((record) => record.locale === locale);
  } catch {
    return false;
  }
}
