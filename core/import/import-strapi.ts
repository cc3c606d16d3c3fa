import qs from 'qs';
import type { ContentIndex } from '../index/content-index.js';
import type { Model, Models } from '../schema/types.js';
import { DocumentFiles } from '../service/document-files.js';
import { sameData, type StoredDocument } from '../storage/serialize.js';
import type { Data } from '../types.js';
import { populateAll, storedData } from './entry-data.js';
import { importMedia } from './import-media.js';
import type { StrapiClient } from './strapi-client.js';

export interface ImportOptions {
  root: string;
  models: Models;
  index: ContentIndex;
  /** Locales the project is configured for; the source's others are skipped and reported. */
  locales: string[];
  defaultLocale: string;
  client: StrapiClient;
  /** Progress lines (stderr in the CLI). */
  progress?: (message: string) => void;
}

export interface ImportResult {
  /** Documents per content type uid. */
  documents: Record<string, number>;
  media: number;
  /** Files written (new or changed); unchanged ones are left byte-identical. */
  written: string[];
}

const PAGE_SIZE = 100;

/** Every entry of one type in one locale and status (pages of 100), or the single type's one. */
async function fetchEntries(client: StrapiClient, models: Models, model: Model, locale: string | undefined, status: 'published' | 'draft'): Promise<Data[]> {
  const query = (page: number) => qs.stringify({ populate: populateAll(models, model), status, ...(locale ? { locale } : {}), ...(model.kind === 'singleType' ? {} : { pagination: { page, pageSize: PAGE_SIZE } }) }, { encodeValuesOnly: true });
  if (model.kind === 'singleType') {
    const body = (await client.get(`/api/${model.singularName}?${query(1)}`)) as { data?: Data } | undefined;
    return body?.data ? [body.data] : [];
  }
  const entries: Data[] = [];
  for (let page = 1; ; page++) {
    const body = (await client.get(`/api/${model.pluralName}?${query(page)}`)) as { data: Data[]; meta: { pagination: { pageCount: number } } } | undefined;
    if (!body) break;
    entries.push(...body.data);
    if (page >= body.meta.pagination.pageCount) break;
  }
  return entries;
}

/** The source's locales (the i18n route), else the project's own. */
async function sourceLocales(client: StrapiClient, fallback: string[]): Promise<string[]> {
  const listed = (await client.get('/api/i18n/locales').catch(() => undefined)) as { code: string }[] | undefined;
  return Array.isArray(listed) && listed.length ? listed.map((locale) => locale.code) : fallback;
}

const stored = (models: Models, model: Model, entry: Data, published: boolean): StoredDocument => ({
  data: storedData(models, model, entry),
  createdAt: entry.createdAt as string | undefined,
  updatedAt: entry.updatedAt as string | undefined,
  publishedAt: published ? (entry.publishedAt as string | null) : undefined,
});

/**
 * Pull a running Strapi 5's content into files through its REST API: every content type the
 * token can read, every locale, published versions and drafts (a draft that differs from its
 * published version becomes a `.draft` file), owning-side relations, components, dynamic zones,
 * and the media library with its binaries. documentIds and timestamps are kept, and a file whose
 * text would not change is not rewritten, so a second run leaves the project byte-identical.
 *
 * @example
 * await importFromStrapi({ root, models: cms.models, index: cms.index, locales: ['en'], defaultLocale: 'en', client: strapiClient('http://localhost:1337', token) });
 */
export async function importFromStrapi(options: ImportOptions): Promise<ImportResult> {
  const { root, models, index, client } = options;
  const progress = options.progress ?? (() => {});
  const files = new DocumentFiles(root, index);
  const written: string[] = [];
  const write = async (model: Model, file: string, document: StoredDocument) => { if (await files.write(model, file, document)) written.push(file); };
  const media = await importMedia(root, index, client, progress);
  const available = await sourceLocales(client, options.locales);
  for (const code of available) if (!options.locales.includes(code)) progress(`locale ${code} is not in cms.config.json locales: skipped`);
  const documents: Record<string, number> = {};
  const types = [...models.values()].filter((model) => model.modelType === 'contentType' && !model.uid.startsWith('plugin::'));
  for (const model of types) {
    const locales = model.localized ? options.locales.filter((code) => available.includes(code)) : [undefined];
    const ids = new Set<string>();
    for (const locale of locales) {
      const fileLocale = model.localized ? locale! : null;
      const published = await fetchEntries(client, models, model, locale, 'published');
      const drafts = model.draftAndPublish ? await fetchEntries(client, models, model, locale, 'draft') : [];
      const publishedById = new Map(published.map((entry) => [entry.documentId as string, entry]));
      for (const entry of published) {
        ids.add(entry.documentId as string);
        await write(model, files.pathFor(model, entry.documentId as string, fileLocale, false), stored(models, model, entry, true));
      }
      for (const draft of drafts) {
        const documentId = draft.documentId as string;
        ids.add(documentId);
        const twin = publishedById.get(documentId);
        const document = stored(models, model, draft, false);
        const draftFile = files.pathFor(model, documentId, fileLocale, true);
        // A draft equal to its published version needs no file of its own.
        if (twin && sameData(document.data, storedData(models, model, twin))) {
          const stale = files.inLocale(model, documentId, fileLocale).draft;
          if (stale) { await files.remove(stale.file); written.push(stale.file); }
          continue;
        }
        await write(model, draftFile, document);
      }
      progress(`${model.pluralName}${locale ? ` (${locale})` : ''}: ${published.length} published${model.draftAndPublish ? `, ${drafts.length} drafts` : ''}`);
    }
    documents[model.uid] = ids.size;
  }
  return { documents, media, written };
}
