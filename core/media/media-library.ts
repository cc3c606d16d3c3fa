import type { Caller } from '../access/permissions.js';
import type { CmsConfig } from '../config/types.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import type { ContentIndex } from '../index/content-index.js';
import { executeFind } from '../query/execute.js';
import type { RawQuery } from '../query/normalize.js';
import { UPLOAD_FILE_UID, type Model, type Models } from '../schema/types.js';
import type { ContentService } from '../service/content-service.js';
import type { WriteEvent } from '../service/document-writer.js';
import { newDocumentId } from '../service/document-id.js';
import type { Precondition } from '../service/document-version.js';
import type { Data, Row } from '../types.js';
import { assertValidMediaEntry } from './entry-rules.js';
import { EntryLocks } from './entry-lock.js';
import { findFileRow, removeEntry, writeEntry } from './entry-store.js';
import { filesAreEmpty } from './errors.js';
import { parseFileInfo, type FileInfo } from './file-info.js';
import { relatedEntries, splitRelated } from './related.js';
import type { IncomingFile } from './multipart.js';
import { imageCaller, prepareFile, storedFiles, type PreparedFile } from './prepare-file.js';
import { providerOf, uploadProvider } from './providers/index.js';
import { rootLimit, rootStart } from './root-pagination.js';
import { removeBinariesOnceWritten, storeBinaries } from './store-binaries.js';
import { attachFiles, clearReferences, resolveAttachTarget, type AttachTarget } from './references.js';
import { Scratch, scratchFolder } from './scratch.js';
import type { UploadConfig } from './upload-config.js';

/** What a media write did: files written or removed (entries, binaries, documents); a delete's file as it was (`media.delete`). */
export interface MediaWriteEvent {
  action: 'create' | 'update' | 'delete';
  documentId: string;
  files: string[];
  caller: Caller;
  deleted?: Data;
}

export interface MediaLibraryOptions {
  root: string;
  service: ContentService;
  config: UploadConfig;
  afterWrite?: (event: MediaWriteEvent) => Promise<void> | void;
  /**
   * Runs each write's file work and its afterWrite (`git.push`: the replica's write gate, so no pull or reset
   * runs between the files and their commit, and the write is answered once the remote holds it).
   */
  gate?: <T>(work: () => Promise<T>) => Promise<T>;
}

/** An upload request: the files, their `fileInfo`, and Strapi's legacy attach fields. */
export interface UploadInput {
  files: IncomingFile[];
  fileInfo?: unknown;
  attach?: Partial<AttachTarget>;
}

const PAGINATION_KEYS = ['page', 'pageSize', 'start', 'limit'] as const;

/**
 * Strapi's upload plugin over files: entries in `content/upload/`, binaries in `public/uploads/`.
 * Every operation checks the caller's `upload`/`find`/`findOne`/`destroy` permission on
 * `plugin::upload.file`; the HTTP routes and the CLI are thin faces over it.
 */
export class MediaLibrary {
  private readonly locks: EntryLocks;
  constructor(private readonly options: MediaLibraryOptions) {
    this.locks = new EntryLocks(options.root, options.service.index);
  }

  get index(): ContentIndex { return this.options.service.index; }
  get model(): Model { return this.index.model(UPLOAD_FILE_UID); }

  private allow(caller: Caller, action: 'upload' | 'find' | 'findOne' | 'destroy'): void {
    if (!caller.can(this.model, action)) throw new ForbiddenError();
  }

  private render(documentId: string, caller: Caller, raw: RawQuery = {}): Data {
    const data = this.options.service.findOne(this.model, documentId, raw, caller);
    if (!data) throw new NotFoundError('file.notFound');
    return data;
  }

  private row(id: string | number, message: string): Row {
    const row = findFileRow(this.index, id);
    if (!row) throw new NotFoundError(message);
    return row;
  }

  /** Run `work` with a scratch area for derived files (optimised images, formats), removed afterwards whatever happens. */
  private async withScratch<T>(work: (scratch: Scratch) => Promise<T>): Promise<T> {
    const scratch = await Scratch.open(scratchFolder(this.options.root));
    try {
      return await work(scratch);
    } finally {
      await scratch.dispose();
    }
  }

  /** The configured upload provider (built once per config). */
  provider() { return uploadProvider(this.options.root, this.options.config); }

  /** Run a write's file work inside the gate (see `MediaLibraryOptions.gate`). */
  private gated<T>(work: () => Promise<T>): Promise<T> {
    return this.options.gate ? this.options.gate(work) : work();
  }

  private async emit(event: MediaWriteEvent): Promise<void> {
    await this.options.afterWrite?.({ ...event, files: [...new Set(event.files)] });
  }

