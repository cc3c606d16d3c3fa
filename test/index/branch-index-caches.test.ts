import { describe, expect, it, vi } from 'vitest';
import { trustedCaller } from '../../core/access/permissions.js';
import { BranchIndex } from '../../core/index/branch-index.js';
import { rowOfType } from '../../core/index/type-row-ids.js';
import type { ContentIndex } from '../../core/index/content-index.js';
import { ARTICLE, AUTHOR, fileRecord, generatedBase, readOnlyService, TAG } from './branch-site.js';

const published = { status: 'published', locale: 'en' } as const;

/** An article's published English file with a new title. */
function retitled(index: ContentIndex, documentId: string, title: string) {
  const record = index.record(`content/articles/${documentId}.json`)!;
  return fileRecord(record.file, ARTICLE, { ...record.data, title }, record);
}

async function site() {
  const base = await generatedBase(200, 11);
  const branch = new BranchIndex(base);
  const [first, second] = base.scopedRows(ARTICLE, published).map((row) => row.documentId);
  const titles = (index: ContentIndex) => readOnlyService(index)
    .findMany(index.model(ARTICLE), { ...published, fields: ['title'], sort: 'title:asc' }, trustedCaller, false)
    .map((entry) => entry.title);
  return { base, branch, first, second, titles };
}

