import type { ContentIndex } from '../index/content-index.js';
import type { Model } from '../schema/types.js';
import type { Data } from '../types.js';
import type { ContentStore } from '../storage/content-store.js';
import { KeyedLock } from './keyed-lock.js';
import type { WriterOptions } from './write-event.js';

export { documentLockFile } from '../storage/document-lock-file.js';

/** What a lock knows of the write's files: a new document (nothing on disk), or the locale whose new files to look for. */
export interface OnDisk {
  created?: boolean;
  /** The write's locale: its plain and draft file are looked for on disk even when the index has none yet. */
  locale?: string | null;
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
  constructor(private readonly store: ContentStore, private readonly index: ContentIndex, private readonly options: WriterOptions) {}

  /** A single type has one document: its writes serialise on the type, so two first PUTs cannot create two. */
  private lockKey(model: Model, documentId: string | undefined): string {
    return model.kind === 'singleType' ? `${model.uid}|` : `${model.uid}|${documentId}`;
  }

  /**
   * The document's lock in this process, then the store's (on disk: its lock file in `.cms/locks/`, which every CLI
   * and server of the site holds while writing it, then its files re-read where they changed on disk): the work
   * starts from what is stored, whoever wrote it last. A new document (`created`) has nothing stored and an id no
   * one else knows: it takes the in-process lock only.
   */
  private run<T>(model: Model, documentId: string | undefined, at: OnDisk, work: () => Promise<T>): Promise<T> {
    const key = this.lockKey(model, documentId);
    if (at.created) return this.lock.run(key, work);
    return this.lock.run(key, () => this.store.hold(model, documentId, at.locale, work));
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
