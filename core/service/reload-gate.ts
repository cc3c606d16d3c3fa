import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { NotFoundError } from '../errors.js';
import type { ContentIndex } from '../index/content-index.js';
import type { Model } from '../schema/types.js';
import type { FileChange } from '../watch/file-changes.js';

/** What a held or retired writer needs to hand a write to the writer now serving (set by core/cms.ts). */
export interface WriteLine {
  /** While a reload is under way: settles once it is over (installed or failed). Unset otherwise. */
  readonly pending: Promise<void> | undefined;
  /** The writer of the parts now serving (compared by identity: another one is retired or being replaced). */
  readonly current: unknown;
  /** Ask `name(...args)` again of the writer serving once no reload is under way, its models and service in the old ones' place. */
  redirect(from: unknown, name: string, args: unknown[]): Promise<unknown>;
}

/** A writer as the gate hands it a write: its own write path, without asking the gate again. */
interface Writer { own(name: never, args: never): Promise<unknown> }

/** The parts of a loaded site the gate works with (core/cms.ts: one set per load). */
export interface ServedParts {
  index: ContentIndex;
  models: ReadonlyMap<string, Model>;
  writer: unknown;
  service: unknown;
}

/**
 * The order between `cms.reload()` and the writes (core/cms.ts). A reload builds a new index, writer and service from
 * disk while the old writer may still be finishing writes: without this, a write that landed after the loader read
 * its file (or that was asked before the swap and ran after it) was only in the old index, and every later read missed
 * it. Here:
 * - writes asked while a reload is under way wait for it (`pending`), then run on the writer it installed (or on the
 *   old one if it failed): they are validated against the models that serve them;
 * - writes already in flight are not waited for (a project hook may itself reload: waiting could deadlock); the files
 *   they land while the reload is under way are noted and read into the new index before it is installed, and those
 *   that land in a retired index afterwards are read into the serving one before the write is answered;
 * - reloads run one at a time.
 * Nothing of this costs a write a promise while no reload is under way: a property check in the writer and in its
 * afterWrite.
 */
export class ReloadGate implements WriteLine {
  /** Settles when the reload under way is over. */
  pending: Promise<void> | undefined;
  /** Files written into a serving index while a reload is under way (project-relative). */
  private noted: Set<string> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** Reloads asked and not over. */
  private reloads = 0;
  /** Each writer's service: a write handed on gets the serving one in its place. */
  private readonly services = new WeakMap<object, unknown>();
  /** The indexes of this site's loads (a branch's view has its own, which the gate leaves alone). */
  private readonly indexes = new WeakSet<ContentIndex>();

  constructor(private readonly root: string, private readonly serving: () => ServedParts | undefined) {}

  get current(): unknown { return this.serving()?.writer; }

  /** Parts about to serve (the first load's, or a reload's before its swap). */
  served(parts: ServedParts): void {
    this.services.set(parts.writer as object, parts.service);
    this.indexes.add(parts.index);
  }

  async redirect(from: unknown, name: string, args: unknown[]): Promise<unknown> {
    while (this.pending) await this.pending;
    const parts = this.serving()!;
    const writer = parts.writer as Writer;
    if (writer === from) return writer.own(name as never, args as never);
    // Held from the top: the models it was asked with are the old load's; the same type's serving model takes their place.
    const [asked, ...rest] = args as [Model, ...unknown[]];
    const model = parts.models.get(asked.uid);
    if (!model) throw new NotFoundError(`Unknown content type "${asked.uid}": the schemas changed while the write waited`);
    const service = this.services.get(from as object);
    return writer.own(name as never, [model, ...rest.map((arg) => (arg === service && arg !== undefined ? parts.service : arg))] as never);
  }

  /**
   * A write landed `files` in `index` (called from its afterWrite, before it is answered): noted while a reload is under
   * way, read into the serving index when `index` was retired. Undefined (no promise) in the usual case.
   */
  landed(index: ContentIndex, files: readonly string[]): Promise<void> | undefined {
    if (!this.indexes.has(index)) return undefined;
    // Noted first, whichever index the write landed in: a retired writer's write during a second reload must reach the
    // index that reload installs too, not only the one serving now.
    if (this.noted) for (const file of files) this.noted.add(file);
    const serving = this.serving()?.index;
    return serving && index !== serving ? catchUp(serving, this.root, files) : undefined;
  }

  /**
   * Run a reload: `assemble` builds the new parts (throwing keeps the old ones), `install` swaps them in. Files written
   * meanwhile are read into the new index first; the check that none is left and the swap happen in one step.
   */
  reload<T extends ServedParts>(assemble: () => Promise<T>, install: (parts: T) => void): Promise<void> {
    const run = this.queue.then(() => this.run(assemble, install));
    this.queue = run.catch(() => undefined);
    // Writes asked from now on wait, until the last reload asked is over.
    this.reloads++;
    this.pending = this.queue as Promise<void>;
    return run;
  }

  private async run<T extends ServedParts>(assemble: () => Promise<T>, install: (parts: T) => void): Promise<void> {
    this.noted = new Set();
    try {
      const parts = await assemble();
      this.served(parts);
      for (let files = this.take(); files.length; files = this.take()) await catchUp(parts.index, this.root, files);
      install(parts);
    } finally {
      this.noted = undefined;
      if (--this.reloads === 0) this.pending = undefined;
    }
  }

  private take(): string[] {
    const files = [...this.noted!];
    this.noted!.clear();
    return files;
  }
}

/**
 * Read `files` from disk into `index`. Each change is applied only if the file is still as it was read (one stat, in the
 * same step as the apply): a file another writer rewrote meanwhile is read again, so an older read never overwrites
 * what that writer put in the index.
 */
export async function catchUp(index: ContentIndex, root: string, files: readonly string[]): Promise<void> {
  let left = files.filter((file) => file.startsWith('content/'));
  if (!left.length) return;
  // Imported when a reload meets a write: a command that only reads (`cms get`) never loads the file reader's write side.
  const { applyChanges, fileChange } = await import('../watch/file-changes.js');
  while (left.length) {
    const changes = await Promise.all(left.map((file) => fileChange(index, root, file, Infinity)));
    const ready: FileChange[] = [];
    const again: string[] = [];
    changes.forEach((change, at) => (unchanged(root, left[at], change) ? change && ready.push(change) : again.push(left[at])));
    applyChanges(index, ready);
    left = again;
  }
}

/** Whether the file on disk is still the one `change` was read from. */
function unchanged(root: string, file: string, change: FileChange | undefined): boolean {
  if (!change || change.kind === 'problem') return true;
  const info = lstatSync(join(root, file), { throwIfNoEntry: false });
  return change.kind === 'forget' ? !info?.isFile() : info?.mtimeMs === change.record.mtimeMs;
}
