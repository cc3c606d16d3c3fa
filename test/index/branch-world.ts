import { BranchIndex } from '../../core/index/branch-index.js';
import type { ContentIndex } from '../../core/index/content-index.js';
import type { FileRecord } from '../../core/index/read-file.js';
import { ARTICLE, AUTHOR, CATEGORY, chooser, fileRecord, FOLDERS, GLOBAL, TAG, type Probes } from './branch-site.js';

const WORDS = ['coffee', 'pizza', 'sunset', 'Rome', 'garden', 'river'];
type Side = 'base' | 'overlay';

/**
 * A base index, a branch over it, and plain maps of what each holds: the records a full index of the
 * branch's view would hold are the base's with the overlay applied. Random changes go to both sides.
 */
export class BranchWorld {
  readonly branch: BranchIndex;
  readonly baseFiles = new Map<string, FileRecord>();
  readonly overlay = new Map<string, FileRecord | null>();
  readonly log: string[] = [];
  private made = 0;
  private readonly choose: ReturnType<typeof chooser>;

  constructor(readonly base: ContentIndex, seed: number) {
    for (const file of base.files('content/')) this.baseFiles.set(file, base.record(file)!);
    this.branch = new BranchIndex(base);
    this.choose = chooser(seed);
  }

  viewRecords(): Map<string, FileRecord> {
    const records = new Map(this.baseFiles);
    for (const [file, record] of this.overlay) {
      if (record) records.set(file, record);
      else records.delete(file);
    }
    return records;
  }

  set(side: Side, record: FileRecord): void {
    this.log.push(`${side} set ${record.file}`);
    if (side === 'base') { this.base.setRecord(record); this.baseFiles.set(record.file, record); }
    else { this.branch.setRecord(record); this.overlay.set(record.file, record); }
  }

  remove(side: Side, file: string): void {
    this.log.push(`${side} remove ${file}`);
    if (side === 'base') { this.base.removeRecord(file); this.baseFiles.delete(file); }
    else { this.branch.removeRecord(file); this.overlay.set(file, null); }
  }

  /** The branch reloaded from what it holds (as a branch's view is after a commit elsewhere). */
  reload(): void {
    this.log.push('overlay reset');
    const records = [...this.overlay.values()].filter((record): record is FileRecord => record !== null);
    this.branch.resetOverlay(records, [...this.overlay].filter(([, record]) => !record).map(([file]) => file));
  }

  /** One random change: mostly to the overlay, sometimes to the base, now and then a reload. */
  step(): void {
    const { chance, pick } = this.choose;
    const roll = this.choose.next();
    if (roll < 0.05) return this.reload();
    const side: Side = chance(0.25) ? 'base' : 'overlay';
    const view = [...this.viewRecords().values()].filter((record) => record.uid !== 'plugin::upload.file');
    const some = (uid: string) => view.filter((record) => record.uid === uid);
    const kind = this.choose.int(9);
    if (kind === 0) return this.remove(side, pick(chance(0.5) ? view : this.touchedOr(view)).file);
    if (kind === 1) return this.set(side, this.changed(pick(this.touchedOr(some(ARTICLE)))));
    if (kind === 2) return this.set(side, this.changed(pick(some(ARTICLE))));
    if (kind === 3) return this.newArticle(side, some(ARTICLE));
    if (kind === 4) {
      // (often another file of a document the overlay changed: the branch then shows the base's new file beside its own)
      const record = pick(chance(0.6) ? this.touchedDocumentsOr(some(ARTICLE)) : some(ARTICLE));
      const file = `content/articles/${record.documentId}.${pick(['draft.json', 'fr.json', 'fr.draft.json', 'yml'])}`;
      return this.set(side, this.changed(fileRecord(file, ARTICLE, record.data, record)));
    }
    const uid = pick([AUTHOR, TAG, CATEGORY, GLOBAL]);
    if (kind < 7 && some(uid).length) return this.set(side, this.changed(pick(some(uid))));
    const documentId = `n${++this.made}${side[0]}`;
    this.set(side, fileRecord(`content/${FOLDERS[uid]}/${documentId}.json`, uid, { name: `New ${uid} ${this.made}` }, {
      createdAt: this.someTime(view),
    }));
  }

