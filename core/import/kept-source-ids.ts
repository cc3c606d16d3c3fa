import { applyKeptIds, isKeptId, keptKey, readKeptIds, writeKeptIds, type KeptIds, type KeptLocale } from '../index/kept-ids.js';
import { KEPT_ID_LIMIT } from '../index/ids.js';
import type { Model, Models } from '../schema/types.js';
import { expectDocumentId, expectObject, expectTimestamp, ImportSourceError } from './source-input.js';
import type { StrapiClient } from './strapi-client.js';

/**
 * The source's numeric ids, gathered while an import runs: each row keeps the id Strapi gave it, so
 * `GET /api/upload/files/:id`, media set by numeric id, `filters[id]` and `sort=id` answer as the
 * source did. Ids are checked as any source input (a whole number below KEPT_ID_LIMIT, one row per
 * id in a type) and applied before the rows they name are built.
 */
export class KeptSourceIds {
  private readonly kept: KeptIds;
  private readonly fresh = new Map<string, Map<number, string>>();

  constructor(private readonly root: string, private readonly models: Models) {
    this.kept = readKeptIds(root);
  }

  /** Keep the id a source entry gave one row (`where` names the entry for an error). */
  keep(model: Model, documentId: string, locale: string | null, status: string, id: unknown, where: { url: string; field: string }): void {
    // An id at or above the limit is a derived one (the source is a gitcms server): the same key derives it here too.
    if (Number.isSafeInteger(id) && (id as number) >= KEPT_ID_LIMIT) return;
    if (!isKeptId(id)) {
      const shown = JSON.stringify(id)?.slice(0, 40);
      throw new ImportSourceError(where.url, `${where.field}.id ${shown} is not a row id (1 to ${KEPT_ID_LIMIT - 1})`);
    }
    const key = keptKey(documentId, locale, status);
    let ids = this.fresh.get(model.uid);
    if (!ids) this.fresh.set(model.uid, (ids = new Map()));
    const holder = ids.get(id);
    if (holder !== undefined && holder !== key) {
      throw new ImportSourceError(where.url, `${where.field}.id ${id} is also the id of ${holder}`);
    }
    ids.set(id, key);
  }

  /** The source's locales (`GET /api/i18n/locales`) the project has, kept with their ids, documentIds and times. */
  async keepLocales(client: StrapiClient, codes: string[]): Promise<void> {
    const path = '/api/i18n/locales';
    const listed = await client.get(path);
    if (!Array.isArray(listed)) return;
    const url = `${client.origin}${path}`;
    const locales: Record<string, KeptLocale> = {};
    listed.forEach((item, at) => {
      const locale = expectObject(url, `[${at}]`, item);
      if (typeof locale.code !== 'string' || !codes.includes(locale.code)) return;
      // A source that answers no row behind a code (no documentId) has nothing to keep.
      if (locale.documentId === undefined) return;
      if (Number.isSafeInteger(locale.id) && (locale.id as number) >= KEPT_ID_LIMIT) return;
      if (!isKeptId(locale.id)) throw new ImportSourceError(url, `[${at}].id ${JSON.stringify(locale.id)?.slice(0, 40)} is not a row id`);
      const time = (name: string) => expectTimestamp(url, `[${at}].${name}`, locale[name]) ?? null;
      locales[locale.code] = {
        id: locale.id, documentId: expectDocumentId(url, `[${at}].documentId`, locale.documentId),
        name: typeof locale.name === 'string' ? locale.name.slice(0, 200) : locale.code,
        createdAt: time('createdAt') ?? new Date(0).toISOString(), updatedAt: time('updatedAt') ?? new Date(0).toISOString(),
        publishedAt: time('publishedAt'),
      };
    });
    this.kept.locales = { ...this.kept.locales, ...locales };
  }

  /**
   * Make the ids kept so far the ones rows answer (call before writing the files they name). A type's
   * earlier kept ids stay for rows this import did not see (a document deleted in the source keeps its
   * file, and its id) unless the source now gives that id to another row.
   */
  apply(): void {
    for (const [uid, ids] of this.fresh) {
      const rows: Record<string, number> = {};
      for (const [key, id] of Object.entries(this.kept.rows[uid] ?? {})) if (!ids.has(id)) rows[key] = id;
      for (const [id, key] of ids) rows[key] = id;
      this.kept.rows[uid] = rows;
    }
    applyKeptIds(this.models, this.kept);
  }

  /** Write `content/.ids.json`; true when its text changed. */
  save(): Promise<boolean> {
    this.apply();
    return writeKeptIds(this.root, this.kept);
  }
}
