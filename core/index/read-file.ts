import type { CmsConfig } from '../config/types.js';
import { conflictBlocks, MergeConflictError, type ConflictBlock } from '../parsers/conflict-markers.js';
import { FileError, FileProblemsError } from '../errors.js';
import { locateKey } from '../parsers/locate-key.js';
import { getParser } from '../parsers/index.js';
import { checkStoredFields } from '../schema/check-value.js';
import type { Model, Models } from '../schema/types.js';
import { oversize, oversizeMessage } from '../storage/file-size.js';
import type { Data } from '../types.js';
import { parseFileName } from './file-name.js';
import { internRepeatedValues } from './intern-values.js';
import { emptyRecord } from './plain-record.js';
import type { StringPool } from './string-pool.js';

/** One content file, parsed and checked: the unit the index is built from. */
export interface FileRecord {
  /** Path relative to the project root, with `/` separators. */
  file: string;
  uid: string;
  documentId: string;
  /** Resolved locale (default locale for plain files of localized types), null when not localized. */
  locale: string | null;
  draft: boolean;
  data: Data;
  createdAt: string | undefined;
  updatedAt: string | undefined;
  publishedAt: string | null | undefined;
  /** File modification time (ms), 0 when not read: the fallback for missing timestamps, and how the watcher spots changes. */
  mtimeMs: number;
}

const SYSTEM_FIELDS = ['createdAt', 'updatedAt', 'publishedAt'] as const;
/** Already in `toISOString()` form: kept as is, without a parse. */
const CANONICAL_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DERIVED_FIELDS = ['id', 'documentId', 'locale', 'localizations'];

/** The attribute a Markdown body fills: the first `richtext`, else the first `text` attribute. */
export function markdownBodyAttribute(model: Model): string | undefined {
  return model.attributeNames.find((name) => model.attributes[name].type === 'richtext')
    ?? model.attributeNames.find((name) => model.attributes[name].type === 'text');
}

const isSystemField = (key: string): boolean => (SYSTEM_FIELDS as readonly string[]).includes(key);

/**
 * The fields a record keeps: the parsed object less its system fields, without a prototype. A
 * fresh `JSON.parse` result (never shared) is kept itself when its system fields are its last keys,
 * as written files have them: deleting an object's last keys keeps it a fast object, and no second
 * copy of every document is made at start-up. Otherwise the fields are copied.
 */
function keptFields(raw: Record<string, unknown>, systemFields: number, ownObject: boolean): Data {
  const keys = Object.keys(raw);
  const first = keys.length - systemFields;
  if (ownObject && keys.slice(first).every(isSystemField)) {
    for (let i = keys.length - 1; i >= first; i--) delete raw[keys[i]];
    return Object.setPrototypeOf(raw, null) as Data;
  }
  const data = emptyRecord<Data>();
  for (const key of keys) if (!isSystemField(key)) data[key] = raw[key];
  return data;
}

/**
 * The fields of a JSON content file whose text `readContentFile` has already checked: its parse,
 * less the system fields, kept as `readContentFile` keeps them, and nothing checked again (a cold
 * start's `TextRecord` parses its file a second time on first read).
 */
export function checkedJsonFields(text: string): Data {
  const raw = JSON.parse(text) as Record<string, unknown>;
  let systemFields = 0;
  for (const key in raw) if (Object.hasOwn(raw, key) && isSystemField(key)) systemFields++;
  return keptFields(raw, systemFields, true);
}

/**
 * Parse and check one content file of `model`. Throws a FileError with `file:line:col` for
 * anything malformed; the caller reports it and keeps serving the rest. With a `pool` (a load of
 * many files), texts that documents repeat are shared (see `internRepeatedValues`). Without
 * `keepFields` (a record that keeps its text and parses its fields again when read: `TextRecord`),
 * the parse is checked as it is, its system fields skipped, and `data` is that parse, untrimmed.
 */
