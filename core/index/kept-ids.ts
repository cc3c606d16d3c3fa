import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FileError } from '../errors.js';
import type { Model, Models } from '../schema/types.js';
import { writeFileAtomic } from '../storage/atomic-write.js';
import type { Status } from '../types.js';
import { Cyrb53, deriveId, deriveIdFrom, KEPT_ID_LIMIT, rowKey } from './ids.js';

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

/** Does every row of `model` take the id its key derives (no id kept by an import, none given by another store)? */
export const derivesRowIds = (model: Model): boolean => !givenByModel.has(model) && !keptByModel.get(model)?.size;

const BAR = '|'.charCodeAt(0);

/**
 * `rowId` of a type's files `i` in turn, for the waiting check (deferrable.ts): when every id is derived, each from
 * `uid|documentId|locale|status` fed in parts, the type's `uid|` hashed once and no key string made (`feedDocumentId`
 * feeds file `i`'s documentId, from a string or from bytes where they lie, and answers false when it cannot, such as a
 * documentId that is not ASCII in bytes: that file's ids are then `rowId`'s). The statuses of one file come one after another.
 *
 * @example
 * const id = rowIdsInParts(model, (i) => ids[i], (i) => locales[i], (i, hash) => { hash.text(ids[i]); return true; }); id(0, 'published')
 */
export function rowIdsInParts(
  model: Model, documentId: (i: number) => string, locale: (i: number) => string | null, feedDocumentId: (i: number, hash: Cyrb53) => boolean,
): (i: number, status: Status) => number {
  const slow = (i: number, status: Status) => rowId(model, documentId(i), locale(i), status);
  if (!derivesRowIds(model)) return slow;
  const prefix = new Cyrb53().text(`${model.uid}|`);
  // Two hashes reused file after file: `file` up to `…|locale|`, `row` with the status after it.
  const [file, row] = [new Cyrb53(), new Cyrb53()];
  let [last, fed] = [-1, true];
  return (i, status) => {
    if (i !== last) {
      last = i;
      fed = feedDocumentId(i, file.from(prefix));
      if (fed) file.code(BAR).text(locale(i) ?? '').code(BAR);
    }
    if (!fed) return slow(i, status);
    return deriveIdFrom(row.from(file).text(status), () => rowKey(model.uid, documentId(i), locale(i), status));
  };
}

/** The locales' kept records (empty before any import). */
export const keptLocales = (models: Models): Record<string, KeptLocale> => localesByModels.get(models) ?? {};

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
export const isKeptId = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) < KEPT_ID_LIMIT;

/** One entry the file cannot keep: what is wrong, and where it is (the JSON keys leading to it). */
interface BadEntry { message: string; path: string[] }

/**
 * The file's content, checked entry by entry: the good entries, and each bad one (a type's ids that are not an
 * object, an id out of range, an id kept for two rows — the later is bad —, a locale record without its fields).
 * A file that is not JSON or not `{ version: 1, rows }` has no good entry: it throws.
 */
function checkKeptIds(text: string): { kept: KeptIds; bad: BadEntry[] } {
  const fail = (message: string): never => { throw new FileError(KEPT_IDS_FILE, message); };
  let parsed: unknown;
  try { parsed = JSON.parse(text); } catch (error) { fail(`not JSON: ${(error as Error).message}`); }
  if (!isRecord(parsed) || parsed.version !== 1 || !isRecord(parsed.rows)) {
    fail('must be { "version": 1, "rows": { … }, "locales": { … } }');
  }
  const { rows, locales = {} } = parsed as Record<string, unknown>;
  const bad: BadEntry[] = [];
  const kept: KeptIds = { version: 1, rows: {}, locales: {} };
  for (const [uid, ids] of Object.entries(rows as Record<string, unknown>)) {
    if (!isRecord(ids)) { bad.push({ message: `rows."${uid}" must be an object of ids`, path: ['rows', uid] }); continue; }
    const seen = new Map<number, string>();
    const good: Record<string, number> = {};
    for (const [key, id] of Object.entries(ids)) {
      const other = seen.get(id as number);
      const path = ['rows', uid, key];
      if (!isKeptId(id)) bad.push({ message: `rows."${uid}"."${key}" must be a whole number from 1 to ${KEPT_ID_LIMIT - 1}`, path });
      else if (other !== undefined) bad.push({ message: `rows."${uid}": id ${id} is kept for both "${other}" and "${key}"`, path });
      else { seen.set(id, key); good[key] = id; }
    }
    kept.rows[uid] = good;
  }
  if (!isRecord(locales)) bad.push({ message: '"locales" must be an object of locale records', path: ['locales'] });
  else {
    for (const [code, locale] of Object.entries(locales)) {
      if (!isRecord(locale) || !isKeptId(locale.id) || typeof locale.documentId !== 'string' || typeof locale.createdAt !== 'string') {
        bad.push({ message: `locales."${code}" must hold the source's id, documentId, name and timestamps`, path: ['locales', code] });
      } else kept.locales[code] = locale as unknown as KeptLocale;
    }
  }
  return { kept, bad };
}

/** Where an entry's key is in the file's text (1-based line and column), found key by key along its path. */
function positionOf(text: string, path: string[]): { line: number; column: number } | undefined {
  let at = 0;
  for (const key of path) {
    const found = text.indexOf(`${JSON.stringify(key)}:`, at);
    if (found < 0) return undefined;
    at = found;
  }
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

/** The file's content, checked: the first problem is thrown as a FileError naming it (an import reads it so). */
export function parseKeptIds(text: string): KeptIds {
  const { kept, bad } = checkKeptIds(text);
  if (bad.length) throw new FileError(KEPT_IDS_FILE, bad[0].message);
  return kept;
}

/**
 * The file's good entries, and the bad ones as one FileError at the first's line (`file:line:col: …`), naming each:
 * a bad entry costs only itself, never the other kept ids.
 */
export function parseKeptIdsKeepingGood(text: string): { kept: KeptIds; problem?: FileError } {
  const { kept, bad } = checkKeptIds(text);
  if (!bad.length) return { kept };
  const where = positionOf(text, bad[0].path);
  const named = bad.map((entry) => entry.message).join('; ');
  const message = `${named} (${bad.length === 1 ? 'this entry is' : 'these entries are'} ignored; every other kept id applies)`;
  return { kept, problem: new FileError(KEPT_IDS_FILE, message, where?.line, where?.column) };
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
 * Read and apply the project's kept ids before its rows are built. A bad entry is returned as the problem to
 * report and only its row answers a derived id; a file that cannot be read as kept ids at all leaves every row
 * its derived id until it is fixed.
 */
export function loadKeptIds(root: string, models: Models): FileError | undefined {
  let text: string;
  try { text = readFileSync(join(root, KEPT_IDS_FILE), 'utf8'); } catch { applyKeptIds(models, EMPTY()); return undefined; }
  try {
    const { kept, problem } = parseKeptIdsKeepingGood(text);
    applyKeptIds(models, kept);
    return problem;
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