describe('BranchIndex caches never serve a stale answer', () => {
  it('a list read on a branch, a base change, and the read again sees the change (type the overlay touches or not)', async () => {
    const { base, branch, first, second, titles } = await site();
    branch.setRecord(retitled(base, first, 'Branch title'));
    expect(titles(branch)).toContain('Branch title');
    base.setRecord(retitled(base, second, 'Base title'));
    expect(titles(branch)).toContain('Base title');
    expect(titles(branch)).toContain('Branch title');
    // The base's change of the document the branch changed is hidden by the branch's own file.
    base.setRecord(retitled(base, first, 'Base title of the first'));
    expect(titles(branch)).not.toContain('Base title of the first');
    expect(titles(base)).toContain('Base title of the first');

    const authors = () => readOnlyService(branch).findMany(branch.model(AUTHOR), { sort: 'name:asc' }, trustedCaller, false)
      .map((entry) => entry.name);
    expect(authors()).not.toContain('A new author');
    const author = base.rows(AUTHOR)[0];
    base.setRecord(fileRecord(author.file, AUTHOR, { ...author.data, name: 'A new author' }, author));
    expect(authors()).toContain('A new author');
  });

  it('a read on a branch, an overlay change, and the read again sees it; the base never does', async () => {
    const { base, branch, first, titles } = await site();
    const before = titles(base);
    expect(titles(branch)).toEqual(before);
    branch.setRecord(retitled(base, first, 'Only on the branch'));
    expect(titles(branch)).toContain('Only on the branch');
    branch.removeRecord(`content/articles/${first}.json`);
    expect(titles(branch)).not.toContain('Only on the branch');
    expect(branch.findRow(ARTICLE, first, published)).toBeUndefined();
    branch.resetOverlay([], []);
    expect(titles(branch)).toEqual(before);
    expect(titles(base)).toEqual(before);
  });

  it('a type whose answers read nothing the overlay touches is answered from the base\'s own cache', async () => {
    const { base, branch, first } = await site();
    branch.setRecord(fileRecord('content/globals/g1.json', 'api::global.global', { siteName: 'Branch' }, { createdAt: '2024-01-01T00:00:00.000Z' }));
    let computed = 0;
    const compute = () => ({ computed: ++computed });
    const shared = base.cached(TAG, 'probe', compute);
    expect(branch.cached(TAG, 'probe', compute)).toBe(shared);
    expect(computed).toBe(1);
    expect(branch.scopedRows(TAG, { status: 'published', locale: null })).toBe(base.scopedRows(TAG, { status: 'published', locale: null }));
    // Once the overlay touches what tags read (their articles), the branch keeps its own.
    branch.setRecord(retitled(base, first, 'Touched'));
    expect(branch.cached(TAG, 'probe', compute)).not.toBe(shared);
    expect(computed).toBe(2);
    expect(branch.cached(TAG, 'probe', compute)).toEqual({ computed: 2 });
    base.setRecord(retitled(base, first, 'Base moved'));
    expect(branch.cached(TAG, 'probe', compute)).toEqual({ computed: 3 });
  });

  it('versions move with a change of the base or of the overlay, of that type only', async () => {
    const { base, branch, first, second } = await site();
    const versions = () => [branch.versionOf(ARTICLE), branch.versionOf(TAG), branch.version];
    const [article, tag, all] = versions();
    base.setRecord(retitled(base, second, 'Base'));
    expect(versions()).toEqual([article + 1, tag, all + 1]);
    branch.setRecord(retitled(base, first, 'Branch'));
    expect(versions()).toEqual([article + 2, tag, all + 2]);
  });

  it('a list read on a branch reads the base\'s kept list and inverse map: the branch derives nothing the size of the site', async () => {
    const { base, branch, first } = await site();
    branch.setRecord(retitled(base, first, 'Branch coffee'));
    const rows = vi.spyOn(branch, 'rows');
    const scopedRows = vi.spyOn(branch, 'scopedRows');
    const service = readOnlyService(branch);
    const page = service.findPage(branch.model(ARTICLE), {
      ...published, filters: { views: { $gte: 0 }, title: { $containsi: 'coffee' } }, sort: 'views:desc', populate: ['author'],
    }, trustedCaller);
    expect(page.data.map((entry) => entry.title)).toContain('Branch coffee');
    const authors = service.findMany(branch.model(AUTHOR), { populate: { articles: { fields: ['title'] } } }, trustedCaller, false);
    expect(authors.flatMap((author) => (author.articles as { title: string }[]).map((article) => article.title))).toContain('Branch coffee');
    expect(rows).not.toHaveBeenCalled();
    expect(scopedRows).not.toHaveBeenCalled();
    // A filter through a relation reads what the overlay may change: that list is the branch's own.
    service.findMany(branch.model(ARTICLE), { ...published, filters: { author: { name: { $containsi: 'a' } } } }, trustedCaller, false);
    expect(scopedRows).toHaveBeenCalledTimes(1);
  });

  it('what views derive beyond the base is bounded across every view, not per view', async () => {
    const { base, first } = await site();
    let computed = 0;
    const views = Array.from({ length: 300 }, () => new BranchIndex(base));
    for (const view of views) {
      view.setRecord(retitled(base, first, 'Touched'));
      view.cached(ARTICLE, 'probe', () => ++computed);
    }
    expect(computed).toBe(300);
    expect(views[299].cached(ARTICLE, 'probe', () => ++computed)).toBe(300);
    expect(views[0].cached(ARTICLE, 'probe', () => ++computed)).toBe(301);
  });

  it('a row looked up by numeric id on a branch follows the branch\'s changes, without a rebuild over the type', async () => {
    const { base, branch, first, second } = await site();
    const firstRow = base.findRow(ARTICLE, first, published)!;
    const secondRow = base.findRow(ARTICLE, second, published)!;
    expect(rowOfType(branch, ARTICLE, secondRow.id)?.documentId).toBe(second);
    branch.setRecord(retitled(base, first, 'Changed on the branch'));
    const rows = vi.spyOn(branch, 'rows');
    expect(rowOfType(branch, ARTICLE, firstRow.id)?.data.title).toBe('Changed on the branch');
    expect(rowOfType(base, ARTICLE, firstRow.id)?.data.title).toBe(firstRow.data.title);
    expect(rowOfType(branch, ARTICLE, secondRow.id)?.documentId).toBe(second);
    expect(rows).not.toHaveBeenCalled();
    branch.removeRecord(`content/articles/${first}.json`);
    expect(rowOfType(branch, ARTICLE, firstRow.id)).toBeUndefined();
    expect(rowOfType(base, ARTICLE, firstRow.id)?.documentId).toBe(first);
  });
});
