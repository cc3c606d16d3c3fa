import { trustedCaller, type Caller } from '../access/permissions.js';
import { checkRelationAccess } from '../access/relation-access.js';
import { NotFoundError, ValidationError } from '../errors.js';
import type { ContentIndex } from '../index/content-index.js';
import type { Query } from '../query/ast.js';
import { resolveStatus, type RawQuery } from '../query/normalize.js';
import type { Model } from '../schema/types.js';
import { checkRelationDocuments } from '../schema/relation-input.js';
import { EntryValidator } from '../schema/validate-entry.js';
import type { Data, Status } from '../types.js';
import type { DocumentReader } from './document-reader.js';
import { DiskStore } from '../storage/content-store.js';
import { deletedVersions } from './deleted-versions.js';
import { DocumentFiles } from './document-files.js';
import { creationStamp, newDocumentId } from './document-id.js';
import { checkPrecondition, documentVersion, type Precondition } from './document-version.js';
import { LinkedWrites } from './linked-writes.js';
import { insertPublishedRow, updateCreatesRow } from './published-row.js';
import { checkBeforeHooks } from './check-before-hooks.js';
import { saveVersion } from './save-version.js';
import { prepareEntry, type Change } from './prepare-entry.js';
import { discardDraftStep, publishStep, unpublishStep, type PublicationStep } from './publication-steps.js';
import { extractData, type LocaleUpdate, type WriteEvent, type WriterOptions, type Written } from './write-event.js';
import { writeLocale } from './write-locale.js';
import { WriteLocks } from './write-locks.js';

/** Whether an update's answer query (its status resolved, the write's locale) normalises as the one `checkQuery` checked:
 * without `?locale` the write's locale is the default (or none), as a query's without one, and a status resolves to itself. */
const checkedAnswer = (raw: RawQuery): boolean => raw.locale === undefined;

/**
 * Writes documents as files: validate → serialise → atomic write → index update, one document at a
 * time (a per-document lock, in arrival order). A write that fails validation changes neither the
 * files nor the index. Loaded by DocumentWriter (document-writer.ts) on the first write: a command that only reads never
 * imports this write path.
 */
export class DocumentWrites {
  private readonly locks: WriteLocks;
  private readonly files: DocumentFiles;
  private readonly linked: LinkedWrites;
  /** `options.store`: where the content files live (default: the served tree on disk at `root`). */
  constructor(root: string, private readonly index: ContentIndex, private readonly options: WriterOptions = {}) {
    const store = options.store ?? new DiskStore(root, index);
    this.locks = new WriteLocks(store, index, options);
    this.files = new DocumentFiles(store, index);
    this.linked = new LinkedWrites(index, this.files, (owner, ownerId, work) => this.locks.document(owner, ownerId, work));
  }

  /** Locale of a write (write-locale.ts): `?locale`, else the body's on POST, else the default; it must be configured. */
  writeLocale(model: Model, raw: RawQuery, data?: Record<string, unknown>): string | null {
    return writeLocale(this.index, model, raw, data);
  }

  /** Strapi's controllers call validateQuery before reading the body: a bad query writes nothing (see `checkedAnswer`). */
  private checkQuery(service: DocumentReader, model: Model, raw: RawQuery, caller: Caller): Query {
    return service.normalize(model, { ...raw, locale: undefined }, caller, 'findOne');
  }

  /** Strapi's validateInput, before any work: unknown keys, then relations this caller may not write. */
  private checkBody(model: Model, data: Record<string, unknown>, locale: string | null, documentId: string, caller: Caller): void {
    new EntryValidator({ index: this.index, locale, documentId, mode: 'update', enforceConstraints: false }).checkKeys(model, data);
    checkRelationAccess(this.index.models, model, data, caller);
  }

  private async emit(event: Omit<WriteEvent, 'files'> & { files: Iterable<string> }): Promise<void> {
    await this.options.afterWrite?.({ ...event, files: [...new Set(event.files)] });
  }

  /** The write inside the project's lifecycle hooks for it, when there are any. */
  private hooked<T>(
    action: 'create' | 'update' | 'delete', model: Model, params: Record<string, unknown>,
    write: () => Promise<T>, result: (written: T) => unknown,
  ): Promise<T> {
    const hooks = this.options.hooks?.();
    return hooks ? hooks.around(action, model, params, write, result) : write();
  }

