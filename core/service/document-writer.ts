import { trustedCaller, type Caller } from '../access/permissions.js';
import { checkRelationAccess } from '../access/relation-access.js';
import { NotFoundError, ValidationError } from '../errors.js';
import type { ContentIndex } from '../index/content-index.js';
import { resolveStatus, type RawQuery } from '../query/normalize.js';
import type { Model } from '../schema/types.js';
import { checkRelationDocuments } from '../schema/relation-input.js';
import { EntryValidator } from '../schema/validate-entry.js';
import type { Data, Status } from '../types.js';
import type { DocumentReader } from './document-reader.js';
import { DocumentFiles, type LocaleFiles } from './document-files.js';
import { newDocumentId } from './document-id.js';
import { KeyedLock } from './keyed-lock.js';
import { checkPrecondition, documentVersion, type Precondition } from './document-version.js';
import { LinkedWrites } from './linked-writes.js';
import { saveVersion, type VersionTarget } from './save-version.js';
import { checkPublishable, prepareEntry, type Change } from './prepare-entry.js';
import { extractData, type WriteEvent, type WriterOptions } from './write-event.js';

export { extractData, type WriteEvent, type WriterOptions };

/**
 * A written document and its version, both read inside the write's lock: the version is the one
 * this data has, never a later write's or a pull's (a later `If-Match` with it must not skip them).
 */
export interface Written { data: Data; version: string | null }

/** One PUT in one locale, inside the document's lock. */
interface LocaleUpdate extends VersionTarget {
  documentExists: boolean;
  caller: Caller;
  /** The response: read inside the lock, so it is this write and never a later one. */
  read: () => Data | undefined;
}

/**
 * Writes documents as files: validate → serialise → atomic write → index update, one document at a
 * time (a per-document lock, in arrival order). A write that fails validation changes neither the
 * files nor the index.
 */
export class DocumentWriter {
  private readonly lock = new KeyedLock();
  /** Per type: held from a unique value's check (or a uid's generation) until the index holds the file that takes it. */
  private readonly valueLock = new KeyedLock();
  private readonly files: DocumentFiles;
  private readonly linked: LinkedWrites;
  constructor(root: string, private readonly index: ContentIndex, private readonly options: WriterOptions = {}) {
    this.files = new DocumentFiles(root, index);
    this.linked = new LinkedWrites(index, this.files, (owner, ownerId, work) => this.lock.run(this.lockKey(owner, ownerId), work));
  }

  /**
   * Locale of a write: `?locale`, else (POST only, a project choice) the body's `locale`, else the
   * default; it must be configured. Strapi overwrites a body locale on every other write.
   */
  writeLocale(model: Model, raw: RawQuery, data?: Record<string, unknown>): string | null {
    if (!model.localized) return null;
    const requested = raw.locale ?? data?.locale ?? this.index.config.defaultLocale;
    if (typeof requested !== 'string' || !this.index.config.locales.includes(requested)) {
      const shown = typeof requested === 'string' ? requested : JSON.stringify(requested);
      throw new ValidationError(`Locale "${shown}" is not configured (locales: ${this.index.config.locales.join(', ')})`, { key: 'locale', source: 'query', param: 'locale' });
    }
    return requested;
  }

  /** Strapi's controllers call validateQuery before reading the body: a bad query writes nothing. */
  private checkQuery(service: DocumentReader, model: Model, raw: RawQuery, caller: Caller): void {
    service.normalize(model, { ...raw, locale: undefined }, caller, 'findOne');
  }

  /** Strapi's validateInput, before any work: unknown keys, then relations this caller may not write. */
  private checkBody(model: Model, data: Record<string, unknown>, locale: string | null, documentId: string, caller: Caller): void {
    new EntryValidator({ index: this.index, locale, documentId, mode: 'update', enforceConstraints: false }).checkKeys(model, data);
    checkRelationAccess(this.index.models, model, data, caller);
  }

  /** A single type has one document: its writes serialise on the type, so two first PUTs cannot create two. */
  private lockKey(model: Model, documentId: string | undefined): string {
    return model.kind === 'singleType' ? `${model.uid}|` : `${model.uid}|${documentId}`;
  }


  /** The document's lock, inside the writer's gate (`git.push`: a write never overlaps a rebase, and is answered once pushed). */
  private locked<T>(key: string, work: () => Promise<T>): Promise<T> {
    // The gate may run the work again (a replica re-applying a write on a newer tip): it takes the lock each time.
    const gate = this.options.gate;
    return gate ? gate(() => this.lock.run(key, work)) : this.lock.run(key, work);
  }

