import { describe, expect, it } from 'vitest';
import { loadModels } from '../../core/schema/registry.js';
import { deferrable } from '../../core/index/pending-types.js';
import type { FileRecord } from '../../core/index/read-file.js';
import { canonicalMs } from '../../core/index/stamp-column.js';
import { TextColumns } from '../../core/index/text-columns.js';
import { TextRecord } from '../../core/index/text-record.js';
import { TextSlab } from '../../core/index/text-slab.js';
import { REPO_ROOT } from '../helpers/project.js';

const models = loadModels(REPO_ROOT);
const article = models.get('api::article.article')!;
const ARTICLE = article.uid;

type Made = Omit<FileRecord, 'data'>;
const made = (file: string, fields: Partial<Made> = {}): Made => {
  const name = file.slice(file.lastIndexOf('/') + 1).split('.');
  return {
    file, uid: ARTICLE, documentId: name[0], locale: name.length > 2 && name[1] !== 'draft' ? name[1] : 'en', draft: file.includes('.draft.'),
    createdAt: '2024-01-02T03:04:05.678Z', updatedAt: '2024-01-02T03:04:05.678Z', publishedAt: '2024-01-02T03:04:05.678Z', mtimeMs: 0, ...fields,
  };
};

/** The records a cold start made at load before the columns (a `TextRecord` each), and the same files through columns. */
function bothWays(files: Made[]) {
  const slab = new TextSlab();
  const columns = new TextColumns(ARTICLE, slab);
  const records = files.map((fields, i) => {
    const kept = slab.append(JSON.stringify({ title: `t${i}` }));
    columns.add({ ...fields, data: {} }, kept);
    return new TextRecord(fields, kept, slab);
  });
  return { records, columns };
}

const fieldsOf = (record: FileRecord) => ({
  file: record.file, uid: record.uid, documentId: record.documentId, locale: record.locale, draft: record.draft,
  createdAt: record.createdAt, updatedAt: record.updatedAt, publishedAt: record.publishedAt, mtimeMs: record.mtimeMs, data: record.data,
});

describe('a cold start keeps a type\'s files as columns and makes from them the records it made at load', () => {
  it('every field comes back as it was read: odd timestamps (kept as written), none, null, locales, drafts, file times', () => {
    const files = [
      made('content/articles/aaa.json'),
      made('content/articles/aaa.fr.json', { locale: 'fr', updatedAt: '2024-05-06T07:08:09.010Z', publishedAt: null }),
      made('content/articles/aaa.draft.json', { draft: true, publishedAt: undefined }),
      // A text `toISOString` does not give back (a 30th of February, a year below 100, an hour 24): the record is kept whole.
      made('content/articles/bbb.json', { createdAt: '2024-02-30T00:00:00.000Z' }),
      made('content/articles/ccc.json', { updatedAt: '0050-01-01T00:00:00.000Z' }),
      made('content/articles/ddd.json', { publishedAt: '2024-01-01T24:00:00.000Z' }),
      made('content/articles/eee.json', { createdAt: undefined, updatedAt: undefined, publishedAt: undefined, mtimeMs: 1700000000123.5 }),
      made('content/articles/ee/eeezzz.json', { createdAt: '2024-02-29T23:59:59.999Z', updatedAt: '9999-12-31T23:59:59.999Z' }),
    ];
    const { records, columns } = bothWays(files);
    expect(columns.records().map(fieldsOf)).toEqual(records.map(fieldsOf));
    expect(columns.records()).toBe(columns.records());
    expect(columns.folder).toBe('content/articles/');
  });

  it('a record the columns cannot hold (a YAML file\'s, fields already read) keeps its place, and keeps its type from waiting', () => {
    const slab = new TextSlab();
    const columns = new TextColumns(ARTICLE, slab);
    columns.add({ ...made('content/articles/aaa.json'), data: {} }, slab.append('{"title":"a"}'));
    const yaml: FileRecord = { ...made('content/articles/bbb.yaml'), data: { title: 'b' } };
    columns.add(yaml);
    expect(columns.records()[1]).toBe(yaml);
    expect(columns.records()[0].data).toEqual({ title: 'a' });
    expect(columns.deferrable(article)).toBe(false);
  });

  it('whether the type may wait is what the records would answer: two files of one version, a document split apart, ids that differ', () => {
    const cases: Made[][] = [
      [made('content/articles/aaa.json'), made('content/articles/aaa.fr.json', { locale: 'fr' }), made('content/articles/bbb.draft.json', { draft: true })],
      // A flat file and a fan-out file of one document: not neighbours, so one id twice.
      [made('content/articles/aab.json'), made('content/articles/aa/aab.json'), made('content/articles/abc.json')],
      [made('content/articles/aaa.json'), made('content/articles/aaa.en.json')],
      [made('content/articles/aaa.draft.json', { draft: true }), made('content/articles/aaa.json'), made('content/articles/aaa.fr.draft.json', { locale: 'fr', draft: true })],
    ];
    const answers = cases.map((files) => {
      const { records, columns } = bothWays(files);
      return [columns.deferrable(article), deferrable(article, records)];
    });
    expect(answers).toEqual([[true, true], [false, false], [false, false], [true, true]]);
  });

  it('canonicalMs holds a timestamp as a number only when toISOString spells it again', () => {
    for (const text of ['2024-02-29T10:00:00.000Z', '1970-01-01T00:00:00.000Z', '0100-03-01T00:00:00.001Z', '1969-12-31T23:59:59.999Z']) {
      expect(new Date(canonicalMs(text)).toISOString()).toBe(text);
    }
    for (const text of ['2023-02-29T10:00:00.000Z', '2024-04-31T00:00:00.000Z', '2024-00-10T00:00:00.000Z', '2024-01-01T00:60:00.000Z',
      '0099-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000+', '2024-01-01 00:00:00.000Z', '+012024-01-01T00:00:00.000Z', '2024-01-0xT00:00:00.000Z']) {
      expect(canonicalMs(text)).toBeNaN();
    }
  });
});