  /** POST: a new document (published unless `status=draft`), in `?locale` or the default locale. */
  async create(model: Model, body: unknown, raw: RawQuery, caller: Caller, service: DocumentReader): Promise<Written> {
    this.checkQuery(service, model, raw, caller);
    const data = extractData(body);
    this.checkFirst(model, data, raw, caller);
    const params = { data, locale: raw.locale, status: raw.status };
    const written = await this.hooked('create', model, params, () => this.createChecked(model, data, raw, caller, service), (done) => done.data);
    return this.publishedRow(model, written, raw, caller, service);
  }

  /** With project hooks, the body's checks run before them, in the write's order (check-before-hooks.ts). */
  private checkFirst(model: Model, data: Record<string, unknown>, raw: RawQuery, caller: Caller, update?: { id?: string }): void {
    if (!this.options.hooks?.()) return;
    resolveStatus(model, raw.status);
    const locale = update ? this.writeLocale(model, raw) : this.writeLocale(model, raw, data);
    this.checkBody(model, data, locale, update?.id ?? '', caller);
    checkBeforeHooks(this.index, { model, documentId: update && (update.id ?? this.index.singleDocumentId(model.uid)), data, locale });
  }

  /** A publishing write's published row, as Strapi's publish inserts it: its create hooks run again (published-row.ts). */
  private async publishedRow(model: Model, written: Written, raw: RawQuery, caller: Caller, service: DocumentReader): Promise<Written> {
    const hooks = this.options.hooks?.();
    const status = resolveStatus(model, raw.status);
    if (!hooks || !model.draftAndPublish || status !== 'published') return written;
    const { documentId, locale = null } = written.data as { documentId: string; locale?: string | null };
    const locked = <T>(work: () => Promise<T>) => this.locks.locked(model, documentId, work, { locale });
    const files = await insertPublishedRow(hooks, { files: this.files, locked }, model, documentId, locale);
    if (!files.length) return written;
    await this.emit({ action: 'update', model, documentId, locale, files, caller });
    const data = service.findOne(model, documentId, { ...raw, status, locale: locale ?? undefined }, caller) ?? written.data;
    return { data, version: documentVersion(this.index, model, documentId, locale) };
  }

  private async createChecked(
    model: Model, data: Record<string, unknown>, raw: RawQuery, caller: Caller, service: DocumentReader,
  ): Promise<Written> {
    const status = resolveStatus(model, raw.status);
    const locale = this.writeLocale(model, raw, data);
    // Stamped on arrival: creates keep their order (creationStamp), whichever takes its lock first.
    const { documentId, createdAt: now } = creationStamp();
    this.checkBody(model, data, locale, documentId, caller);
    const publish = !model.draftAndPublish || status === 'published';
    return this.locks.locked(model, documentId, async () => {
      const change: Change = { documentId, locale, mode: 'create', publish, current: Object.create(null), sharedElsewhere: false };
      const file = this.files.pathFor(model, documentId, locale, !publish);
      const { next } = await this.locks.valuesHeld(
        model, documentId, locale, publish,
        () => prepareEntry(this.index, model, data, change),
        (prepared) => this.files.write(model, file, {
          data: prepared, createdAt: now, updatedAt: now, publishedAt: publish ? now : undefined,
        }, undefined, { fresh: true }),
      );
      const owners = change.inverse?.length ? await this.linked.applyInverse(model, documentId, change.inverse) : [];
      if (this.linked.linksOwningSides(model, change.current, next)) {
        owners.push(...(await this.linked.orderInverseSides(model, documentId, locale, change.current, next)));
        // A new document taking a two-sided oneToOne target takes it from its holder too (recorded: details one.create-takes).
        owners.push(...(await this.linked.releaseOneToOne(model, documentId, locale, next)));
      }
      const document = service.findOne(model, documentId, { ...raw, status, locale: locale ?? undefined }, caller)!;
      const written = { data: document, version: documentVersion(this.index, model, documentId, locale) };
      await this.emit({ action: 'create', model, documentId, locale, files: [file, ...owners], caller });
      return written;
    }, { created: true });
  }