  /**
   * Two concurrent writes of one type that make a uid from the same text (or give the same `unique` value) would both
   * find it free in the index before either file is written: on a type with such fields they take turns for the check
   * (`prepare`), and each holds its values in the index until its file is indexed, so the disk sync (`save`) of one
   * does not hold back the next (a writer replica takes every replica's writes at once).
   */
  private async valuesHeld<R>(
    model: Model, documentId: string, locale: string | null, publish: boolean, prepare: () => Data, save: (next: Data) => Promise<R>,
  ): Promise<{ next: Data; saved: R }> {
    const names = model.attributeNames.filter((name) => model.attributes[name].type === 'uid' || model.attributes[name].unique === true);
    if (!names.length) {
      const next = prepare();
      return { next, saved: await save(next) };
    }
    const { next, release } = await this.valueLock.run(model.uid, async () => {
      const prepared = prepare();
      const values = names.map((name): [string, unknown] => [name, prepared[name]]);
      return { next: prepared, release: this.index.holdValues(model.uid, documentId, locale, publish, values) };
    });
    try {
      return { next, saved: await save(next) };
    } finally {
      release();
    }
  }

  private async emit(event: Omit<WriteEvent, 'files'> & { files: Iterable<string> }): Promise<void> {
    await this.options.afterWrite?.({ ...event, files: [...new Set(event.files)] });
  }

  /** The write inside the project's lifecycle hooks for it, when there are any. */
  private hooked<T>(
    action: 'create' | 'update' | 'delete', model: Model, params: Record<string, unknown>, write: () => Promise<T>, result: (written: T) => unknown,
  ): Promise<T> {
    const hooks = this.options.hooks?.();
    return hooks ? hooks.around(action, model, params, write, result) : write();
  }

  /** POST: a new document (published unless `status=draft`), in `?locale` or the default locale. */
  async create(model: Model, body: unknown, raw: RawQuery, caller: Caller, service: DocumentReader): Promise<Written> {
    this.checkQuery(service, model, raw, caller);
    const data = extractData(body);
    const params = { data, locale: raw.locale, status: raw.status };
    return this.hooked('create', model, params, () => this.createChecked(model, data, raw, caller, service), (written) => written.data);
  }

  private async createChecked(model: Model, data: Record<string, unknown>, raw: RawQuery, caller: Caller, service: DocumentReader): Promise<Written> {
    const status = resolveStatus(model, raw.status);
    const locale = this.writeLocale(model, raw, data);
    const documentId = newDocumentId();
    this.checkBody(model, data, locale, documentId, caller);
    const publish = !model.draftAndPublish || status === 'published';
    return this.locked(this.lockKey(model, documentId), async () => {
      const change: Change = { documentId, locale, mode: 'create', publish, current: Object.create(null), sharedElsewhere: false };
      const file = this.files.pathFor(model, documentId, locale, !publish);
      const now = new Date().toISOString();
      const { next } = await this.valuesHeld(model, documentId, locale, publish, () => prepareEntry(this.index, model, data, change),
        (prepared) => this.files.write(model, file, { data: prepared, createdAt: now, updatedAt: now, publishedAt: publish ? now : undefined }));
      const owners = await this.linked.applyInverse(model, documentId, change.inverse);
      owners.push(...(await this.linked.orderInverseSides(model, documentId, locale, change.current, next)));
      const document = service.findOne(model, documentId, { ...raw, status, locale: locale ?? undefined }, caller)!;
      const written = { data: document, version: documentVersion(this.index, model, documentId, locale) };
      await this.emit({ action: 'create', model, documentId, locale, files: [file, ...owners], caller });
      return written;
    });
  }

  /** PUT: partial update (publishing unless `status=draft`); a new locale creates that localization; single types create their document when missing. */
  async update(
    model: Model, documentId: string | undefined, body: unknown, raw: RawQuery, caller: Caller, service: DocumentReader,
    precondition?: Precondition,
  ): Promise<Written | undefined> {
    this.checkQuery(service, model, raw, caller);
    // `data` as a list fails Strapi's entity validation, which runs after the lookup: an unknown id is
    // a 404 first (recorded: foodadvisor fuzz.data.array.missing)
    const listed = !!body && typeof body === 'object' && Array.isArray((body as { data?: unknown }).data);
    const data = listed ? Object.create(null) : extractData(body);
    const params = { data, where: { documentId }, documentId, locale: raw.locale, status: raw.status };
    const write = () => this.updateChecked(model, documentId, data, raw, caller, service, precondition, listed ? body : undefined);
    return this.hooked('update', model, params, write, (written) => written?.data);
  }

