import qs from 'qs';
import { LOCALE_CODE_PATTERN } from '../config/load.js';
import type { Model, Models } from '../schema/types.js';
import type { Data } from '../types.js';
import { populateAll, type SourceField } from './entry-data.js';
import {
  expectCount, expectDocumentId, expectList, expectObject, expectTimestamp, ImportSourceError, listGuard, MAX_ENTRIES_PER_LIST,
} from './source-input.js';
import type { StrapiClient } from './strapi-client.js';

/** The page size asked for; the source may answer smaller pages (its `maxLimit`), which are followed too. */
const PAGE_SIZE = 100;

/** An entry with the URL and field it came from, so a later shape problem names them. */
export interface SourcedEntry { entry: Data; where: SourceField }

/** One entry as the source sent it, checked before anything of it is used: an object with a valid documentId and timestamps. */
export function sourceEntry(url: string, field: string, value: unknown): Data {
  const entry = expectObject(url, field, value);
  expectDocumentId(url, `${field}.documentId`, entry.documentId);
  for (const name of ['createdAt', 'updatedAt', 'publishedAt']) expectTimestamp(url, `${field}.${name}`, entry[name]);
  return entry;
}

/**
 * Every entry of one type in one locale and status, page by page, or the single type's one.
 * Pages are bounded by what arrives, not by what the source claims: a short page is the last, a
 * pageCount or pageSize that is not a sane whole number is refused, an entry listed twice stops the
 * import, and no list grows past MAX_ENTRIES_PER_LIST.
 */
export async function fetchEntries(
  client: StrapiClient, models: Models, model: Model, locale: string | undefined, status: 'published' | 'draft',
): Promise<SourcedEntry[]> {
  const query = (page: number) => qs.stringify({
    populate: populateAll(models, model), status, ...(locale ? { locale } : {}),
    ...(model.kind === 'singleType' ? {} : { pagination: { page, pageSize: PAGE_SIZE } }),
  }, { encodeValuesOnly: true });
  if (model.kind === 'singleType') {
    const path = `/api/${model.singularName}?${query(1)}`;
    const url = `${client.origin}${path}`;
    const body = await client.get(path);
    if (body === undefined) return [];
    const data = expectObject(url, 'the answer', body).data;
    return data === null || data === undefined ? [] : [{ entry: sourceEntry(url, 'data', data), where: { url, field: 'data' } }];
  }
  const entries: SourcedEntry[] = [];
  const once = listGuard();
  for (let page = 1; ; page++) {
    const path = `/api/${model.pluralName}?${query(page)}`;
    const url = `${client.origin}${path}`;
    const body = await client.get(path);
    if (body === undefined) break;
    const answer = expectObject(url, 'the answer', body);
    const data = expectList(url, 'data', answer.data);
    data.forEach((item, at) => {
      const entry = sourceEntry(url, `data[${at}]`, item);
      once(url, `data[${at}].documentId`, entry.documentId as string);
      entries.push({ entry, where: { url, field: `data[${at}]` } });
    });
    const pagination = expectObject(url, 'meta.pagination', expectObject(url, 'meta', answer.meta).pagination);
    const pageCount = expectCount(url, 'meta.pagination.pageCount', pagination.pageCount, MAX_ENTRIES_PER_LIST);
    const pageSize = expectCount(url, 'meta.pagination.pageSize', pagination.pageSize, MAX_ENTRIES_PER_LIST);
    if (page >= pageCount || data.length === 0 || data.length < pageSize) break;
  }
  return entries;
}

/** The source's locale codes (the i18n route), else undefined (no i18n plugin, or not readable with this token). */
export async function sourceLocales(client: StrapiClient): Promise<string[] | undefined> {
  const path = '/api/i18n/locales';
  const listed = await client.get(path);
  if (listed === undefined) return undefined;
  const url = `${client.origin}${path}`;
  return expectList(url, 'the answer', listed).map((item, at) => {
    const code = expectObject(url, `[${at}]`, item).code;
    if (typeof code !== 'string' || !LOCALE_CODE_PATTERN.test(code)) {
      throw new ImportSourceError(url, `[${at}].code ${JSON.stringify(code)?.slice(0, 40)} is not a locale code`);
    }
    return code;
  });
}
