import { describe, expect, it } from 'vitest';
import { trustedCaller } from '../../core/access/permissions.js';
import { BranchIndex } from '../../core/index/branch-index.js';
import type { ContentIndex } from '../../core/index/content-index.js';
import { ARTICLE, fileRecord, generatedBase, readOnlyService } from './branch-site.js';

const published = { status: 'published', locale: 'en' } as const;

/** An article's published English file with new fields. */
function changed(index: ContentIndex, documentId: string, data: Record<string, unknown>) {
  const record = index.record(`content/articles/${documentId}.json`)!;
  return fileRecord(record.file, ARTICLE, { ...record.data, ...data }, record);
}

/** The ids a readingTime range selects, by the field's index and by an `$or` that no index answers; both must agree. */
function between(index: ContentIndex, low: number, high: number): string[] {
  const ask = (filters: Record<string, unknown>) => readOnlyService(index)
    .findMany(index.model(ARTICLE), { ...published, fields: ['title'], sort: 'views:desc', filters }, trustedCaller, false)
    .map((entry) => entry.documentId as string);
  const range = { readingTime: { $gt: low, $lt: high } };
  const indexed = ask(range);
  expect(indexed).toEqual(ask({ $or: [range] }));
  return indexed;
}

describe('a field index of the base\'s kept list, read by a branch: neither side sees the other\'s stale entries', () => {
  it('a branch change is seen on the branch and never on the base; a base change is seen on both', async () => {
    const base = await generatedBase(200, 23);
    const branch = new BranchIndex(base);
    const [first, second] = base.scopedRows(ARTICLE, published).map((row) => row.documentId);
    // Both read the base's list (and build its readingTime index) before any change.
    expect(between(base, 0.005, 50).length).toBeGreaterThan(100);
    expect(between(branch, 0.005, 50)).toEqual(between(base, 0.005, 50));

    branch.setRecord(changed(base, first, { readingTime: 0.011 }));
    expect(between(branch, 0.005, 0.012)).toEqual([first]);
    expect(between(base, 0.005, 0.012)).toEqual([]);

    base.setRecord(changed(base, second, { readingTime: 0.0115, views: 2000 }));
    expect(between(base, 0.005, 0.012)).toEqual([second]);
    expect(between(branch, 0.005, 0.012)).toEqual([second, first]);

    // The base changes the document the branch holds its own file of: the branch keeps its own.
    base.setRecord(changed(base, first, { readingTime: 30 }));
    expect(between(branch, 0.005, 0.012)).toEqual([second, first]);
    expect(between(base, 29, 31)).toContain(first);
    expect(between(branch, 29, 31)).not.toContain(first);
    branch.removeRecord(`content/articles/${first}.json`);
    expect(between(branch, 0.005, 0.012)).toEqual([second]);
    // (the ranges were read off the index, patched through the writes, not rebuilt)
    const list = base.cached(ARTICLE, 'nodes|published|en|[{"path":["views"],"direction":"desc"}]', () => {
      throw new Error('the sorted list is not kept');
    }) as { indexes: Map<string, unknown> };
    expect(list.indexes.get('readingTime')).toBeTruthy();
  });
});