  /**
   * PUT: partial update (publishing unless `status=draft`); a new locale creates that localization;
   * single types create their document when missing.
   */
  async update(
    model: Model, documentId: string | undefined, body: unknown, raw: RawQuery, caller: Caller, service: DocumentReader,
    precondition?: Precondition,
  ): Promise<Written | undefined> {
    const checked = this.checkQuery(service, model, raw, caller);
    // `data` as a list fails Strapi's entity validation, which runs after the lookup: an unknown id is
    // a 404 first (recorded: foodadvisor fuzz.data.array.missing)
    const listed = !!body && typeof body === 'object' && Array.isArray((body as { data?: unknown }).data);
    const data = listed ? Object.create(null) : extractData(body);
    if (!listed && !precondition) this.checkFirst(model, data, raw, caller, { id: documentId });
    const params = { data, where: { documentId }, documentId, locale: raw.locale, status: raw.status };
    const write = () => this.updateChecked(model, documentId, data, raw, caller, service, checked, precondition, listed ? body : undefined);
    // A version the document does not have yet in the locale is a row Strapi's update creates: its create hooks run.
    const action = updateCreatesRow(this.index, model, documentId, () => this.writeLocale(model, raw)) ? 'create' : 'update';
    const written = await this.hooked(action, model, params, write, (done) => done?.data);
    return written && this.publishedRow(model, written, raw, caller, service);
  }

  private async updateChecked(
    model: Model, documentId: string | undefined, data: Record<string, unknown>, raw: RawQuery, caller: Caller, service: DocumentReader,
    checked: Query, precondition?: Precondition, listedBody?: unknown,
  ): Promise<Written | undefined> {
    const status = resolveStatus(model, raw.status);
    const locale = this.writeLocale(model, raw);
    // Keys are checked before the document is looked up: a bad body on an unknown id is a 400.
    this.checkBody(model, data, locale, documentId ?? '', caller);
    const publish = !model.draftAndPublish || status === 'published';
    return this.locks.locked(model, documentId, async () => {
      const id = documentId ?? this.index.singleDocumentId(model.uid) ?? (model.kind === 'singleType' ? newDocumentId() : undefined);
      const documentExists = id !== undefined && this.index.documentRecords(model.uid, id).length > 0;
      if (id !== undefined && !documentExists && model.kind === 'collectionType') {
        const context = { index: this.index, locale, documentId: id, mode: 'update' as const, enforceConstraints: false };
        checkRelationDocuments(context, model.attributes, data);
      }
      if (id === undefined || (!documentExists && model.kind === 'collectionType')) return undefined;
      if (listedBody !== undefined) extractData(listedBody); // throws Strapi's 400 for a `data` list
      checkPrecondition(this.index, model, id, locale, precondition);
      // Strapi answers a publishing write before re-linking relations into the version it published
      const relinking = publish && model.draftAndPublish ? { uid: model.uid, documentId: id, locale } : undefined;
      const read = checkedAnswer(raw)
        ? () => service.findChecked(id, checked, caller, relinking)
        : () => service.findOne(model, id, { ...raw, status, locale: locale ?? undefined }, caller, relinking);
      return this.updateLocale(model, id, data, { ...this.files.inLocale(model, id, locale), documentExists, publish, caller, read });
    }, { locale });
  }

