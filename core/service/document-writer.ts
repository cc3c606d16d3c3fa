import type { ContentIndex } from '../index/content-index.js';
import type { RawQuery } from '../query/normalize.js';
import type { Model } from '../schema/types.js';
import type { Status } from '../types.js';
import type { DocumentWrites } from './document-writes.js';
import type { WriteLine } from './reload-gate.js';
import { extractData, type WriteEvent, type WriterOptions, type Written } from './write-event.js';
import { writeLocale } from './write-locale.js';

export { extractData, type WriteEvent, type WriterOptions, type Written };

/** The writes DocumentWriter hands on to the write path. */
type Write = 'create' | 'update' | 'delete' | 'publish' | 'unpublish' | 'discardDraft';

/**
 * Writes documents as files: validate → serialise → atomic write → index update, one document at a
 * time (a per-document lock, in arrival order). A write that fails validation changes neither the
 * files nor the index. The write path (document-writes.ts, with validation, serialisers and locks: ~30 modules) is imported
 * on the first write: a command that only reads (`cms get`) never loads it (issue 39). Writes asked before it is loaded
 * wait for it in the order they were asked; from then on each call is the write path's own, at once.
 *
 * @example
 * const writer = new DocumentWriter(root, index); await writer.create(model, { data: { title: 'Hi' } }, {}, trustedCaller, service)
 */
export class DocumentWriter {
  private writes?: DocumentWrites;
  private loading?: Promise<DocumentWrites>;

  /**
   * `options.store`: where the content files live (default: the served tree on disk at `root`). `line`: the site's
   * reloads (reload-gate.ts): a write asked during one, or of a writer a reload replaced, goes to the writer serving.
   */
  constructor(
    private readonly root: string, private readonly index: ContentIndex, private readonly options: WriterOptions = {},
    private readonly line?: WriteLine,
  ) {}

  /** Locale of a write (write-locale.ts): `?locale`, else the body's on POST, else the default; it must be configured. */
  writeLocale(model: Model, raw: RawQuery, data?: Record<string, unknown>): string | null {
    return writeLocale(this.index, model, raw, data);
  }

  /** POST: a new document (published unless `status=draft`), in `?locale` or the default locale. */
  create(...args: Parameters<DocumentWrites['create']>): ReturnType<DocumentWrites['create']> {
    return this.write('create', args);
  }

  /** PUT: partial update (publishing unless `status=draft`); a new locale creates that localization. */
  update(...args: Parameters<DocumentWrites['update']>): ReturnType<DocumentWrites['update']> {
    return this.write('update', args);
  }

  /** DELETE: every version of the document in the locale (`*`: all locales); resolves to the number of files removed. */
  delete(...args: Parameters<DocumentWrites['delete']>): ReturnType<DocumentWrites['delete']> {
    return this.write('delete', args);
  }

  /** Publish the draft (draft-and-publish types), validated as Strapi's publish does. */
  publish(...args: Parameters<DocumentWrites['publish']>): ReturnType<DocumentWrites['publish']> {
    return this.write('publish', args);
  }

  /** Unpublish: the published version goes; its content stays as the draft. */
  unpublish(...args: Parameters<DocumentWrites['unpublish']>): ReturnType<DocumentWrites['unpublish']> {
    return this.write('unpublish', args);
  }

  /** Discard the draft: the published version becomes the draft again. */
  discardDraft(...args: Parameters<DocumentWrites['discardDraft']>): ReturnType<DocumentWrites['discardDraft']> {
    return this.write('discardDraft', args);
  }

  /** `name` on the write path, loaded (once) when this is the first write. */
  private write<K extends Write>(name: K, args: Parameters<DocumentWrites[K]>): ReturnType<DocumentWrites[K]> {
    const line = this.line;
    if (line && (line.pending || line.current !== this)) return line.redirect(this, name, args) as ReturnType<DocumentWrites[K]>;
    return this.own(name, args);
  }

  /** `name` on this writer's own write path. */
  own<K extends Write>(name: K, args: Parameters<DocumentWrites[K]>): ReturnType<DocumentWrites[K]> {
    const run = (writes: DocumentWrites) => (writes[name] as (...given: unknown[]) => Promise<unknown>).apply(writes, args);
    if (this.writes) return run(this.writes) as ReturnType<DocumentWrites[K]>;
    this.loading ??= import('./document-writes.js')
      .then(({ DocumentWrites }) => (this.writes = new DocumentWrites(this.root, this.index, this.options)));
    return this.loading.then(run) as ReturnType<DocumentWrites[K]>;
  }
}

export type { Status };