  /**
   * `GET /api/upload/files`: every file (no default limit, as Strapi), with filters, sort, fields
   * and populate through the query engine; `start/limit/page/pageSize` at the root or under
   * `pagination` paginate (without the content API's `maxLimit`).
   */
  find(raw: RawQuery, caller: Caller): Data[] {
    this.allow(caller, 'find');
    // Strapi's upload controller hands only the root `start` and `limit` to the query (`page`,
    // `pageSize` and `pagination[...]` are ignored, recorded from Strapi 5.54); `limit` -1 or 0 is no limit.
    const { populate, wanted } = splitRelated(raw.populate);
    const rest: RawQuery = { ...raw, populate };
    for (const key of [...PAGINATION_KEYS, 'pagination']) delete rest[key];
    const { service } = this.options;
    const query = service.normalize(this.model, rest, caller, 'find');
    query.pagination = { ...query.pagination, start: rootStart(raw.start), limit: rootLimit(raw.limit) };
    const files = executeFind(service.context(query, caller), query).data;
    return wanted ? files.map((file) => this.withRelated(file, caller)) : files;
  }

  /** The file with the entries that use it (`populate=related`). */
  private withRelated(file: Data, caller: Caller): Data {
    return { ...file, related: relatedEntries(this.index, this.options.service, String(file.documentId), caller) };
  }

  /** `GET /api/upload/files/:id` by row id (or documentId); 404 `file.notFound` otherwise. */
  findOne(id: string | number, raw: RawQuery, caller: Caller): Data {
    this.allow(caller, 'findOne');
    const row = this.row(id, 'file.notFound');
    const { populate, wanted } = splitRelated(raw.populate);
    const file = this.render(row.documentId, caller, { fields: raw.fields, populate });
    return wanted ? this.withRelated(file, caller) : file;
  }

  /** `POST /api/upload`: store every file and its entry; 201 with the entries, in order. */
  async upload(input: UploadInput, caller: Caller): Promise<Data[]> {
    this.allow(caller, 'upload');
    if (!input.files.length) throw filesAreEmpty();
    const infos = parseFileInfo(input.fileInfo);
    const { ref, refId, field } = input.attach ?? {};
    const target = ref && refId && field ? resolveAttachTarget(this.index, { ref, refId, field }) : undefined;
    // Hardening beyond Strapi: attaching edits the entry, so the caller must be allowed to update it too.
    if (target && !caller.can(target.model, 'update')) throw new ForbiddenError();
    const ids = await this.withScratch(async (scratch) => {
      // One file at a time, as Strapi's default `concurrentUploadSize` of 1.
      const prepared: PreparedFile[] = [];
      for (const [position, file] of input.files.entries()) prepared.push(await prepareFile(
        file, infos[position] ?? {}, { config: this.options.config, scratch, caller: imageCaller(caller) },
      ));
      // Every entry checked before the first binary is stored: a refused request leaves nothing behind.
      for (const { fields } of prepared) assertValidMediaEntry(this.index, fields);
      return this.gated(async () => {
        const created: string[] = [];
        const now = new Date().toISOString();
        const provider = await this.provider();
        for (const one of prepared) {
          const { fields } = one;
          const binaries = await storeBinaries(provider, one);
          const documentId = newDocumentId();
          const file = await writeEntry(
            this.options.root, this.index, documentId, { data: fields, createdAt: now, updatedAt: now, publishedAt: now },
          );
          created.push(documentId);
          await this.emit({ action: 'create', documentId, files: [file, ...binaries], caller });
        }
        if (target) {
          const changed = await attachFiles(this.options.root, this.index, target, created);
          if (changed) await this.emit({ action: 'update', documentId: created[created.length - 1], files: [changed], caller });
        }
        return created;
      });
    });
    return ids.map((documentId) => this.render(documentId, caller));
  }

  /** `POST /api/upload?id=` with a file: new bytes under the same hash and extension (same URL). */
  async replace(id: string | number, files: IncomingFile[], fileInfo: unknown, caller: Caller, precondition?: Precondition): Promise<Data> {
    this.allow(caller, 'upload');
    if (files.length > 1) throw new ValidationError('Cannot replace a file with multiple ones');
    const [info = {}] = parseFileInfo(fileInfo);
    const row = this.row(id, 'Entity not found');
    await this.gated(() => this.locks.run(row.documentId, precondition, () => this.withScratch(async (scratch) => {
      const old = this.row(row.id, 'Entity not found').data;
      const prepared = await prepareFile(
        files[0], info, { config: this.options.config, scratch, caller: imageCaller(caller) },
        { hash: String(old.hash), ext: String(old.ext ?? '') },
      );
      const fields: Data = { ...prepared.fields, formats: prepared.fields.formats ?? {} };
      // Alternative text, caption and focal point stay unless the request gives them.
      for (const key of ['alternativeText', 'caption', 'focalPoint'] as const) if (info[key] === undefined) fields[key] = old[key] ?? null;
      assertValidMediaEntry(this.index, fields);
      const provider = await this.provider();
      const stored = await storeBinaries(provider, { ...prepared, fields });
      // The old binaries the new ones did not overwrite, removed by the provider that stored them.
      const kept = new Set(old.provider === provider.name ? storedFiles(fields).map((file) => `${file.hash}${file.ext}`) : []);
      const stale = storedFiles(old).filter((file) => !kept.has(`${file.hash}${file.ext}`));
      // A bucket's stale objects go only once the rewrite is committed (and pushed): a failed write still finds them.
      const removed = await removeBinariesOnceWritten(await providerOf(this.options.root, this.options.config, old.provider), stale);
      const file = await this.rewrite(row, fields);
      await this.emit({ action: 'update', documentId: row.documentId, files: [file, ...stored, ...removed.paths], caller });
      await removed.afterWrite();
    })));
    return this.render(row.documentId, caller);
  }