  /** What a read is asked about: the overlay's documents, some of the base's, and some that exist nowhere. */
  probes(): { documentIds: Map<string, Set<string>>; probes: Probes } {
    const { pick } = this.choose;
    const view = [...this.viewRecords().values()];
    const documentIds = new Map<string, Set<string>>();
    const add = (uid: string, documentId: string) => documentIds.set(uid, (documentIds.get(uid) ?? new Set()).add(documentId));
    const touched = [...this.overlay].map(([file, record]) => record ?? this.baseFiles.get(file)).filter(Boolean) as FileRecord[];
    for (const record of [...touched, ...Array.from({ length: 6 }, () => pick(view))]) add(record.uid, record.documentId);
    add(ARTICLE, 'nowhere');
    const rows = [...documentIds].flatMap(([uid, ids]) => [...ids].flatMap((id) => [...this.branch.documentRows(uid, id)]));
    const articles = [...touched, ...view].filter((record) => record.uid === ARTICLE).slice(0, 30);
    const data = articles.map((record) => record.data);
    return {
      documentIds,
      probes: {
        ids: [...rows.map((row) => row.id), ...[...this.baseFiles.values()].slice(0, 5).flatMap((record) =>
          this.base.documentRows(record.uid, record.documentId).map((row) => row.id)), 42],
        values: [
          ...data.flatMap((fields) => (['en', 'fr'] as const).map((locale): Probes['values'][number] => [ARTICLE, 'slug', locale, fields.slug])),
          ...view.filter((record) => record.uid === TAG).slice(0, 5).map((record): Probes['values'][number] =>
            [TAG, 'name', null, record.data.name]),
        ],
        links: data.flatMap((fields): Probes['links'] => [
          ...(fields.author ? [[ARTICLE, 'author', String(fields.author)] as Probes['links'][number]] : []),
          ...(fields.category ? [[ARTICLE, 'category', String(fields.category)] as Probes['links'][number]] : []),
          ...((fields.tags as string[] | undefined) ?? []).map((tag): Probes['links'][number] => [ARTICLE, 'tags', tag]),
        ]),
        files: [...this.overlay.keys(), ...view.slice(0, 5).map((record) => record.file)],
      },
    };
  }

  private touchedOr(records: FileRecord[]): FileRecord[] {
    const touched = records.filter((record) => this.overlay.has(record.file));
    return touched.length ? touched : records;
  }

  /** Records of the documents the overlay changed (any of their files), or all when it changed none. */
  private touchedDocumentsOr(records: FileRecord[]): FileRecord[] {
    const touched = new Set([...this.overlay.keys()].map((file) => file.slice(0, file.indexOf('.'))));
    const found = records.filter((record) => touched.has(record.file.slice(0, record.file.indexOf('.'))));
    return found.length ? found : records;
  }

  private someTime(view: FileRecord[]): string | undefined {
    // Now and then the very time of another document: creation order then falls to the documentId.
    if (this.choose.chance(0.3)) return this.choose.pick(view).createdAt;
    return new Date(Date.UTC(2024, 0, 1) + this.choose.int(300_000) * 60_000).toISOString();
  }

  /** A new version of a record's file: other fields, links and values (a slug or a name another document may hold). */
  private changed(record: FileRecord): FileRecord {
    const { chance, pick, int } = this.choose;
    const view = [...this.viewRecords().values()];
    const ids = (uid: string) => view.filter((other) => other.uid === uid).map((other) => other.documentId);
    const data: Record<string, unknown> = { ...record.data };
    if (record.uid === ARTICLE) {
      data.title = `${pick(WORDS)} ${pick(WORDS)} ${++this.made}`;
      data.views = int(1000);
      data.slug = chance(0.4) ? pick(view.filter((other) => other.uid === ARTICLE)).data.slug : `slug-${this.made}`;
      if (chance(0.5)) data.author = chance(0.2) ? null : pick(ids(AUTHOR));
      if (chance(0.5)) data.tags = Array.from(new Set(Array.from({ length: int(4) }, () => pick(ids(TAG)))));
      if (chance(0.3)) data.category = pick(ids(CATEGORY));
    } else {
      data.name = chance(0.3) ? pick(view.filter((other) => other.uid === record.uid)).data.name : `Name ${++this.made}`;
    }
    return fileRecord(record.file, record.uid, data, record);
  }

  private newArticle(side: Side, articles: FileRecord[]): void {
    const documentId = `a${++this.made}${side[0]}`;
    const createdAt = this.someTime(articles);
    const source = this.choose.pick(articles);
    const files = this.choose.pick([['json'], ['json', 'fr.json'], ['draft.json'], ['json', 'draft.json', 'fr.json']]);
    for (const ending of files) {
      this.set(side, this.changed(fileRecord(`content/articles/${documentId}.${ending}`, ARTICLE, source.data, { createdAt })));
    }
  }
}
