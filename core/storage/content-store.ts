import { stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContentIndex } from '../index/content-index.js';
import type { Model } from '../schema/types.js';
import { DiskView, lookedAt, type Seen } from '../service/disk-view.js';
import { removeFile, writeFileAtomic } from './atomic-write.js';
import { sitePath } from './site-path.js';
import { documentLockFile } from './document-lock-file.js';
import { holdLockFile } from './lock-file.js';
import { readTextNoFollow } from './no-follow.js';
import { writeLogFor } from './write-log.js';
import { forgetWritten, rememberWritten } from './written-texts.js';

/**
 * Where a writer's content files live: the served tree on disk (the base), or a branch's commits
 * (core/branches/branch-store.ts). The writer serialises, validates and indexes; the store only keeps texts.
 */
export interface ContentStore {
  /** A content file's text, or undefined when it is missing, unreadable or a link (never followed). */
  read(file: string): Promise<string | undefined>;
  /**
   * Keep a content file's text. `time`: the time the file stands for (timestamps from history), given to it as its
   * modification time. `before`: the text the writer read under the document's lock, null when it knew the file absent
   * (undefined: not known, so the served tree fsyncs the file itself rather than log the write). Resolves to the
   * modification time the index records for it.
   */
  write(file: string, text: string, time?: string, before?: string | null): Promise<number>;
  /** Remove a content file (a missing one is no error). */
  remove(file: string): Promise<void>;
  /** Whether `file` was found missing under the document's lock held now: a write creating it then replaces nothing. */
  absent?(file: string): boolean;
  /**
   * Run `work` holding the document's lock between processes, the view brought up to the store first (files another
   * process changed are read again), so the work decides from what is stored, whoever wrote it last. `locale`: the
   * write's locale, whose new files are looked for too.
   */
  hold<T>(model: Model, documentId: string | undefined, locale: string | null | undefined, work: () => Promise<T>): Promise<T>;
  /** Whether the index's file times (`git.timestampsFromHistory`) follow this store's writes (the served tree's only). */
  readonly keepsFileTimes: boolean;
}

/**
 * A content file's text on disk, or undefined when it is missing, unreadable or a link (never followed).
 * Read in the thread pool, a create's missing file included: an inline read or existence check
 * waits for the folder behind other writes' renames and fsyncs (profiled under load: an
 * `existsSync` blocked the event loop longer than the error of a failed open costs).
 */
export async function readText(root: string, file: string): Promise<string | undefined> {
  try { return await readTextNoFollow(join(root, file), file); } catch { return undefined; }
}

/**
 * The served tree: atomic writes (through the site's write-ahead log, else each fsynced), lock files in `.cms/locks/` that every CLI and server of the site hold
 * while writing a document, and the index's view of the document refreshed from disk under that lock. `index` is
 * needed for `hold` only (a one-off write, such as `cms fmt`'s, holds no lock).
 *
 * @example
 * const store = new DiskStore('/site', index); const mtime = await store.write('content/articles/a.json', '{}');
 */
export class DiskStore implements ContentStore {
  readonly keepsFileTimes = true;
  private view: DiskView | undefined;
  /**
   * Texts the disk view read under a document's lock and found to be this process's last write, kept until the lock
   * is released: the write that follows takes its previous text from here instead of opening and reading the file again.
   */
  private readonly verified = new Map<string, string>();
  /** Files the disk view found missing under a document's lock, kept until the lock is released (see `Seen`). */
  private readonly missing = new Set<string>();
  constructor(readonly root: string, private readonly index?: ContentIndex) {}

  read(file: string): Promise<string | undefined> {
    if (this.missing.has(file)) return Promise.resolve(undefined);
    const text = this.verified.get(file);
    return text === undefined ? readText(this.root, file) : Promise.resolve(text);
  }

  async write(file: string, text: string, time?: string, before?: string | null): Promise<number> {
    const path = sitePath(this.root, file);
    this.verified.delete(file);
    this.missing.delete(file);
    // Until this write's own note, nothing is known of the file's text (a write failing half way leaves it unknown).
    forgetWritten(path);
    // The site's write log, where the text replaced is known (recovery re-applies a write only where the file still holds it).
    const log = before === undefined ? undefined : writeLogFor(this.root);
    if (log && before !== undefined) {
      const mtimeMs = await log.write(file, text, before, time ? new Date(time) : undefined);
      rememberWritten(path, mtimeMs, text);
      return mtimeMs;
    }
    const written = await writeFileAtomic(path, text);
    // Until a commit carries the time, the file's own modification time answers it (a restart outside a Git
    // checkout, or before the commit): it is set to the time answered now, so both say the same to the millisecond.
    // In the thread pool, never inline: utimes waits for the journal, and a stat's lookup for a rename in the folder,
    // behind other writes' fsyncs, which stalled the event loop and so every read (issue 35: reads p99 9.3 s beside hot writes).
    // A given time is whole seconds (`…T12:34:56.000Z`), which every file system keeps as set: that is the mtime a
    // stat would answer, without asking it (FAT's 2 s ticks aside, where the view reads the file once and finds it the same).
    // Without one, the mtime the write's own descriptor told (the rename keeps it); a stat only where the store could not tell.
    const given = time ? Date.parse(time) : Number.NaN;
    if (time) await utimes(path, new Date(time), new Date(time));
    const mtimeMs = given % 1000 === 0 ? given : (!time && written !== undefined ? written : (await stat(path)).mtimeMs);
    rememberWritten(path, mtimeMs, text);
    return mtimeMs;
  }

  absent(file: string): boolean {
    return this.missing.has(file);
  }

  remove(file: string): Promise<void> {
    this.verified.delete(file);
    this.missing.delete(file);
    forgetWritten(join(this.root, file));
    return removeFile(join(this.root, file));
  }

  hold<T>(model: Model, documentId: string | undefined, locale: string | null | undefined, work: () => Promise<T>): Promise<T> {
    const index = this.index;
    if (!index) throw new Error('DiskStore.hold needs the index it keeps up to date');
    this.view ??= new DiskView(this.root, index);
    const view = this.view;
    const id = documentId ?? index.singleDocumentId(model.uid);
    // The view's look at the document's files goes with the lock's take (one message to the look thread for both).
    const looks = view.plan(model, id, locale);
    return holdLockFile(documentLockFile(this.root, model, documentId), async (results) => {
      const seen: Seen = { texts: new Map(), absent: new Set() };
      await view.refresh(model, id, locale, seen, lookedAt(looks, results));
      for (const [file, text] of seen.texts) this.verified.set(file, text);
      for (const file of seen.absent) this.missing.add(file);
      try {
        return await work();
      } finally {
        for (const file of seen.texts.keys()) this.verified.delete(file);
        for (const file of seen.absent) this.missing.delete(file);
      }
      // The answer does not wait for the lock file's removal: the write is in place (and durable) by now.
    }, { releaseLater: true, looks });
  }
}
