import { describe, expect, it } from 'vitest';
import { trustedCaller } from '../../core/access/permissions.js';
import { BranchIndex } from '../../core/index/branch-index.js';
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
});
