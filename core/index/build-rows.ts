import type { CmsConfig } from '../config/types.js';
import { isLocalizedAttribute, type Model } from '../schema/types.js';
import type { Data, Row, Status } from '../types.js';
import { rowId } from './kept-ids.js';
import type { FileRecord } from './read-file.js';
import { DeferredRow } from './deferred-row.js';
import { IndexedRow, type RowFields } from './indexed-row.js';
import { emptyRecord } from './plain-record.js';
import { isUnparsed } from './snapshot/snapshot-record.js';

/** When each file last changed, from Git history (`git.timestampsFromHistory`): file → ISO time. */
export type FileTimes = ReadonlyMap<string, string>;

/** Everything about a row but its fields (and its key, which the row spells out when asked). */
function rowFields(model: Model, record: FileRecord, status: Status, times?: FileTimes): RowFields {
  const createdAt = record.createdAt ?? record.updatedAt ?? new Date(record.mtimeMs).toISOString();
  // From history: the file's last commit, else (uncommitted) its modification time.
  const fileTime = times && (times.get(record.file) ?? (record.mtimeMs ? new Date(record.mtimeMs).toISOString() : undefined));
  // Git keeps whole seconds: a file committed in the second it was created answers its creation time (never an earlier one).
  const updatedAt = record.updatedAt ?? (fileTime && fileTime < createdAt ? createdAt : fileTime) ?? createdAt;
  let publishedAt: string | null;
  if (status === 'draft') publishedAt = null;
  else publishedAt = record.publishedAt ?? updatedAt;
  return {
    uid: model.uid, id: rowId(model, record.documentId, record.locale, status), documentId: record.documentId,
    locale: record.locale, status, createdAt, updatedAt, publishedAt, file: record.file,
  };
}

const makeRow = (model: Model, record: FileRecord, status: Status, times?: FileTimes): Row =>
  new IndexedRow(rowFields(model, record, status, times), record.data);

/**
 * The rows of one document from its files. A plain file is the published version and, while no
 * `.draft` sibling exists, the draft too; a `.draft` file is the draft. Non-localized attributes
 * missing from a locale's file are shared from another locale's file of the same kind (default
 * locale first), as Strapi syncs them only between versions of the same status: a write that
 * publishes reaches the other locales' published versions, not their drafts.
 */
export function buildDocumentRows(model: Model, records: FileRecord[], config: CmsConfig, times?: FileTimes): Row[] {
  // Most documents are one file: its rows need no grouping by locale and share nothing.
  if (records.length === 1) return singleFileRows(model, records[0], times);
  const sources = documentSources(model, records);
  // Rows read from one file hold the same fields: only two or more files can share any.
  const shares = model.localized && records.length > 1;
  // Records from the index snapshot that nobody has read: the rows wait too, and are filled when
  // one of them is first read. A row that shares no fields takes its record's (no closure kept);
  // the rows of a document that shares fields are filled together.
  if (records.some(isUnparsed)) {
    if (!shares) return sources.map(({ record, status }) => new DeferredRow(rowFields(model, record, status, times), record));
    const rows: SourcedRow[] = [];
    const fill = () => {
      for (const { row, record } of rows) row.data = record.data;
      shareUnlocalizedFields(model, rows, config);
    };
    for (const { record, status, draftFile } of sources) rows.push({
      row: new DeferredRow(rowFields(model, record, status, times), fill), draftFile, record,
    });
    return rows.map(({ row }) => row);
  }
  const rows = sources.map(({ record, status, draftFile }): SourcedRow => ({
    row: makeRow(model, record, status, times), draftFile, record,
  }));
  if (shares) shareUnlocalizedFields(model, rows, config);
  return rows.map(({ row }) => row);
}

/** What decides which rows a file gives: its locale and kind. */
export type FileVersion = Pick<FileRecord, 'locale' | 'draft'>;

/** Which record a row is built from, with which status, and whether that is a `.draft` file. */
interface Source<R extends FileVersion = FileRecord> { record: R; status: Status; draftFile: boolean }

