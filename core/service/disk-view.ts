import type { ContentIndex } from '../index/content-index.js';
import type { FileRecord } from '../index/read-file.js';
import { contentFilePath, contentFolder, documentPrefixes, layoutOf, parseContentPath } from '../index/content-path.js';
import { CONTENT_EXTENSIONS } from '../parsers/index.js';
import type { Model } from '../schema/types.js';
import type { CallResult, FileCall } from '../storage/thread-calls.js';
import { processLookThread } from '../storage/write-thread.js';
import { sitePath } from '../storage/site-path.js';
import { writtenText } from '../storage/written-texts.js';
import { applyChanges, fileChange, folderChanges, type FileChange } from '../watch/file-changes.js';

/**
 * How recent an mtime must be for a file to be read and compared rather than trusted: file systems
 * keep mtimes in ticks (a few ms on ext4, 2 s on FAT and some network mounts), so a same-size
 * rewrite within one tick of the indexed one keeps its stamp.
 */
export const RACY_MS = 2000;

/** A failed call's answer: null where the path names nothing (ENOENT), else undefined (not known). */
const unread = (error: { code?: string } | undefined): null | undefined => (error?.code === 'ENOENT' ? null : undefined);
/**
 * A file's text as long as `size` (a longer one cut one byte past it, still unlike what was written), or undefined when it
 * cannot be read (missing, a link, a folder, a FIFO; or the thread ended: then it is compared the slow way). By the look
 * thread, as the lock's take before it: the calls of a turn's writes in one message, none in the main thread's pool.
 */
const readNow = (path: string, size: number, looked?: Looked): Promise<string | null | undefined> =>
  taken(looked, readKey(path, size)) as Promise<string | null | undefined> ?? processLookThread().call({ read: path, size }).catch(unread);
/**
 * Whether the path is a plain file (never followed) and its modification time; null when nothing is there (ENOENT),
 * undefined when it cannot be told (as missing).
 */
const look = (path: string, looked?: Looked): Promise<{ file: boolean; mtimeMs: number } | null | undefined> =>
  taken(looked, statKey(path)) as Promise<{ file: boolean; mtimeMs: number } | null | undefined>
    ?? processLookThread().call({ lstat: path }).catch(unread);

/**
 * The answers of the calls made with the lock's take (`plan`), by call: each used once, by the look that would have
 * asked it (a plan made before the take that no longer fits, the index having moved meanwhile, is asked afresh).
 */
export type Looked = Map<string, CallResult>;

/**
 * What `refresh` settled under a document's lock, by project path: `texts`, the files read and found to be what this
 * process last wrote; `absent`, the files the index does not know that were looked at and found missing (ENOENT, not an
 * error that hides what is there), so a write creating one logs it as replacing nothing rather than fsyncing it alone.
 */
export interface Seen {
  texts: Map<string, string>;
  absent: Set<string>;
}
const readKey = (path: string, size: number) => `r${size} ${path}`;
const statKey = (path: string) => `s ${path}`;
const keyOf = (call: FileCall) => ('read' in call ? readKey(call.read, call.size) : 'lstat' in call ? statKey(call.lstat) : '');
function taken(looked: Looked | undefined, key: string): Promise<CallResult | undefined> | undefined {
  if (!looked?.has(key)) return undefined;
  const result = looked.get(key);
  looked.delete(key);
  return Promise.resolve(result !== null && typeof result === 'object' && 'error' in result ? unread(result.error) : result);
}

/** The answers of `calls` by call, for `refresh` (undefined: none were made). */
export const lookedAt = (calls: FileCall[], results: CallResult[] | undefined): Looked | undefined =>
  results && new Map(calls.map((call, at) => [keyOf(call), results[at]]));

/**
 * Bring the index's view of one document up to its files on disk, before a write decides anything
 * from it. The server's watcher learns of a change a moment after it happens; a write in that
 * moment would otherwise merge onto the old fields and put them back (the CLI's write, an editor's
 * save, a pull, reverted while answered 200). Called under the document's lock, which the CLI and a
 * server of the same site both hold while they write, so nothing of theirs can change the files
 * between this look and the write.
 */
export class DiskView {
  /**
   * For records indexed without a modification time (a cold start stats no file that carries its timestamps: `mtimeMs`
   * 0), the one their file was found to have while its content matched them: the next write's look at that file is
   * then one stat, not a stat of it and its folder, a read and a parse on every write of the document. Keyed by the
   * record, so a record replaced (a write, the watcher) never takes an older look's answer.
   */
  private readonly confirmed = new WeakMap<FileRecord, number>();
  /** `candidates`' answers by their inputs, per type (a few thousand at most, then begun again). */
  private readonly candidatePaths = new WeakMap<Model, Map<string, readonly string[]>>();
  constructor(private readonly root: string, private readonly index: ContentIndex) {}

  /**
   * Re-read the document's files that changed on disk (mtime, or content where the mtime is too
   * recent to tell), forget those gone, and pick up new ones in `locale` (a draft or localization the
   * CLI or an editor created). A single type's folder is compared whole (its one document may be new).
   * `seen`: given, it receives what the write about to follow under the same lock need not read again (see `Seen`).
   */
  async refresh(model: Model, documentId: string | undefined, locale?: string | null, seen?: Seen, looked?: Looked): Promise<void> {
    const { index, root } = this;
    if (model.kind === 'singleType' || documentId === undefined) {
      applyChanges(index, await folderChanges(index, root, contentFolder(model), RACY_MS));
      return;
    }
    const files = this.files(model, documentId, locale);
    const changes = await Promise.all(files.map((file) => this.change(file, seen, looked)));
    applyChanges(index, changes.filter((change) => change !== undefined));
  }

