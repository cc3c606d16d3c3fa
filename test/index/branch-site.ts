import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import { trustedCaller } from '../../core/access/permissions.js';
import { createCms } from '../../core/cms.js';
import { BranchIndex } from '../../core/index/branch-index.js';
import { ContentIndex, matchesScope, type RowScope } from '../../core/index/content-index.js';
import { DuplicateFileError } from '../../core/index/duplicate-files.js';
import type { FileRecord } from '../../core/index/read-file.js';
import { ContentService } from '../../core/service/content-service.js';
import type { DocumentWriter } from '../../core/service/document-writer.js';
import type { Data, Row } from '../../core/types.js';
import { generate, random } from '../../bench/generate.mjs';

export const ARTICLE = 'api::article.article';
export const AUTHOR = 'api::author.author';
export const TAG = 'api::tag.tag';
export const CATEGORY = 'api::category.category';
export const GLOBAL = 'api::global.global';
export const TYPES = [ARTICLE, AUTHOR, TAG, CATEGORY, GLOBAL];
export const FOLDERS: Record<string, string> = {
  [ARTICLE]: 'articles', [AUTHOR]: 'authors', [TAG]: 'tags', [CATEGORY]: 'categories', [GLOBAL]: 'globals',
};

/** A generated site (the bench's generator: articles in two locales, drafts, authors, tags, categories) and its index. */
export async function generatedBase(documents: number, seed: number): Promise<ContentIndex> {
  const root = mkdtempSync(join(tmpdir(), 'cms-branch-index-'));
  generate(documents, root, seed);
  const config = JSON.parse(readFileSync(join(root, 'cms.config.json'), 'utf8'));
  writeFileSync(join(root, 'cms.config.json'), JSON.stringify({ ...config, git: { timestampsFromHistory: false } }));
  return (await createCms({ root, report: () => {} })).index;
}

/** Deterministic choices for a property test: a failure names its seed, and the seed replays it. */
export function chooser(seed: number) {
  const next: () => number = random(seed);
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(list: readonly T[]): T => list[int(list.length)], chance: (p: number) => next() < p };
}

export const fields = (data: Record<string, unknown>): Data => Object.assign(Object.setPrototypeOf({}, null) as Data, data);

export function fileRecord(
  file: string, uid: string, data: Record<string, unknown>, at: { createdAt?: string; updatedAt?: string; publishedAt?: string | null } = {},
): FileRecord {
  const [documentId, ...rest] = file.slice(file.lastIndexOf('/') + 1).split('.');
  const draft = rest.includes('draft');
  const localized = uid === ARTICLE;
  const locale = localized ? (rest.length > 1 + Number(draft) ? rest[0] : 'en') : null;
  return {
    file, uid, documentId, locale, draft, data: fields(data), mtimeMs: 1,
    createdAt: at.createdAt, updatedAt: at.updatedAt ?? at.createdAt, publishedAt: draft ? undefined : at.publishedAt ?? at.createdAt,
  };
}

/** What a content file's record is, plainly: for comparing rows and records of two indexes. */
const rowText = (row: Row) =>
  `${row.key}|${row.id}|${row.createdAt}|${row.updatedAt}|${row.publishedAt}|${row.file}|${JSON.stringify(row.data)}`;
type RowText = (row: Row) => string;

/**
 * rowText, each row's text made once for one comparison of two indexes (no write runs during it): the same row objects come back
 * from rows(), every scope's scopedRows(), documentRows() and findRow(), and stringifying them again and again was a third of the
 * property test's CPU (test/index/branch-index.test.ts, a profile of seed 1).
 */
function rowTexts(): RowText {
  const made = new Map<Row, string>();
  return (row) => {
    let text = made.get(row);
    if (text === undefined) made.set(row, text = rowText(row));
    return text;
  };
}
const recordText = (record: FileRecord) => `${record.file}|${record.locale}|${record.draft}|${JSON.stringify(record.data)}`;
const sorted = (texts: string[]) => [...texts].sort();

/**
 * `expect(actual, what).toEqual(expected)` (`toBe` with `same`), made only when the two differ by node's strict deep equality (or
 * Object.is), which implies toEqual's (toBe's): the same verdict and message, without an assertion object for each of the
 * thousands of equal reads a step compares (a fifth of the property test's CPU in a profile).
 */
function expectEqual(actual: unknown, expected: unknown, what: string, same = isDeepStrictEqual): void {
  if (same(actual, expected)) return;
  if (same === isDeepStrictEqual) expect(actual, what).toEqual(expected);
  else expect(actual, what).toBe(expected);
}

