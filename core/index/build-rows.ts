import type { CmsConfig } from '../config/types.js';
import { isLocalizedAttribute, type Model } from '../schema/types.js';
import type { Data, Row, Status } from '../types.js';
import { deriveId, rowKey } from './ids.js';
import type { FileRecord } from './read-file.js';

/** When each file last changed, from Git history (`git.timestampsFromHistory`): file → ISO time. */
export type FileTimes = ReadonlyMap<string, string>;

function makeRow(model: Model, record: FileRecord, status: Status, times?: FileTimes): Row {
  const createdAt = record.createdAt ?? record.updatedAt ?? new Date(record.mtimeMs).toISOString();
  // From history: the file's last commit, else (uncommitted) its modification time.
  const fileTime = times && (times.get(record.file) ?? (record.mtimeMs ? new Date(record.mtimeMs).toISOString() : undefined));
  const updatedAt = record.updatedAt ?? fileTime ?? createdAt;
  let publishedAt: string | null;
  if (status === 'draft') publishedAt = null;
  else publishedAt = record.publishedAt ?? updatedAt;
  const key = rowKey(model.uid, record.documentId, record.locale, status);
  return {
    key, uid: model.uid, id: deriveId(key), documentId: record.documentId, locale: record.locale, status,
    data: record.data, createdAt, updatedAt, publishedAt, file: record.file,
  };
}

/**
 * The rows of one document from its files. A plain file is the published version and, while no
 * `.draft` sibling exists, the draft too; a `.draft` file is the draft. Non-localized attributes
 * missing from a locale's file are shared from another locale (default locale first), so they
 * are written once and stay in sync.
 */
export function buildDocumentRows(model: Model, records: FileRecord[], config: CmsConfig, times?: FileTimes): Row[] {
  const rows: Row[] = [];
  const byLocale = new Map<string | null, { plain?: FileRecord; draft?: FileRecord }>();
  for (const record of records) {
    const slot = byLocale.get(record.locale) ?? {};
    if (record.draft) slot.draft = record;
    else slot.plain = record;
    byLocale.set(record.locale, slot);
  }
  for (const { plain, draft } of byLocale.values()) {
    if (!model.draftAndPublish) {
      if (plain) rows.push(makeRow(model, plain, 'published', times));
      continue;
    }
    const draftSource = draft ?? plain;
    if (draftSource) rows.push(makeRow(model, draftSource, 'draft', times));
    if (plain) rows.push(makeRow(model, plain, 'published', times));
  }
  if (model.localized && rows.length > 1) shareUnlocalizedFields(model, rows, config);
  return rows;
}

function shareUnlocalizedFields(model: Model, rows: Row[], config: CmsConfig): void {
  const shared = model.attributeNames.filter((name) => !isLocalizedAttribute(model, model.attributes[name]));
  if (!shared.length) return;
  const rank = (row: Row) => (row.locale === config.defaultLocale ? 0 : 1) + (row.status === 'published' ? 0 : 2);
  const donors = [...rows].sort((a, b) => rank(a) - rank(b));
  for (const row of rows) {
    const missing = shared.filter((name) => !(name in row.data));
    if (!missing.length) continue;
    const data: Data = Object.assign(Object.create(null), row.data);
    for (const name of missing) {
      const donor = donors.find((candidate) => candidate !== row && name in candidate.data && (candidate.status === row.status || !donors.some((other) => other !== row && other.status === row.status && name in other.data)));
      if (donor) data[name] = donor.data[name];
    }
    row.data = data;
  }
}
