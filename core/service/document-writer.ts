import { join } from 'node:path';
import type { Caller } from '../access/permissions.js';
import { NotFoundError, ValidationError } from '../errors.js';
import type { ContentIndex } from '../index/content-index.js';
import { formatFileName } from '../index/file-name.js';
import { rowKey } from '../index/ids.js';
import { contentFolder } from '../index/load.js';
import { readContentFile, type FileRecord } from '../index/read-file.js';
import { resolveStatus } from '../query/normalize.js';
import type { RawQuery } from '../query/normalize.js';
import { isLocalizedAttribute, isScalar, type Model } from '../schema/types.js';
import { EntryValidator } from '../schema/validate-entry.js';
import { removeFile, writeFileAtomic } from '../storage/atomic-write.js';
import { serializeDocument, type StoredDocument } from '../storage/serialize.js';
import type { Data, Status } from '../types.js';
import type { ContentService } from './content-service.js';
import { newDocumentId } from './document-id.js';
import { KeyedLock } from './keyed-lock.js';
import { slugify } from './slugify.js';

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What a write did, for hooks such as commit-per-write and webhooks. */
export interface WriteEvent {
  action: 'create' | 'update' | 'delete' | 'publish' | 'unpublish' | 'discardDraft';
  model: Model;
  documentId: string;
  locale: string | null;
  /** Project-relative files written or removed. */
  files: string[];
  caller: Caller;
}

export interface WriterOptions {
  afterWrite?: (event: WriteEvent) => Promise<void> | void;
}

/** `{ data: {...} }` or Strapi's 400. */
export function extractData(body: unknown): Record<string, unknown> {
  if (!isRecord(body) || !isRecord(body.data)) throw new ValidationError('Missing "data" payload in the request body');
  return body.data;
}

/**
 * Writes documents as files: validate → serialise → atomic write → index update, one document at a
 * time. A write that fails validation or I/O changes neither the files nor the index.
 */
export class DocumentWriter {
  private readonly lock = new KeyedLock();
  constructor(private readonly root: string, private readonly index: ContentIndex, private readonly options: WriterOptions = {}) {}

  /** Locale of a write: `?locale`, else the body's `locale` (project choice), else the default; must be configured. */
  writeLocale(model: Model, raw: RawQuery, data?: Record<string, unknown>): string | null {
    if (!model.localized) return null;
    const requested = raw.locale ?? data?.locale ?? this.index.config.defaultLocale;
    if (typeof requested !== 'string' || !this.index.config.locales.includes(requested)) {
      throw new ValidationError(`Locale "${String(requested)}" is not configured (locales: ${this.index.config.locales.join(', ')})`, { key: 'locale', source: 'query', param: 'locale' });
    }
    return requested;
  }

  private fileFor(model: Model, documentId: string, locale: string | null, draft: boolean): string {
    const records = this.index.documentRecords(model.uid, documentId);
    const sameLocale = records.find((record) => record.locale === locale);
    const ext = (sameLocale ?? records[0])?.file.replace(/^.*(\.[^.]+)$/, '$1') ?? '.json';
    const name = formatFileName({ documentId, locale: locale === this.index.config.defaultLocale ? undefined : locale ?? undefined, draft, ext });
    return `content/${contentFolder(model)}/${name}`;
  }

  private async readText(file: string): Promise<string | undefined> {
    const { readFile } = await import('node:fs/promises');
    try { return await readFile(join(this.root, file), 'utf8'); } catch { return undefined; }
  }

  /** Serialise, write atomically, and index the file from the very text written. */
  private async writeDocument(model: Model, file: string, document: StoredDocument): Promise<void> {
    const previous = await this.readText(file);
    const text = serializeDocument(this.index.models, model, file, document, previous);
    if (text === previous) return;
    await writeFileAtomic(join(this.root, file), text);
    this.index.setRecord(readContentFile(file, text, Date.now(), model, this.index.models, this.index.config));
  }

  private async removeDocumentFile(file: string): Promise<void> {
    await removeFile(join(this.root, file));
    this.index.removeRecord(file);
  }

  private createdAt(model: Model, documentId: string, locale: string | null, now: string): string {
    const rows = this.index.documentRows(model.uid, documentId).filter((row) => row.locale === locale);
    return rows.map((row) => row.createdAt).sort()[0] ?? now;
  }

  private async emit(event: Omit<WriteEvent, 'files'> & { files: Iterable<string> }): Promise<void> {
    await this.options.afterWrite?.({ ...event, files: [...new Set(event.files)] });
  }

  /** Defaults and generated uids for a new version. */
  private complete(model: Model, next: Data, documentId: string, locale: string | null): void {
    for (const name of model.attributeNames) {
      const attribute = model.attributes[name];
      if (next[name] === undefined && attribute.default !== undefined && isScalar(attribute)) next[name] = attribute.default;
      if (attribute.type === 'uid' && (next[name] === undefined || next[name] === null) && attribute.targetField) {
        const source = next[attribute.targetField];
        if (typeof source === 'string' && source.trim() !== '') next[name] = this.uniqueUid(model, name, slugify(source), documentId, locale);
      }
    }
  }