/** Two lists hold the same rows in the same creation order (a document's own rows, equal in that order, may come in either order). */
export function expectSameOrderedRows(actual: readonly Row[], expected: readonly Row[], what: string, text: RowText = rowText): void {
  expectEqual(actual.map((row) => `${row.createdAt}|${row.documentId}`), expected.map((row) => `${row.createdAt}|${row.documentId}`), what);
  expectEqual(sorted(actual.map(text)), sorted(expected.map(text)), what);
}

export const expectSameRows = (
  actual: readonly Row[] | undefined, expected: readonly Row[] | undefined, what: string, text: RowText = rowText,
) => expectEqual(sorted((actual ?? []).map(text)), sorted((expected ?? []).map(text)), what);

export const expectSameRecords = (actual: readonly FileRecord[], expected: readonly FileRecord[], what: string) =>
  expectEqual(sorted(actual.map(recordText)), sorted(expected.map(recordText)), what);

/** A full index holding these records, built as a start-up builds one. */
export function fullIndex(base: ContentIndex, records: Iterable<FileRecord>): ContentIndex {
  const index = new ContentIndex(base.models, base.config);
  index.fileTimes = base.fileTimes;
  index.addRecords([...records].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)));
  return index;
}

/** A reader over an index (a write through it is a mistake of the test). */
export function readOnlyService(index: ContentIndex): ContentService {
  const writer = new Proxy({}, { get: () => { throw new Error('this test only reads'); } }) as DocumentWriter;
  return new ContentService(index, writer);
}

export const scopesOf = (uid: string): RowScope[] => {
  const statuses = ['draft', 'published'] as const;
  const locales = uid === ARTICLE ? ['en', 'fr', '*'] : [null];
  return statuses.flatMap((status) => locales.map((locale) => ({ status, locale })));
};

/** Every read the query engine and the writers make, compared between a branch's view and a full index of the same records. */
export function expectSameIndex(branch: BranchIndex, full: ContentIndex, documentIds: Map<string, Set<string>>, probes: Probes): void {
  const text = rowTexts();
  for (const uid of TYPES) {
    expectSameOrderedRows(branch.rows(uid), full.rows(uid), `rows ${uid}`, text);
    for (const scope of scopesOf(uid)) {
      expectSameOrderedRows(branch.scopedRows(uid, scope), full.scopedRows(uid, scope), `scopedRows ${uid} ${JSON.stringify(scope)}`, text);
    }
    expectEqual(branch.singleDocumentId(uid), full.singleDocumentId(uid), `singleDocumentId ${uid}`, Object.is);
    for (const documentId of documentIds.get(uid) ?? []) {
      const what = `${uid} ${documentId}`;
      expectEqual(branch.hasDocument(uid, documentId), full.hasDocument(uid, documentId), `hasDocument ${what}`, Object.is);
      expectSameRows(branch.documentRows(uid, documentId), full.documentRows(uid, documentId), `documentRows ${what}`, text);
      expectSameRecords(branch.documentRecords(uid, documentId), full.documentRecords(uid, documentId), `documentRecords ${what}`);
      expectSameRecords(branch.fileRecords(uid, documentId), full.fileRecords(uid, documentId), `fileRecords ${what}`);
      for (const scope of scopesOf(uid)) {
        const found = [branch.findRow(uid, documentId, scope)!].filter(Boolean);
        // Every locale: the first of the document's rows, whose order follows the order its files came in.
        const expected = scope.locale === '*' && found.length
          ? full.documentRows(uid, documentId).filter((row) => matchesScope(full.model(uid), row, scope) && text(row) === text(found[0]))
          : [full.findRow(uid, documentId, scope)!].filter(Boolean);
        expectSameRows(found, expected, `findRow ${what} ${JSON.stringify(scope)}`, text);
      }
    }
  }
  for (const id of probes.ids) {
    expectSameRows([branch.rowById(id)!].filter(Boolean), [full.rowById(id)!].filter(Boolean), `rowById ${id}`, text);
  }
  for (const [uid, name, locale, value] of probes.values) {
    for (const scope of ['any', 'published'] as const) {
      expectEqual(sorted([...branch.valueHolders(uid, name, locale, scope, value)]), sorted([...full.valueHolders(uid, name, locale, scope, value)]),
        `valueHolders ${uid}.${name} ${locale} ${scope} ${value}`);
    }
  }
  for (const [uid, name, target] of probes.links) {
    const what = `linkingRows ${uid}.${name} ${target}`;
    expectSameOrderedRows(branch.linkingRows(uid, name, target), full.linkingRows(uid, name, target), what, text);
  }
  for (const file of probes.files) {
    expectEqual(branch.record(file) && recordText(branch.record(file)!), full.record(file) && recordText(full.record(file)!), `record ${file}`);
  }
  expect(sorted(branch.files('content/')), 'files').toEqual(sorted(full.files('content/')));
  const duplicates = (index: ContentIndex) => sorted([...index.problems].filter(([, p]) => p instanceof DuplicateFileError).map(([f]) => f));
  expect(duplicates(branch), 'duplicate files').toEqual(duplicates(full));
}

