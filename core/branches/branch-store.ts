import type { BranchIndex } from '../index/branch-index.js';
import { LayeredMap } from '../index/layered-map.js';
import { asFileError, modelForPath } from '../index/load.js';
import { readContentFile, type FileRecord } from '../index/read-file.js';
import type { Model } from '../schema/types.js';
import { readText, type ContentStore } from '../storage/content-store.js';
import { changedFilesBetween } from './branch-changed-files.js';
import { branchTips, commitToBranch, EMPTY_TREE, type BranchChange } from './branch-commit.js';
import { branchGit, placeOfRoot } from './branch-git.js';
import { commitTimes } from '../git/file-times.js';
import type { BranchRemote } from './branch-remote.js';
import { commitTimeOf } from './ref-reads.js';

/**
 * A branch's content files: the files the branch changed since it left the base (the overlay) are its texts at the
 * branch's tip, every other file is the base's on disk. A write keeps its text in the overlay (the view's BranchIndex
 * takes the record) until `commit` puts this write's changes on the ref as one commit; the served tree is never touched.
 * The lock between processes is the branch's, taken around each whole write (core/branches/branch-gate.ts): `hold`
 * adds none.
 *
 * @example
 * const store = new BranchStore(root, 'spring', index); await store.load(); await store.read('content/articles/a.json');
 */
export class BranchStore implements ContentStore {
  /** `git.timestampsFromHistory`: the view's times of the files the branch changed are the branch's own commits'. */
  readonly keepsFileTimes = true;
  /** The tip the overlay was read at ('' before the first load, and after a load that failed: the next access reads it). */
  tip = '';
  /** The base's commit the overlay was read against: the branch's changes are those since it left that base. */
  baseTip = '';
  /** The overlay's texts (null: the branch deleted the file). */
  private texts = new Map<string, string | null>();
  /** The changes of the write under way, not on the ref yet. */
  private readonly changes = new Map<string, string | null>();
  /** The time the write under way answers (history timestamps): its commit carries it, so a reload reads the same. */
  private changedAt: string | undefined;
  /** Whether a write holds the branch's gate (a read then leaves the overlay as the write has it). */
  writing = false;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly root: string, readonly branch: string, private readonly index: BranchIndex,
    /** Where problems of the branch's files (a malformed file committed by hand) are reported. */
    private readonly report: (message: string) => void = () => {},
    /** A replica's remote (`git.push`): a commit counts once the remote holds it. */
    private readonly remote?: BranchRemote,
  ) {}

  async read(file: string): Promise<string | undefined> {
    if (this.texts.has(file)) return this.texts.get(file) ?? undefined;
    return readText(this.root, file);
  }

  async write(file: string, text: string, time?: string): Promise<number> {
    this.texts.set(file, text);
    this.changes.set(file, text);
    if (time) this.changedAt = time;
    return time ? Date.parse(time) : Date.now();
  }

  async remove(file: string): Promise<void> {
    this.texts.set(file, null);
    this.changes.set(file, null);
  }

  hold<T>(_model: Model, _documentId: string | undefined, _locale: string | null | undefined, work: () => Promise<T>): Promise<T> {
    return work();
  }

  /** Whether a write has changed files that are not on the ref yet. */
  get pending(): boolean {
    return this.changes.size > 0;
  }

  /** Start a write: nothing of an earlier attempt is pending. */
  begin(): void {
    this.changes.clear();
    this.changedAt = undefined;
  }

  /**
   * Read the overlay from the ref (the branch's tip): its texts, and its records into the index. One load at a time;
   * a caller arriving during one waits for it. Throws BranchNotFoundError when the branch is gone.
   */
  load(): Promise<void> {
    this.loading ??= this.loadNow().finally(() => { this.loading = undefined; });
    return this.loading;
  }

  private async loadNow(): Promise<void> {
    // The overlay between these two commits is what the change-request list read too (kept under them): read once for both.
    const { tip, baseTip: base } = await branchTips(this.root, this.branch);
    const { mergeBase, files } = await changedFilesBetween(this.root, base, tip);
    const times = this.index.fileTimes;
    if (times) await this.readTimes(times, mergeBase, tip);
    const records: FileRecord[] = [];
    const removed: string[] = [];
    // A file without timestamps (git.timestampsFromHistory) answers its commit's time, the same on every load and replica.
    const committed = await commitTimeOf(branchGit(this.root), (await placeOfRoot(this.root)).gitDir, tip);
    const now = Number.isNaN(committed) ? Date.now() : committed;
    const { models, config } = this.index;
    for (const [file, text] of files) {
      const model = modelForPath(models, file);
      if (!model) continue;
      if (text === null) { removed.push(file); continue; }
      try {
        records.push(readContentFile(file, text, now, model, models, config));
      } catch (error) {
        // The base's file stays hidden: the branch changed it, into something that cannot be read.
        removed.push(file);
        this.report(`warning: branch ${this.branch}: ${asFileError(file, error).format()}`);
      }
    }
    this.index.resetOverlay(records, removed);
    // A copy: writes change the store's texts, never the kept answer.
    this.texts = new Map(files);
    this.changes.clear();
    this.tip = tip;
    this.baseTip = base;
  }

  /**
   * Put the pending changes on the ref as one commit over the tip the overlay was read at (compare-and-swap: a ref
   * another process moved throws BranchMovedError and changes nothing), and on a replica on the remote too. Nothing
   * pending: no commit.
   */
  async commit(author: { name: string; email: string }, message: string): Promise<void> {
    if (!this.changes.size) return;
    const changes: BranchChange[] = [...this.changes].map(([file, text]) => ({ file, text }));
    const at = { author, message, expectedTip: this.tip, date: this.changedAt };
    const { tip } = await commitToBranch(this.root, this.branch, changes, at);
    if (this.remote && tip !== this.tip) await this.remote.push(this.branch, tip, this.tip);
    this.changes.clear();
    this.tip = tip;
  }

  /**
   * The time of each file the branch changed: its newest commit on the branch since the merge-base (author date, whole
   * seconds, as the base's history times), set in the view's own layer of file times (the base's stay below it).
   */
  private async readTimes(times: Map<string, string>, mergeBase: string, tip: string): Promise<void> {
    if (times instanceof LayeredMap) times.reset();
    // A branch that has not left its base (merge-base = tip) has no commits of its own: no git run for an empty range.
    if (mergeBase === tip) return;
    const range = /^[0-9a-f]{40}$/.test(mergeBase) && mergeBase !== EMPTY_TREE ? `${mergeBase}..${tip}` : tip;
    for (const [name, time] of await commitTimes(this.root, [range], { timeout: 60_000 })) times.set(name, time);
  }
}