  private async updateChecked(
    model: Model, documentId: string | undefined, data: Record<string, unknown>, raw: RawQuery, caller: Caller, service: DocumentReader,
    precondition?: Precondition, listedBody?: unknown,
  ): Promise<Written | undefined> {
    const status = resolveStatus(model, raw.status);
    const locale = this.writeLocale(model, raw);
    // Keys are checked before the document is looked up: a bad body on an unknown id is a 400.
    this.checkBody(model, data, locale, documentId ?? '', caller);
    const publish = !model.draftAndPublish || status === 'published';
    return this.locked(this.lockKey(model, documentId), async () => {
      const id = documentId ?? this.index.singleDocumentId(model.uid) ?? (model.kind === 'singleType' ? newDocumentId() : undefined);
      const documentExists = id !== undefined && this.index.documentRecords(model.uid, id).length > 0;
      if (id !== undefined && !documentExists && model.kind === 'collectionType') {
        checkRelationDocuments({ index: this.index, locale, documentId: id, mode: 'update', enforceConstraints: false }, model.attributes, data);
      }
      if (id === undefined || (!documentExists && model.kind === 'collectionType')) return undefined;
      if (listedBody !== undefined) extractData(listedBody); // throws Strapi's 400 for a `data` list
      checkPrecondition(this.index, model, id, locale, precondition);
      // Strapi answers a publishing write before re-linking relations into the version it published
      const relinking = publish && model.draftAndPublish ? { uid: model.uid, documentId: id, locale } : undefined;
      const read = () => service.findOne(model, id, { ...raw, status, locale: locale ?? undefined }, caller, relinking);
      return this.updateLocale(model, id, data, { ...this.files.inLocale(model, id, locale), documentExists, publish, caller, read });
    });
  }

  private async updateLocale(
    model: Model, documentId: string, data: Record<string, unknown>, at: LocaleUpdate,
  ): Promise<Written | undefined> {
    const { plain, draft, locale } = at;
    const creating = !plain && !draft;
    const current: Data = (draft ?? plain)?.data ?? Object.create(null);
    const change: Change = { documentId, locale, mode: creating ? 'create' : 'update', publish: at.publish, current, sharedElsewhere: creating && at.documentExists };
    const shownDrafts = at.publish ? this.linked.shownDrafts(model, documentId) : undefined;
    const { next, saved: files } = await this.valuesHeld(model, documentId, locale, at.publish, () => prepareEntry(this.index, model, data, change),
      (prepared) => saveVersion(this.files, model, documentId, prepared, at));
    files.push(...(await this.linked.applyInverse(model, documentId, change.inverse)));
    files.push(...(await this.linked.orderInverseSides(model, documentId, locale, current, next)));
    files.push(...(await this.linked.releaseOneToOne(model, documentId, locale, next)));
    // Strapi's i18n middleware syncs the non-localized fields after the write has answered: the
    // answer's `localizations` show them as they were (recorded: foodadvisor fuzz.single.localizations.before.sync)
    const read = at.read();
    files.push(...(await this.linked.shareUnlocalized(model, documentId, locale, data, next, at.publish, shownDrafts)));
    const written = read && { data: read, version: documentVersion(this.index, model, documentId, locale) };
    if (files.length) await this.emit({ action: creating && !at.documentExists ? 'create' : 'update', model, documentId, locale, files, caller: at.caller });
    return written;
  }

  /** DELETE: every version of the document in the locale (`*`: all locales). Resolves to the number of files removed (HTTP answers 204 even for 0). */
  async delete(
    model: Model, documentId: string | undefined, raw: RawQuery, caller: Caller, service?: DocumentReader, precondition?: Precondition,
  ): Promise<number> {
    if (service) this.checkQuery(service, model, raw, caller);
    const params = { where: { documentId }, documentId, locale: raw.locale };
    const write = () => this.deleteChecked(model, documentId, raw, caller, service, precondition);
    return this.hooked('delete', model, params, write, (deleted) => ({ documentId, deleted }));
  }

