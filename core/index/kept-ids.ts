import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FileError } from '../errors.js';
import type { Model, Models } from '../schema/types.js';
import { writeFileAtomic } from '../storage/atomic-write.js';
import { deriveId, KEPT_ID_LIMIT, rowKey } from './ids.js';

/**
 * The numeric ids a migration kept (`cms import`): Strapi's own row ids, per type, and its locales'
 * records. In Git beside the content, so every clone and replica answers the same ids; only an import
 * writes it. Derived ids are never below `KEPT_ID_LIMIT`, so a kept id is never taken by a new row.
 */
export const KEPT_IDS_FILE = 'content/.ids.json';

/** A locale as the source answered it (`GET /api/i18n/locales`), kept so the route answers the same values. */
export interface KeptLocale {
  id: number; documentId: string; name: string; createdAt: string; updatedAt: string; publishedAt: string | null;
}

/** The file: per type uid, `<documentId>|<locale>|<status>` → id; per locale code, its record. */
export interface KeptIds { version: 1; rows: Record<string, Record<string, number>>; locales: Record<string, KeptLocale> }

const keptByModel = new WeakMap<Model, Map<string, number>>();
/** Ids another store gives its rows (users-permissions users and roles), by documentId. */
const givenByModel = new WeakMap<Model, ReadonlyMap<string, number>>();

/** The rows of `model` answer the ids `ids` gives their documentIds (users keep the auth state's ids, as in Strapi). */
export function giveIds(model: Model, ids: ReadonlyMap<string, number>): void {
  givenByModel.set(model, ids);
}
const localesByModels = new WeakMap<Models, Record<string, KeptLocale>>();

/** A row's place in its type's kept ids. */
export const keptKey = (documentId: string, locale: string | null, status: string): string => `${documentId}|${locale ?? ''}|${status}`;

/**
 * A row's id: the one an import kept, else the one its key derives.
 *
 * @example
 * rowId(article, 'jae8klabhuucbkgfe2xxc5dj', 'en', 'published') // 12 after an import, else a 16-digit derived id
 */
export function rowId(model: Model, documentId: string, locale: string | null, status: string): number {
  return givenByModel.get(model)?.get(documentId) ?? keptByModel.get(model)?.get(keptKey(documentId, locale, status))
    ?? deriveId(rowKey(model.uid, documentId, locale, status));
}

/** The locales' kept records (empty before any import). */
export const keptLocales = (models: Models): Record<string, KeptLocale> => localesByModels.get(models) ?? {};

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
export const isKeptId = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) < KEPT_ID_LIMIT;

/** The file's content, checked: a problem is thrown as a FileError naming what is wrong. */
export function parseKeptIds(text: string): KeptIds {
  const fail = (message: string): never => { throw new FileError(KEPT_IDS_FILE, message); };
  let parsed: unknown;
  try { parsed = JSON.parse(text); } catch (error) { fail(`not JSON: ${(error as Error).message}`); }
  if (!isRecord(parsed) || parsed.version !== 1 || !isRecord(parsed.rows)) {
    fail('must be { "version": 1, "rows": { … }, "locales": { … } }');
  }
  const { rows, locales = {} } = parsed as Record<string, unknown>;
  if (!isRecord(locales)) fail('"locales" must be an object of locale records');
  for (const [uid, ids] of Object.entries(rows as Record<string, unknown>)) {
    if (!isRecord(ids)) fail(`rows."${uid}" must be an object of ids`);
    const seen = new Map<number, string>();
    for (const [key, id] of Object.entries(ids as Record<string, unknown>)) {
      if (!isKeptId(id)) fail(`rows."${uid}"."${key}" must be a whole number from 1 to ${KEPT_ID_LIMIT - 1}`);
      const other = seen.get(id as number);
      if (other !== undefined) fail(`rows."${uid}": id ${id} is kept for both "${other}" and "${key}"`);
      seen.set(id as number, key);
    }
  }
  for (const [code, locale] of Object.entries(locales as Record<string, unknown>)) {
    if (!isRecord(locale) || !isKeptId(locale.id) || typeof locale.documentId !== 'string' || typeof locale.createdAt !== 'string') {
      fail(`locales."${code}" must hold the source's id, documentId, name and timestamps`);
    }
  }
  return { version: 1, rows: rows as KeptIds['rows'], locales: locales as KeptIds['locales'] };
}

/** Make `kept` the ids the project's rows answer (rows built after this call). */
export function applyKeptIds(models: Models, kept: KeptIds): void {
  for (const model of models.values()) {
    const ids = kept.rows[model.uid];
    if (ids) keptByModel.set(model, new Map(Object.entries(ids)));
    else keptByModel.delete(model);
  }
  localesByModels.set(models, kept.locales);
}

const EMPTY = (): KeptIds => ({ version: 1, rows: {}, locales: {} });

/** The project's kept ids (none when the file is missing). A malformed file throws a FileError. */
export function readKeptIds(root: string): KeptIds {
  let text: string;
  try { text = readFileSync(join(root, KEPT_IDS_FILE), 'utf8'); } catch { return EMPTY(); }
  return parseKeptIds(text);
}

/**
 * Read and apply the project's kept ids before its rows are built. A malformed file is returned as
 * the problem to report, and every row answers its derived id until it is fixed.
 */
export function loadKeptIds(root: string, models: Models): FileError | undefined {
  try {
    applyKeptIds(models, readKeptIds(root));
    return undefined;
  } catch (error) {
    applyKeptIds(models, EMPTY());
    if (error instanceof FileError) return error;
    throw error;
  }
}

/** The file's text: one id per line, keys sorted, so a re-import leaves it byte-identical. */
export function keptIdsText(kept: KeptIds): string {
  const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).sort(byKey));
  const rows = Object.fromEntries(Object.entries(sorted(kept.rows)).map(([uid, ids]) => [uid, sorted(ids)]));
  return `${JSON.stringify({ version: 1, rows, locales: sorted(kept.locales) }, null, 2)}\n`;
}

/** Write the kept ids when their text changed; true when it did. */
export async function writeKeptIds(root: string, kept: KeptIds): Promise<boolean> {
  const text = keptIdsText(kept);
  let before: string | undefined;
  try { before = readFileSync(join(root, KEPT_IDS_FILE), 'utf8'); } catch { before = undefined; }
  if (text === before) return false;
  await writeFileAtomic(join(root, KEPT_IDS_FILE), text);
  return true;
}