  private uniqueUid(model: Model, name: string, base: string, documentId: string, locale: string | null): string {
    const taken = new Set(this.index.rows(model.uid).filter((row) => row.documentId !== documentId && row.locale === locale).map((row) => row.data[name]));
    let candidate = base;
    for (let n = 1; taken.has(candidate); n++) candidate = `${base}-${n}`;
    return candidate;
  }

  async create(model: Model, body: unknown, raw: RawQuery, caller: Caller, service: ContentService): Promise<Data> {
    const data = extractData(body);
    const status = resolveStatus(model, raw.status);
    const locale = this.writeLocale(model, raw, data);
    const documentId = newDocumentId();
    const publish = !model.draftAndPublish || status === 'published';
    await this.lock.run(`${model.uid}|${documentId}`, async () => {
      const validator = new EntryValidator({ index: this.index, locale, status, documentId, mode: 'create', enforceConstraints: publish, seed: '' });
      validator.checkKeys(model, data);
      const seed = rowKey(model.uid, documentId, locale, 'draft');
      const next = validator.apply(model, data, Object.create(null), [], seed);
      validator.throwIfInvalid();
      this.complete(model, next, documentId, locale);
      const now = new Date().toISOString();
      const file = this.fileFor(model, documentId, locale, !publish);
      await this.writeDocument(model, file, { data: next, createdAt: now, updatedAt: now, publishedAt: publish ? now : undefined });
      await this.emit({ action: 'create', model, documentId, locale, files: [file], caller });
    });
    return service.findOne(model, documentId, { ...raw, status, locale: locale ?? undefined }, caller)!;
  }

  /** PUT: partial update (publishing unless `status=draft`); single types create their document when missing. */
  async update(model: Model, documentId: string | undefined, body: unknown, raw: RawQuery, caller: Caller, service: ContentService): Promise<Data | undefined> {
    const data = extractData(body);
    const status = resolveStatus(model, raw.status);
    const locale = this.writeLocale(model, raw, data);
    new EntryValidator({ index: this.index, locale, status, documentId: documentId ?? '', mode: 'update', enforceConstraints: false, seed: '' }).checkKeys(model, data);
    const targetId = documentId ?? this.singleDocumentId(model) ?? newDocumentId();
    const publish = !model.draftAndPublish || status === 'published';
    const written = await this.lock.run(`${model.uid}|${targetId}`, async () => {
      const records = this.index.documentRecords(model.uid, targetId);
      if (records.length === 0 && model.kind === 'collectionType') return false;
      const inLocale = records.filter((record) => record.locale === locale);
      const plain = inLocale.find((record) => !record.draft);
      const draft = inLocale.find((record) => record.draft);
      const current = (draft ?? plain)?.data ?? Object.create(null);
      const creating = !plain && !draft;
      const validator = new EntryValidator({ index: this.index, locale, status, documentId: targetId, mode: creating ? 'create' : 'update', enforceConstraints: publish, seed: '' });
      const seed = rowKey(model.uid, targetId, locale, model.draftAndPublish ? 'draft' : 'published');
      const next = validator.apply(model, data, current, [], seed);
      validator.throwIfInvalid();
      if (creating) this.complete(model, next, targetId, locale);
      const now = new Date().toISOString();
      const createdAt = this.createdAt(model, targetId, locale, now);
      const files: string[] = [];
      if (publish) {
        const unchanged = plain && !draft && sameJson(next, plain.data);
        if (!unchanged) {
          const file = this.fileFor(model, targetId, locale, false);
          await this.writeDocument(model, file, { data: next, createdAt, updatedAt: now, publishedAt: now });
          files.push(file);
          if (draft) { await this.removeDocumentFile(draft.file); files.push(draft.file); }
        }
      } else if (!sameJson(next, current) || !draft) {
        const file = this.fileFor(model, targetId, locale, true);
        await this.writeDocument(model, file, { data: next, createdAt, updatedAt: now, publishedAt: undefined });
        files.push(file);
      }
      files.push(...(await this.shareUnlocalized(model, targetId, locale, data, next)));
      if (files.length) await this.emit({ action: 'update', model, documentId: targetId, locale, files, caller });
      return true;
    });
    if (!written) return undefined;
    return service.findOne(model, targetId, { ...raw, status, locale: locale ?? undefined }, caller);
  }

  /** Non-localized fields stay in sync: other locales' files that store them get the new values. */
  private async shareUnlocalized(model: Model, documentId: string, locale: string | null, patch: Record<string, unknown>, next: Data): Promise<string[]> {
    if (!model.localized) return [];
    const shared = Object.keys(patch).filter((name) => model.attributes[name] && !isLocalizedAttribute(model, model.attributes[name]));
    if (!shared.length) return [];
    const files: string[] = [];
    for (const record of this.index.documentRecords(model.uid, documentId)) {
      if (record.locale === locale || !shared.some((name) => name in record.data && !sameJson(record.data[name], next[name]))) continue;
      const data: Data = Object.assign(Object.create(null), record.data);
      for (const name of shared) if (name in record.data) data[name] = next[name];
      await this.writeDocument(model, record.file, this.storedFrom(model, record, data));
      files.push(record.file);
    }
    return files;
  }

