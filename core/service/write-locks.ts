import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { ContentIndex } from '../index/content-index.js';
import type { Model } from '../schema/types.js';
import type { Data } from '../types.js';
import { holdLockFile } from '../storage/lock-file.js';
import { DiskView } from './disk-view.js';
import { KeyedLock } from './keyed-lock.js';
import type { WriterOptions } from './write-event.js';

/** What a lock knows of the write's files: a new document (nothing on disk), or the locale whose new files to look for. */
export interface OnDisk {
  created?: boolean;
  /** The write's locale: its plain and draft file are looked for on disk even when the index has none yet. */
  locale?: string | null;
}

/** A documentId as a file name can hold it: the usual ids as they are, anything else (from a request) as its hash. */
const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The lock file every process of the site holds while it writes a document:
 * `.cms/locks/<uid with :: as -->~<documentId>.lock` (a single type's: `…~.lock`, its one document). The id comes
 * from the request: one that is not a plain id (a slash, a NUL, hundreds of characters) is named by its SHA-256, so
 * the name never leaves `.cms/locks/` nor passes the file system's limits, and every process names it alike.
 *
 * @example
 * documentLockFile('/site', articleModel, 'abc') // '/site/.cms/locks/api--article.article~abc.lock'
 * documentLockFile('/site', articleModel, '../x') // '/site/.cms/locks/api--article.article~#<64 hex>.lock'
 */
export function documentLockFile(root: string, model: Model, documentId: string | undefined): string {
  const given = model.kind === 'singleType' ? '' : documentId ?? '';
  const id = given === '' || SAFE_ID.test(given) ? given : `#${createHash('sha256').update(given).digest('hex')}`;
  return join(root, '.cms', 'locks', `${model.uid.replace(/::/g, '--')}~${id}.lock`);
}

/**
 * The order writes take: one document at a time (a per-document lock, in arrival order, inside the
 * writer's gate), and per type, one uid or unique value check at a time until the index holds the
 * file that takes it.
 */
export class WriteLocks {
  private readonly lock = new KeyedLock();
  /** Per type: held from a unique value's check (or a uid's generation) until the index holds the file that takes it. */
  private readonly valueLock = new KeyedLock();
  private readonly disk: DiskView;
  constructor(private readonly root: string, private readonly index: ContentIndex, private readonly options: WriterOptions) {
    this.disk = new DiskView(root, index);
  }

  /** A single type has one document: its writes serialise on the type, so two first PUTs cannot create two. */
  private lockKey(model: Model, documentId: string | undefined): string {
    return model.kind === 'singleType' ? `${model.uid}|` : `${model.uid}|${documentId}`;
  }

  /**
   * The document's lock in this process, then its lock file (`.cms/locks/`, which every CLI and server
   * of the site holds while writing it), then its files re-read where they changed on disk: the work
   * starts from what is on disk, whoever wrote it last. A new document (`created`) has nothing on disk
   * and an id no one else knows: it takes the in-process lock only.
   */
  private run<T>(model: Model, documentId: string | undefined, at: OnDisk, work: () => Promise<T>): Promise<T> {
    const key = this.lockKey(model, documentId);
    if (at.created) return this.lock.run(key, work);
    return this.lock.run(key, () => holdLockFile(documentLockFile(this.root, model, documentId), async () => {
      await this.disk.refresh(model, documentId ?? this.index.singleDocumentId(model.uid), at.locale);
      return work();
    }));
  }

  /** The document's lock alone, for a write already inside the gate (a linked document's). */
  document<T>(model: Model, documentId: string | undefined, work: () => Promise<T>): Promise<T> {
    return this.run(model, documentId, {}, work);
  }

  /** The document's lock, inside the writer's gate (`git.push`: a write never overlaps a rebase, and is answered once pushed). */
  locked<T>(model: Model, documentId: string | undefined, work: () => Promise<T>, at: OnDisk = {}): Promise<T> {
    // The gate may run the work again (a replica re-applying a write on a newer tip): it takes the lock each time.
    const gate = this.options.gate;
    return gate ? gate(() => this.run(model, documentId, at, work)) : this.run(model, documentId, at, work);
  }

  /**
   * Two concurrent writes of one type that make a uid from the same text (or give the same `unique` value) would both
   * find it free in the index before either file is written: on a type with such fields they take turns for the check
   * (`prepare`), and each holds its values in the index until its file is indexed, so the disk sync (`save`) of one
   * does not hold back the next (a writer replica takes every replica's writes at once).
   */
  async valuesHeld<R>(
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
}