  /**
   * The first call `refresh` makes for each file of the document as the index stands now: made with the lock's take (one
   * message to the look thread for both), and checked against the index again once the lock is held.
   */
  plan(model: Model, documentId: string | undefined, locale?: string | null): FileCall[] {
    if (model.kind === 'singleType' || documentId === undefined) return [];
    return this.files(model, documentId, locale).map((file) => {
      const path = sitePath(this.root, file);
      const written = this.writtenClean(file, path);
      return written.racy ? { read: path, size: written.text!.bytes } : { lstat: path };
    });
  }

  /** The document's files: those the index knows, its problem files, and its plain and draft file in `locale`. */
  private files(model: Model, documentId: string, locale?: string | null): string[] {
    const { index } = this;
    const files = new Set(index.documentRecords(model.uid, documentId).map((record) => record.file));
    for (const prefix of documentPrefixes(contentFolder(model), documentId)) for (const file of index.problemFiles(prefix)) files.add(file);
    if (locale !== undefined) for (const file of this.candidates(model, documentId, locale, files)) files.add(file);
    return [...files];
  }

  /** The text this process last wrote to a file the index knows without a problem, and whether its mtime is too recent to trust. */
  private writtenClean(file: string, path: string) {
    const known = this.index.record(file);
    const clean = known !== undefined && !this.index.problems.has(file);
    const text = clean ? writtenText(path, known.mtimeMs) : undefined;
    return { known, clean, text, racy: !!text && Date.now() - known!.mtimeMs < RACY_MS };
  }

  /**
   * One file against the index. The common case, a file this process wrote (its text kept, see written-texts.ts), is
   * settled without a parse: while its mtime is too recent to trust, the file is read (without a stat first: the record
   * names the mtime the write gave it) and compared with the text written; once the mtime can be trusted, a stat showing
   * it unchanged gives the kept text. Either way the write under the same lock takes that text instead of reading it.
   */
  private async change(file: string, seen?: Seen, looked?: Looked): Promise<FileChange | undefined> {
    const { index, root } = this;
    const path = sitePath(root, file);
    const { known, clean, text: written, racy } = this.writtenClean(file, path);
    if (written && racy) {
      // Read by the size written: a file of another size reads otherwise (cut one byte past it), a link or a folder not at all.
      if (await readNow(path, written.bytes, looked) === written.text) { seen?.texts.set(file, written.text); return undefined; }
      return fileChange(index, root, file, RACY_MS);
    }
    // Off the main thread, never inline: a lookup in a folder another write is renaming into waits for the disk's journal,
    // and an inline wait stalls every read of the server (issue 35: reads p99 9.3 s beside hot writes).
    const info = await look(path, looked);
    if (!info && !known && !index.problems.has(file)) {
      if (info === null) seen?.absent.add(file);
      return undefined;
    }
    const trusted = info?.file && Date.now() - info.mtimeMs >= RACY_MS ? info.mtimeMs : undefined;
    if (clean && trusted !== undefined && trusted === (known!.mtimeMs || this.confirmed.get(known!))) {
      if (written) seen?.texts.set(file, written.text);
      return undefined;
    }
    const change = await fileChange(index, root, file, RACY_MS);
    if (!change && clean && trusted !== undefined && known!.mtimeMs === 0) await this.confirm(file, known!, trusted);
    return change;
  }

  /**
   * Note `mtimeMs` as the time `known`'s file had when its content (read since) matched it, once a second stat finds the
   * file still at that time: a time too old to be racy that did not move across the read means nothing wrote it meanwhile.
   */
  private async confirm(file: string, known: FileRecord, mtimeMs: number): Promise<void> {
    const after = await look(sitePath(this.root, file));
    if (after?.file && after.mtimeMs === mtimeMs && this.index.record(file) === known) this.confirmed.set(known, mtimeMs);
  }

  /**
   * The paths a document's plain and draft file in `locale` may have: in its known formats, else in every format; in the
   * layouts of its known files and the type's own.
   */
  private candidates(model: Model, documentId: string, locale: string | null, known: Set<string>): readonly string[] {
    // Kept by what they are made of (the project's layout is fixed for the index's life): an update asks twice, for its
    // plan and under the lock, and a document written again asks the same.
    let kept = this.candidatePaths.get(model);
    if (!kept) this.candidatePaths.set(model, kept = new Map());
    const key = `${documentId}\n${locale}\n${[...known].join('\n')}`;
    let paths = kept.get(key);
    if (paths) return paths;
    if (kept.size >= 4096) kept.clear();
    paths = this.candidatesOf(model, documentId, locale, known);
    kept.set(key, paths);
    return paths;
  }

  private candidatesOf(model: Model, documentId: string, locale: string | null, known: Set<string>): string[] {
    const used = [...known].map((file) => file.slice(file.lastIndexOf('.')));
    const exts = used.length ? [...new Set(used)] : CONTENT_EXTENSIONS;
    const layouts = new Set([layoutOf(this.index.config, model), ...[...known].flatMap((file) => parseContentPath(file)?.layout ?? [])]);
    const segment = locale === this.index.config.defaultLocale ? undefined : locale ?? undefined;
    return [...layouts].flatMap((layout) => exts.flatMap((ext) => [false, true].map((draft) =>
      contentFilePath(contentFolder(model), layout, { documentId, locale: segment, draft, ext }))));
  }
}