export interface Probes {
  ids: number[];
  values: [uid: string, name: string, locale: string | null, value: unknown][];
  links: [uid: string, name: string, target: string][];
  files: string[];
}

/**
 * An answer with each run of one document's entries (its locales, side by side as creation order
 * puts them) in locale order: the order among them follows the order their files came into the index
 * (a base's history), which no answer promises.
 */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(canonical);
    const idOf = (item: unknown) => (item && typeof item === 'object' ? (item as Data).documentId : undefined);
    for (let start = 0; start < items.length;) {
      let end = start + 1;
      while (end < items.length && idOf(items[start]) !== undefined && idOf(items[end]) === idOf(items[start])) end++;
      const run = items.slice(start, end).sort((a, b) => String((a as Data).locale).localeCompare(String((b as Data).locale)));
      items.splice(start, run.length, ...run);
      start = end;
    }
    return items;
  }
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, canonical(item)]));
}

/** Real reads through the content service: lists with filters, sorts and populate (relations both ways), findOne, count. */
export function expectSameAnswers(branch: ContentIndex, full: ContentIndex, documentIds: string[]): void {
  const ours = readOnlyService(branch);
  const theirs = readOnlyService(full);
  const model = (uid: string) => branch.model(uid);
  const lists: [string, Record<string, unknown>][] = [
    [ARTICLE, { status: 'published', locale: 'en', sort: 'views:desc', filters: { views: { $gt: 300 } }, populate: ['author', 'tags'] }],
    [ARTICLE, { status: 'draft', locale: 'fr', filters: { title: { $containsi: 'coffee' } }, sort: ['title:asc'] }],
    [ARTICLE, { filters: { author: { name: { $containsi: 'author 1' } } }, sort: 'title:asc', populate: { category: true } }],
    [ARTICLE, { status: 'draft', sort: ['slug:desc'], fields: ['title', 'slug'], filters: { tags: { name: { $eq: 'Tag 3' } } } }],
    [AUTHOR, { sort: 'name:asc', populate: { articles: { fields: ['title'], sort: 'title:asc' } } }],
    [TAG, { populate: ['articles'], filters: { articles: { title: { $containsi: 'pizza' } } } }],
    [CATEGORY, { populate: { articles: { count: true } } }],
    [GLOBAL, {}],
  ];
  for (const [uid, query] of lists) {
    const what = `${uid} ${JSON.stringify(query)}`;
    expect(canonical(ours.findMany(model(uid), query, trustedCaller, false)), `findMany ${what}`)
      .toEqual(canonical(theirs.findMany(model(uid), query, trustedCaller, false)));
    expect(ours.count(model(uid), query, trustedCaller), `count ${what}`).toBe(theirs.count(model(uid), query, trustedCaller));
  }
  // Pages from the start, the middle and past the end (a branch walks the base's list from the page's start).
  const filters = [undefined, { views: { $lt: 500 } }, { title: { $containsi: 'o' }, views: { $gte: 100 } }, { seo: { metaTitle: { $containsi: 'a' } } }];
  for (const [at, filter] of filters.entries()) {
    for (const start of [0, 3, 17, 60, 400]) {
      const query = { status: at % 2 ? 'draft' : 'published', locale: at > 1 ? 'fr' : 'en', filters: filter, sort: at % 2 ? 'views:asc' : 'title:desc',
        pagination: { start, limit: 9 } };
      expect(canonical(ours.findPage(model(ARTICLE), query, trustedCaller)), `findPage ${JSON.stringify(query)}`)
        .toEqual(canonical(theirs.findPage(model(ARTICLE), query, trustedCaller)));
    }
  }
  const search = { _q: 'coffee', sort: 'views:desc', pagination: { page: 1, pageSize: 5 } };
  expect(ours.findPage(model(ARTICLE), search, trustedCaller)).toEqual(theirs.findPage(model(ARTICLE), search, trustedCaller));
  for (const documentId of documentIds) {
    for (const query of [{ populate: '*' }, { status: 'draft', locale: 'fr', populate: { author: { populate: ['articles'] } } }]) {
      expect(canonical(ours.findOne(model(ARTICLE), documentId, query, trustedCaller)), `findOne ${documentId} ${JSON.stringify(query)}`)
        .toEqual(canonical(theirs.findOne(model(ARTICLE), documentId, query, trustedCaller)));
    }
  }
}