  private async deleteChecked(
    model: Model, documentId: string | undefined, raw: RawQuery, caller: Caller, service?: DocumentReader, precondition?: Precondition,
  ): Promise<number> {
    // Strapi throws a plain Error here (a 500); the project answers 400.
    if (model.draftAndPublish && raw.status === 'draft') throw new ValidationError('Cannot delete a draft document');
    const allLocales = model.localized && raw.locale === '*';
    const locale = allLocales ? null : this.writeLocale(model, { locale: raw.locale });
    return this.locked(this.lockKey(model, documentId), async () => {
      const targetId = documentId ?? this.index.singleDocumentId(model.uid);
      if (!targetId) return 0;
      checkPrecondition(this.index, model, targetId, locale, precondition);
      const records = this.index.documentRecords(model.uid, targetId).filter((record) => allLocales || record.locale === locale);
      const scope = { locale: locale ?? undefined };
      const deleted = service && records.length
        ? service.findOne(model, targetId, { ...scope, status: 'published' }, trustedCaller) ?? service.findOne(model, targetId, { ...scope, status: 'draft' }, trustedCaller)
        : undefined;
      for (const record of records) await this.files.remove(record.file);
      if (records.length) await this.emit({ action: 'delete', model, documentId: targetId, locale, files: records.map((record) => record.file), caller, deleted });
      return records.length;
    });
  }

  /** Publish the draft (draft-and-publish types): it becomes the published version, validated as Strapi's publish does. */
  async publish(
    model: Model, documentId: string, localeOption: string | undefined, caller: Caller, precondition?: Precondition,
  ): Promise<void> {
    const by = { locale: localeOption, caller, precondition };
    await this.transition(model, documentId, by, 'publish', async ({ plain, draft, locale }) => {
      const source = (draft ?? plain)!;
      checkPublishable(this.index, model, source.data, documentId, locale);
      const file = this.files.pathFor(model, documentId, locale, false);
      // The published copy keeps the draft's updatedAt (Strapi: "same value = draft not modified").
      const written = await this.files.write(model, file, { ...this.files.storedFrom(model, source, source.data), publishedAt: new Date().toISOString() }, draft?.file);
      if (draft) await this.files.remove(draft.file);
      return [...(written ? [file] : []), ...(draft ? [draft.file] : [])];
    });
  }

  /**
   * Unpublish: the published version goes; its content stays as the draft. A never-published draft
   * is a 400 (Strapi's unpublish would do nothing and answer as if it had), decided under the lock.
   */
  async unpublish(
    model: Model, documentId: string, localeOption: string | undefined, caller: Caller, precondition?: Precondition,
  ): Promise<void> {
    const by = { locale: localeOption, caller, precondition };
    await this.transition(model, documentId, by, 'unpublish', async ({ plain, draft, locale }) => {
      if (!plain) throw new ValidationError('This document is not published: there is nothing to unpublish');
      const touched = [plain.file];
      if (!draft) {
        const file = this.files.pathFor(model, documentId, locale, true);
        await this.files.write(model, file, { ...this.files.storedFrom(model, plain, plain.data), publishedAt: undefined }, plain.file);
        touched.push(file);
      }
      await this.files.remove(plain.file);
      return touched;
    });
  }

  /** Discard the draft: the published version becomes the draft again. */
  async discardDraft(
    model: Model, documentId: string, localeOption: string | undefined, caller: Caller, precondition?: Precondition,
  ): Promise<void> {
    const by = { locale: localeOption, caller, precondition };
    await this.transition(model, documentId, by, 'discardDraft', async ({ plain, draft }) => {
      // Strapi would delete a never-published draft and leave nothing; refuse instead of losing it.
      if (!plain) throw new ValidationError('This document has no published version to go back to');
      if (!draft) return [];
      await this.files.remove(draft.file);
      return [draft.file];
    });
  }

  private async transition(
    model: Model, documentId: string, by: { locale: string | undefined; caller: Caller; precondition?: Precondition },
    action: WriteEvent['action'], step: (files: LocaleFiles) => Promise<string[]>,
  ): Promise<void> {
    if (!model.draftAndPublish) throw new ValidationError(`${model.uid} has no draft & publish`);
    const { caller } = by;
    const locale = this.writeLocale(model, { locale: by.locale });
    await this.locked(this.lockKey(model, documentId), async () => {
      const files = this.files.inLocale(model, documentId, locale);
      if (!files.plain && !files.draft) throw new NotFoundError();
      checkPrecondition(this.index, model, documentId, locale, by.precondition);
      const touched = await step(files);
      if (touched.length) await this.emit({ action, model, documentId, locale, files: touched, caller });
    });
  }
}

export type { Status };