  /** `POST /api/upload?id=` without a file: `name`, `alternativeText`, `caption`, `focalPoint`; null or absent keeps the value. */
  async updateInfo(id: string | number, fileInfo: unknown, caller: Caller, precondition?: Precondition): Promise<Data> {
    this.allow(caller, 'upload');
    const [info = {}] = parseFileInfo(fileInfo);
    const row = this.row(id, 'Entity not found');
    await this.gated(() => this.locks.run(row.documentId, precondition, async () => {
      const old = this.row(row.id, 'Entity not found').data;
      const fields: Data = { ...old };
      for (const key of Object.keys(info) as (keyof FileInfo)[]) if (info[key] !== null && info[key] !== undefined) fields[key] = info[key];
      assertValidMediaEntry(this.index, fields);
      const file = await this.rewrite(row, fields);
      await this.emit({ action: 'update', documentId: row.documentId, files: [file], caller });
    }));
    return this.render(row.documentId, caller);
  }

  private rewrite(row: Row, fields: Data): Promise<string> {
    return writeEntry(this.options.root, this.index, row.documentId, {
      data: fields, createdAt: row.createdAt, updatedAt: new Date().toISOString(), publishedAt: row.publishedAt ?? undefined,
    });
  }

  /**
   * `DELETE /api/upload/files/:id`: clear every reference from documents first (so none dangles),
   * then remove the entry and its binaries. Answers the deleted entry, as Strapi (200, not 204).
   */
  async remove(id: string | number, caller: Caller, precondition?: Precondition): Promise<{ file: Data; documents: string[] }> {
    this.allow(caller, 'destroy');
    const row = this.row(id, 'file.notFound');
    const file = this.render(row.documentId, caller);
    const documents = await this.gated(() => this.locks.run(row.documentId, precondition, async () => {
      const cleared = await clearReferences(this.options.root, this.index, row.documentId);
      const entries = await removeEntry(this.options.root, this.index, row.documentId);
      const provider = await providerOf(this.options.root, this.options.config, row.data.provider);
      // A bucket's objects go only once the removal is committed (and pushed): a failed write brings back an entry that still works.
      const binaries = await removeBinariesOnceWritten(provider, storedFiles(row.data));
      const files = [...entries, ...binaries.paths, ...cleared];
      await this.emit({ action: 'delete', documentId: row.documentId, files, caller, deleted: file });
      await binaries.afterWrite();
      return cleared;
    }));
    return { file, documents };
  }
}

const libraries = new WeakMap<ContentIndex, MediaLibrary>();

/** The part of a loaded project the media library works with (a `Cms` is one). */
export interface MediaHost {
  readonly root: string;
  readonly index: ContentIndex;
  readonly service: ContentService;
  readonly models: Models;
  readonly config: Pick<CmsConfig, 'upload'>;
  afterWrite(event: WriteEvent): Promise<void>;
  /** `git.push`: the replica whose write gate every media write runs in. */
  readonly replica?: { writeMedia<T>(work: () => Promise<T>): Promise<T> };
  readonly branchName?: string; // a branch's view (core/branches/branch-site.ts) reads media, writes none: they live in the served tree
}


/**
 * The media library of a loaded project (one per index, so a reload gets a fresh one).
 *
 * @example
 * const [entry] = await mediaLibrary(cms).upload({ files: [{ name: 'cat.png', type: 'image/png', path: tempFile, size }] }, trustedCaller);
 */
export function mediaLibrary(cms: MediaHost): MediaLibrary {
  let library = libraries.get(cms.index);
  if (!library) {
    // This load's afterWrite and models: a write that lands after a reload replaced this index passes the reload gate
    // there, which reads its files into the serving index before it is answered (core/service/reload-gate.ts).
    const { afterWrite, models } = cms;
    library = new MediaLibrary({
      root: cms.root, service: cms.service, config: cms.config.upload,
      // Uploads commit and fire webhooks like document writes (Strapi's media.* events).
      afterWrite: (event) => afterWrite.call(cms, { ...event, model: models.get(UPLOAD_FILE_UID)!, locale: null }),
      gate: cms.branchName !== undefined ? () => Promise.reject(new ValidationError(`Branch "${cms.branchName}" cannot write media`))
        : cms.replica && ((work) => cms.replica!.writeMedia(work)),
    });
    libraries.set(cms.index, library);
  }
  return library;
}