  private storedFrom(model: Model, record: FileRecord, data: Data): StoredDocument {
    const row = this.index.documentRows(model.uid, record.documentId).find((candidate) => candidate.file === record.file);
    return {
      data,
      createdAt: row?.createdAt ?? record.createdAt ?? new Date(record.mtimeMs).toISOString(),
      updatedAt: row?.updatedAt ?? record.updatedAt ?? new Date(record.mtimeMs).toISOString(),
      publishedAt: record.draft ? undefined : row?.publishedAt ?? record.publishedAt ?? undefined,
    };
  }

  private singleDocumentId(model: Model): string | undefined {
    return this.index.rows(model.uid)[0]?.documentId;
  }

  /** DELETE: every version of the document in the locale (`*`: all locales). 204 even when nothing existed. */
  async delete(model: Model, documentId: string | undefined, raw: RawQuery, caller: Caller): Promise<void> {
    if (model.draftAndPublish && raw.status === 'draft') throw new ValidationError('Cannot delete a draft document');
    const allLocales = model.localized && raw.locale === '*';
    const locale = model.localized && !allLocales ? (typeof raw.locale === 'string' ? raw.locale : this.index.config.defaultLocale) : null;
    const targetId = documentId ?? this.singleDocumentId(model);
    if (!targetId) return;
    await this.lock.run(`${model.uid}|${targetId}`, async () => {
      const records = this.index.documentRecords(model.uid, targetId).filter((record) => allLocales || record.locale === locale);
      for (const record of records) await this.removeDocumentFile(record.file);
      if (records.length) await this.emit({ action: 'delete', model, documentId: targetId, locale, files: records.map((record) => record.file), caller });
    });
  }

  /** Publish the draft (draft-and-publish types): it becomes the published version. */
  async publish(model: Model, documentId: string, localeOption: string | undefined, caller: Caller): Promise<void> {
    await this.transition(model, documentId, localeOption, caller, 'publish', async ({ plain, draft, locale }) => {
      const source = draft ?? plain!;
      const validator = new EntryValidator({ index: this.index, locale, status: 'published', documentId, mode: 'update', enforceConstraints: true, seed: '' });
      validator.apply(model, Object.create(null), source.data, [], '');
      validator.throwIfInvalid();
      const now = new Date().toISOString();
      const file = this.fileFor(model, documentId, locale, false);
      const stored = this.storedFrom(model, source, source.data);
      await this.writeDocument(model, file, { ...stored, updatedAt: draft ? stored.updatedAt : now, publishedAt: now });
      if (draft) await this.removeDocumentFile(draft.file);
      return [file, ...(draft ? [draft.file] : [])];
    });
  }

  /** Unpublish: the published version goes; its content stays as the draft. */
  async unpublish(model: Model, documentId: string, localeOption: string | undefined, caller: Caller): Promise<void> {
    await this.transition(model, documentId, localeOption, caller, 'unpublish', async ({ plain, draft, locale }) => {
      if (!plain) throw new ValidationError('This document is not published');
      const files = [plain.file];
      if (!draft) {
        const file = this.fileFor(model, documentId, locale, true);
        await this.writeDocument(model, file, { ...this.storedFrom(model, plain, plain.data), publishedAt: undefined });
        files.push(file);
      }
      await this.removeDocumentFile(plain.file);
      return files;
    });
  }

  /** Discard the draft: the published version becomes the draft again. */
  async discardDraft(model: Model, documentId: string, localeOption: string | undefined, caller: Caller): Promise<void> {
    await this.transition(model, documentId, localeOption, caller, 'discardDraft', async ({ plain, draft }) => {
      if (!plain) throw new ValidationError('This document has no published version to go back to');
      if (!draft) return [];
      await this.removeDocumentFile(draft.file);
      return [draft.file];
    });
  }

  private async transition(
    model: Model, documentId: string, localeOption: string | undefined, caller: Caller, action: WriteEvent['action'],
    step: (files: { plain?: FileRecord; draft?: FileRecord; locale: string | null }) => Promise<string[]>,
  ): Promise<void> {
    if (!model.draftAndPublish) throw new ValidationError(`${model.uid} has no draft & publish`);
    const locale = this.writeLocale(model, { locale: localeOption });
    await this.lock.run(`${model.uid}|${documentId}`, async () => {
      const inLocale = this.index.documentRecords(model.uid, documentId).filter((record) => record.locale === locale);
      if (!inLocale.length) throw new NotFoundError();
      const files = await step({ plain: inLocale.find((record) => !record.draft), draft: inLocale.find((record) => record.draft), locale });
      if (files.length) await this.emit({ action, model, documentId, locale, files, caller });
    });
  }
}

export type { Status };