export function readContentFile(
  file: string, text: string, mtimeMs: number, model: Model, models: Models, config: CmsConfig, pool?: StringPool,
  keepFields = true,
): FileRecord {
  const fail = (message: string, key?: string): never => {
    const at = key ? locateKey(text, key) : undefined;
    throw new FileError(file, message, at?.line ?? (key ? undefined : undefined), at?.column);
  };
  const baseName = file.slice(file.lastIndexOf('/') + 1);
  const name = parseFileName(baseName);
  const parser = getParser(baseName);
  if (!name || !parser) return fail('file name must be <documentId>[.<locale>][.draft].(json|yaml|yml|md)');
  if (name.draft && !model.draftAndPublish) fail(`${model.uid} has no draft & publish, so it has no .draft files`);
  let locale: string | null = null;
  if (name.locale !== undefined) {
    if (!model.localized) fail(`${model.uid} is not localized, so its files have no locale segment`);
    if (name.locale === config.defaultLocale) {
      fail(`the default locale "${name.locale}" is the plain file: rename to ${baseName.replace(`.${name.locale}.`, '.')}`);
    }
    if (!config.locales.includes(name.locale)) fail(`unknown locale "${name.locale}" (configured: ${config.locales.join(', ')})`);
    locale = name.locale;
  } else if (model.localized) {
    locale = config.defaultLocale;
  }

  const bytes = oversize(text, config.content.maxFileSize);
  if (bytes !== undefined) fail(`the file is ${oversizeMessage(bytes, config.content.maxFileSize)}`);
  // Before parsing: a conflict git left is named as such, not as the syntax error it causes.
  const conflicts = conflictBlocks(text);
  if (conflicts.length) throw new MergeConflictError(file, conflicts as [ConflictBlock, ...ConflictBlock[]]);
  const parsed = parser.parse(text, file);
  if (!parsed.data || typeof parsed.data !== 'object' || Array.isArray(parsed.data)) fail('a content file must hold an object of fields');
  const raw = parsed.data as Record<string, unknown>;
  // One pass: system fields go to timestamps; the rest are checked and kept (see `keptFields`).
  const timestamps: Partial<Record<(typeof SYSTEM_FIELDS)[number], string | null>> = {};
  let systemFields = 0;
  for (const key in raw) {
    if (!Object.hasOwn(raw, key)) continue;
    const value = raw[key];
    if (key === 'createdAt' || key === 'updatedAt' || key === 'publishedAt') {
      systemFields++;
      if (value === null && key === 'publishedAt') timestamps[key] = null;
      else if (typeof value === 'string' && CANONICAL_TIMESTAMP.test(value)) timestamps[key] = value;
      else if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) fail(`${key} must be an ISO 8601 date-time`, key);
      else timestamps[key] = new Date(value).toISOString();
      continue;
    }
    if (DERIVED_FIELDS.includes(key)) fail(`"${key}" is derived from the file name; remove it`, key);
  }
  const data = keepFields ? keptFields(raw, systemFields, parser.name === 'json') : raw as Data;
  if (parsed.body !== undefined) {
    const bodyAttribute = markdownBodyAttribute(model);
    if (!bodyAttribute && parsed.body.trim() !== '') fail(`${model.uid} has no richtext or text attribute to hold the Markdown body`);
    if (bodyAttribute && (parsed.body.trim() !== '' || !(bodyAttribute in data))) {
      data[bodyAttribute] = parsed.body.trim() === '' && data[bodyAttribute] === undefined ? null : parsed.body;
    }
  }

  const problems = checkStoredFields(data, model, models, '', keepFields ? undefined : SYSTEM_FIELDS);
  if (problems.length) {
    const located = problems.map((problem) => {
      const at = locateKey(text, problem.path);
      return new FileError(file, problem.message, at?.line, at?.column);
    });
    throw located.length > 1 ? new FileProblemsError(located as [FileError, ...FileError[]]) : located[0];
  }
  if (pool) internRepeatedValues(data, model, models, pool);

  // Equal timestamps (a file written once has three) are one string.
  const createdAt = timestamps.createdAt ?? undefined;
  const updatedAt = timestamps.updatedAt === createdAt ? createdAt : timestamps.updatedAt ?? undefined;
  const publishedAt = timestamps.publishedAt === updatedAt ? updatedAt : timestamps.publishedAt;
  return { file, uid: model.uid, documentId: name.documentId, locale, draft: name.draft, data, createdAt, updatedAt, publishedAt, mtimeMs };
}
