import type { ContentIndex } from '../index/content-index.js';
import { contentFilePath, contentFolder, layoutOf, parseContentPath } from '../index/content-path.js';
import type { FileRecord } from '../index/read-file.js';
import type { Model } from '../schema/types.js';
import { writeContentFile, type WriteContentOptions } from '../storage/content-file.js';
import { DiskStore, type ContentStore } from '../storage/content-store.js';
import type { StoredDocument } from '../storage/serialize.js';
import type { Data } from '../types.js';

/** The files of one document in one locale: the plain (published) file and the `.draft` sibling. */
export interface LocaleFiles {
  plain?: FileRecord;
  draft?: FileRecord;
  locale: string | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A document's content files in the store (on disk: the served tree) and in the index, changed together: every
 * write is atomic and the index takes the very text written, so a response always matches what is stored.
 */
export class DocumentFiles {
  private readonly store: ContentStore;
  /** `store`: where the files live (a project root: the served tree on disk). */
  constructor(store: string | ContentStore, private readonly index: ContentIndex) {
    this.store = typeof store === 'string' ? new DiskStore(store, index) : store;
  }

  /** The plain and draft files of a document in a locale. */
  inLocale(model: Model, documentId: string, locale: string | null): LocaleFiles {
    const records = this.index.documentRecords(model.uid, documentId).filter((record) => record.locale === locale);
    return { plain: records.find((record) => !record.draft), draft: records.find((record) => record.draft), locale };
  }

  /**
   * `content/<plural>/<documentId>[.<locale>][.draft].<ext>` (or under `<plural>/<xx>/`, the fan-out layout), in the format
   * and the folder the document already uses (for a new one: JSON, in the type's layout).
   */
  pathFor(model: Model, documentId: string, locale: string | null, draft: boolean): string {
    const records = this.index.documentRecords(model.uid, documentId);
    const sibling = records.find((record) => record.locale === locale) ?? records[0];
    const known = sibling?.file;
    const dot = known === undefined ? -1 : known.lastIndexOf('.');
    const ext = known === undefined ? '.json' : dot >= 0 && dot < known.length - 1 ? known.slice(dot) : known;
    const layout = (sibling && parseContentPath(sibling.file)?.layout) || layoutOf(this.index.config, model);
    return contentFilePath(contentFolder(model), layout, {
      documentId, locale: locale === this.index.config.defaultLocale ? undefined : locale ?? undefined, draft, ext,
    });
  }

  /**
   * Serialise, check the text reads back, write atomically, then index that very text. Unchanged
   * text is not rewritten. A new file can start from a sibling's text (`template`), so a draft of
   * a YAML or Markdown document keeps its comments and layout. Returns whether the file changed.
   */
  async write(model: Model, file: string, document: StoredDocument, template?: string, options?: WriteContentOptions): Promise<boolean> {
    const base = template === undefined ? undefined : () => this.store.read(template);
    return writeContentFile(this.store, this.index, model, file, document, base, options);
  }

  async remove(file: string): Promise<void> {
    await this.store.remove(file);
    this.index.removeRecord(file);
  }

  /** A file's record with new fields and its own timestamps (as its row shows them). */
  storedFrom(model: Model, record: FileRecord, data: Data): StoredDocument {
    const row = this.index.documentRows(model.uid, record.documentId).find((candidate) => candidate.file === record.file);
    return {
      data,
      createdAt: row?.createdAt ?? record.createdAt ?? iso(record.mtimeMs),
      updatedAt: row?.updatedAt ?? record.updatedAt ?? iso(record.mtimeMs),
      publishedAt: record.draft ? undefined : row?.publishedAt ?? record.publishedAt ?? undefined,
    };
  }

  /** When the document was first created in the locale (a new localization: now). */
  createdAt(model: Model, documentId: string, locale: string | null, now: string): string {
    const rows = this.index.documentRows(model.uid, documentId).filter((row) => row.locale === locale);
    return rows.map((row) => row.createdAt).sort()[0] ?? now;
  }
}