  private async updateLocale(
    model: Model, documentId: string, data: Record<string, unknown>, at: LocaleUpdate,
  ): Promise<Written | undefined> {
    const { plain, draft, locale } = at;
    const creating = !plain && !draft;
    const current: Data = (draft ?? plain)?.data ?? Object.create(null);
    const change: Change = {
      documentId, locale, mode: creating ? 'create' : 'update', publish: at.publish, current,
      sharedElsewhere: creating && at.documentExists,
    };
    const shownDrafts = at.publish ? this.linked.shownDrafts(model, documentId) : undefined;
    const { next, saved: files } = await this.locks.valuesHeld(
      model, documentId, locale, at.publish,
      () => prepareEntry(this.index, model, data, change),
      (prepared) => saveVersion(this.files, model, documentId, prepared, at),
    );
    files.push(...(await this.linked.applyInverse(model, documentId, change.inverse)));
    files.push(...(await this.linked.orderInverseSides(model, documentId, locale, current, next)));
    files.push(...(await this.linked.releaseOneToOne(model, documentId, locale, next)));
    // Strapi's i18n middleware syncs the non-localized fields after the write has answered: the
    // answer's `localizations` show them as they were (recorded: foodadvisor fuzz.single.localizations.before.sync)
    const read = at.read();
    files.push(...(await this.linked.shareUnlocalized(model, documentId, locale, data, next, at.publish, shownDrafts)));
    const written = read && { data: read, version: documentVersion(this.index, model, documentId, locale) };
    const action = creating && !at.documentExists ? 'create' : 'update';
    const newLocale = creating && at.documentExists ? { newLocale: true } : {};
    if (files.length) await this.emit({ action, model, documentId, locale, files, caller: at.caller, ...newLocale });
    return written;
  }

  /**
   * DELETE: every version of the document in the locale (`*`: all locales). Resolves to the number
   * of files removed (HTTP answers 204 even for 0).
   */
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
    return this.locks.locked(model, documentId, async () => {
      const targetId = documentId ?? this.index.singleDocumentId(model.uid);
      if (!targetId) return 0;
      checkPrecondition(this.index, model, targetId, locale, precondition);
      const records = this.index.documentRecords(model.uid, targetId).filter((record) => allLocales || record.locale === locale);
      const scope = { locale: locale ?? undefined };
      const findAs = (status: Status) => service?.findOne(model, targetId, { ...scope, status }, trustedCaller);
      const deleted = service && records.length ? findAs('published') ?? findAs('draft') : undefined;
      const deletedRows = service && this.options.wantsDeletedRows?.() ? deletedVersions(service, model, targetId, records) : undefined;
      for (const record of records) await this.files.remove(record.file);
      const files = records.map((record) => record.file);
      if (records.length) await this.emit({ action: 'delete', model, documentId: targetId, locale, files, caller, deleted, deletedRows });
      return records.length;
    }, { locale: allLocales ? undefined : locale });
  }

  /** Publish the draft (draft-and-publish types): it becomes the published version, validated as Strapi's publish does. */
  async publish(
    model: Model, documentId: string, localeOption: string | undefined, caller: Caller, precondition?: Precondition,
  ): Promise<void> {
    const step = publishStep(this.index, this.files, model, documentId);
    await this.transition(model, documentId, { locale: localeOption, caller, precondition }, 'publish', step);
  }

  /** Unpublish: the published version goes; its content stays as the draft (a never-published draft is a 400). */
  async unpublish(
    model: Model, documentId: string, localeOption: string | undefined, caller: Caller, precondition?: Precondition,
  ): Promise<void> {
    const step = unpublishStep(this.files, model, documentId);
    await this.transition(model, documentId, { locale: localeOption, caller, precondition }, 'unpublish', step);
  }

  /** Discard the draft: the published version becomes the draft again. */
  async discardDraft(
    model: Model, documentId: string, localeOption: string | undefined, caller: Caller, precondition?: Precondition,
  ): Promise<void> {
    const step = discardDraftStep(this.files);
    await this.transition(model, documentId, { locale: localeOption, caller, precondition }, 'discardDraft', step);
  }

  private async transition(
    model: Model, documentId: string, by: { locale: string | undefined; caller: Caller; precondition?: Precondition },
    action: WriteEvent['action'], step: PublicationStep,
  ): Promise<void> {
    if (!model.draftAndPublish) throw new ValidationError(`${model.uid} has no draft & publish`);
    const { caller } = by;
    const locale = this.writeLocale(model, { locale: by.locale });
    await this.locks.locked(model, documentId, async () => {
      const files = this.files.inLocale(model, documentId, locale);
      if (!files.plain && !files.draft) throw new NotFoundError();
      checkPrecondition(this.index, model, documentId, locale, by.precondition);
      const touched = await step(files);
      if (touched.length) await this.emit({ action, model, documentId, locale, files: touched, caller });
    }, { locale });
  }
}