/** The rows a document's files give (one file per version: duplicates already set aside), as their sources. */
export function documentSources<R extends FileVersion>(model: Model, records: R[]): Source<R>[] {
  const byLocale = new Map<string | null, { plain?: R; draft?: R }>();
  for (const record of records) {
    const slot = byLocale.get(record.locale) ?? {};
    if (record.draft) slot.draft = record;
    else slot.plain = record;
    byLocale.set(record.locale, slot);
  }
  const sources: Source<R>[] = [];
  for (const { plain, draft } of byLocale.values()) addSources(model, sources, plain, draft);
  return sources;
}

const statusesByModel = new WeakMap<Model, [plain: Status[], draft: Status[]]>();

/** The statuses of the rows a document of one file gives (`draft`: a `.draft` file), worked out once per model. */
export function singleFileStatuses(model: Model, draft: boolean): readonly Status[] {
  let statuses = statusesByModel.get(model);
  if (!statuses) {
    const of = (draftFile: boolean) => documentSources(model, [{ locale: null, draft: draftFile }]).map(({ status }) => status);
    statusesByModel.set(model, (statuses = [of(false), of(true)]));
  }
  return statuses[draft ? 1 : 0];
}

/** The rows one locale's files give: a plain file is the published version and, without a `.draft` file, the draft. */
function addSources<R extends FileVersion>(model: Model, sources: Source<R>[], plain: R | undefined, draft: R | undefined): void {
  if (!model.draftAndPublish) {
    if (plain) sources.push({ record: plain, status: 'published', draftFile: false });
    return;
  }
  const draftSource = draft ?? plain;
  if (draftSource) sources.push({ record: draftSource, status: 'draft', draftFile: draftSource.draft });
  if (plain) sources.push({ record: plain, status: 'published', draftFile: false });
}

/** The rows of a document of one file (deferred when its fields are not parsed yet). */
function singleFileRows(model: Model, record: FileRecord, times?: FileTimes): Row[] {
  const sources: Source[] = [];
  addSources(model, sources, record.draft ? undefined : record, record.draft ? record : undefined);
  return isUnparsed(record)
    ? sources.map(({ status }) => new DeferredRow(rowFields(model, record, status, times), record))
    : sources.map(({ status }) => makeRow(model, record, status, times));
}

/** A row, the record it was built from, and whether that is a `.draft` file (a plain file's draft row is its published version). */
interface SourcedRow { row: Row; draftFile: boolean; record: FileRecord }

const sharedByModel = new WeakMap<Model, string[]>();

/** A localized type's attributes that are not localized (worked out once per model, not per document). */
function sharedAttributes(model: Model): string[] {
  let shared = sharedByModel.get(model);
  if (!shared) {
    sharedByModel.set(model, (shared = model.attributeNames.filter((name) => !isLocalizedAttribute(model, model.attributes[name]))));
  }
  return shared;
}

/**
 * A row's donors are the other locales' rows read from files of its kind; only when no other
 * locale has a file of that kind (a new draft of a published document, a new published locale of
 * a document only drafted elsewhere) are their other rows used, as Strapi copies a new
 * localization's shared fields from an existing version (recorded: fuzz.sync.new.locale.*). A
 * locale's own rows never donate: they are its versions, read from its own files.
 */
function shareUnlocalizedFields(model: Model, rows: SourcedRow[], config: CmsConfig): void {
  const shared = sharedAttributes(model);
  if (!shared.length) return;
  const missingOf = rows.map(({ row }) => shared.filter((name) => !(name in row.data)));
  // Most documents hold every shared field in every file: nothing to rank or copy.
  if (missingOf.every((missing) => !missing.length)) return;
  const rank = ({ row }: SourcedRow) => (row.locale === config.defaultLocale ? 0 : 1) + (row.status === 'published' ? 0 : 2);
  const ranked = [...rows].sort((a, b) => rank(a) - rank(b));
  const own = new Map(rows.map(({ row }) => [row, row.data]));
  for (const [at, entry] of rows.entries()) {
    const { row } = entry;
    const missing = missingOf[at];
    if (!missing.length) continue;
    const others = ranked.filter((candidate) => candidate.row.locale !== row.locale);
    const sameKind = others.filter((candidate) => candidate.draftFile === entry.draftFile);
    const donors = (sameKind.length ? sameKind : others).map((candidate) => own.get(candidate.row)!);
    const data: Data = Object.assign(emptyRecord<Data>(), row.data);
    for (const name of missing) {
      const donor = donors.find((candidate) => name in candidate);
      if (donor) data[name] = donor[name];
    }
    row.data = data;
  }
}
