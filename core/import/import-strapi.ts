import type { ContentIndex } from '../index/content-index.js';
import type { Model, Models } from '../schema/types.js';
import { DocumentFiles } from '../service/document-files.js';
import { sameData, type StoredDocument } from '../storage/serialize.js';
import { storedData } from './entry-data.js';
import { fetchEntries, sourceLocales, type SourcedEntry } from './fetch-entries.js';
import { importMedia } from './import-media.js';
import { inversesByStatus, withDraftOrders } from './inverse-lists.js';
import { KeptSourceIds } from './kept-source-ids.js';
import { KEPT_IDS_FILE } from '../index/kept-ids.js';
import type { StrapiClient } from './strapi-client.js';
import type { UploadProvider } from '../media/providers/types.js';

export interface ImportOptions {
  root: string;
  models: Models;
  index: ContentIndex;
  /** Locales the project is configured for; the source's others are skipped and reported. */
  locales: string[];
  defaultLocale: string;
  client: StrapiClient;
  /** The source's locales when already asked (`missingLocales`); asked otherwise. */
  sourceLocales?: string[];
  /** Progress lines (stderr in the CLI). */
  progress?: (message: string) => void;
  /** Copy media a remote provider stores (S3 URLs) into this provider; without it their URLs are kept. */
  copyMediaTo?: UploadProvider;
}

export interface ImportResult {
  /** Documents per content type uid. */
  documents: Record<string, number>;
  media: number;
  /** Files written (new or changed); unchanged ones are left byte-identical. */
  written: string[];
  /** The source's locales the project lacks (not imported; `cms import --add-locales` adds them). */
  skippedLocales: string[];
}

/** The source's locales (the i18n route, else the project's own) and those the project lacks. */
export async function missingLocales(client: StrapiClient, locales: string[]): Promise<{ available: string[]; missing: string[] }> {
  const listed = await sourceLocales(client);
  const available = listed?.length ? listed : locales;
  return { available, missing: available.filter((code) => !locales.includes(code)) };
}

const stored = (models: Models, model: Model, { entry, where }: SourcedEntry, published: boolean): StoredDocument => ({
  data: storedData(models, model, entry, where),
  createdAt: entry.createdAt as string | undefined,
  updatedAt: entry.updatedAt as string | undefined,
  publishedAt: published ? (entry.publishedAt as string | null) : undefined,
});

/**
 * Pull a running Strapi 5's content into files through its REST API: every content type the
 * token can read, every locale, published versions and drafts (a draft that differs from its
 * published version becomes a `.draft` file), owning-side relations, components, dynamic zones,
 * and the media library with its binaries. documentIds, numeric ids (`content/.ids.json`, see
 * kept-ids.ts), the locales' records and timestamps are kept (to the
 * millisecond, in the files, whatever the timestamp mode: under `git.timestampsFromHistory` a
 * file's next write hands its times to Git), and a file whose text would not change is not
 * rewritten, so a second run leaves the project byte-identical. Everything the source sends is
 * checked before use (ids before they become paths, page counts, shapes).
 *
 * @example
 * const client = strapiClient('http://localhost:1337', token);
 * await importFromStrapi({ root, models: cms.models, index: cms.index, locales: ['en'], defaultLocale: 'en', client });
 */
export async function importFromStrapi(options: ImportOptions): Promise<ImportResult> {
  const { root, models, index, client } = options;
  const progress = options.progress ?? (() => {});
  const files = new DocumentFiles(root, index);
  const written: string[] = [];
  const asGiven = { timestampsAsGiven: true };
  const write = async (model: Model, file: string, document: StoredDocument) => {
    if (await files.write(model, file, document, undefined, asGiven)) written.push(file);
  };
  const available = options.sourceLocales ?? (await missingLocales(client, options.locales)).available;
  const skippedLocales = available.filter((code) => !options.locales.includes(code));
  const ids = new KeptSourceIds(root, models);
  await ids.keepLocales(client, options.locales);
  const media = await importMedia(root, index, client, progress, ids, options.copyMediaTo);
  const documents: Record<string, number> = {};
  const types = [...models.values()].filter((model) => model.modelType === 'contentType' && model.uid.startsWith('api::'));
  for (const model of types) {
    const locales = model.localized ? options.locales.filter((code) => available.includes(code)) : [undefined];
    const documentIds = new Set<string>();
    for (const locale of locales) {
      const fileLocale = model.localized ? locale! : null;
      const published = await fetchEntries(client, models, model, locale, 'published');
      const drafts = model.draftAndPublish ? await fetchEntries(client, models, model, locale, 'draft') : [];
      const draftInverses = inversesByStatus(models, model);
      const draftAnswers = draftInverses.length ? await fetchEntries(client, models, model, locale, 'draft') : [];
      const draftAnswer = new Map(draftAnswers.map(({ entry }) => [entry.documentId as string, entry]));
      const publishedById = new Map(published.map((sourced) => [sourced.entry.documentId as string, sourced]));
      // Every row's source id is kept before the files that build the rows are written.
      for (const [status, list] of [['published', published], ['draft', drafts]] as const) {
        for (const { entry, where } of list) ids.keep(model, entry.documentId as string, fileLocale, status, entry.id, where);
      }
      ids.apply();
      for (const sourced of published) {
        const documentId = sourced.entry.documentId as string;
        documentIds.add(documentId);
        const document = stored(models, model, sourced, true);
        const draft = draftAnswer.get(documentId);
        if (draft) document.data = withDraftOrders(document.data, draftInverses, sourced.entry, draft, sourced.where);
        await write(model, files.pathFor(model, documentId, fileLocale, false), document);
      }
      for (const draft of drafts) {
        const documentId = draft.entry.documentId as string;
        documentIds.add(documentId);
        const twin = publishedById.get(documentId);
        const document = stored(models, model, draft, false);
        const draftFile = files.pathFor(model, documentId, fileLocale, true);
        // A draft equal to its published version needs no file of its own.
        if (twin && sameData(document.data, storedData(models, model, twin.entry, twin.where))) {
          const stale = files.inLocale(model, documentId, fileLocale).draft;
          if (stale) { await files.remove(stale.file); written.push(stale.file); }
          continue;
        }
        await write(model, draftFile, document);
      }
      const counts = `${published.length} published${model.draftAndPublish ? `, ${drafts.length} drafts` : ''}`;
      progress(`${model.pluralName}${locale ? ` (${locale})` : ''}: ${counts}`);
    }
    documents[model.uid] = documentIds.size;
  }
  if (await ids.save()) written.push(KEPT_IDS_FILE);
  return { documents, media, written, skippedLocales };
}
