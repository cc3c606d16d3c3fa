import { describe, expect, it } from 'vitest';
import { deriveId, KEPT_ID_LIMIT, rowKey } from '../../core/index/ids.js';
import { applyKeptIds, rowId, rowIdsInParts } from '../../core/index/kept-ids.js';
import type { Model, Models } from '../../core/schema/types.js';
import type { Status } from '../../core/types.js';

const article = { uid: 'api::article.article' } as Model;
const models = new Map([[article.uid, article]]) as unknown as Models;
// 't550011' on `api::tag.tag` hashes below 2^32 (kept-ids.test.ts); here a plain set, a non-ASCII id and a repeat.
const documentIds = ['jae8klabhuucbkgfe2xxc5dj', 'crème-brûlée', 'jae8klabhuucbkgfe2xxc5dj', 'b'];
const locales = [null, 'fr', 'en', null];
const statuses: Status[] = ['draft', 'published'];

/** Every file's ids of both statuses, through `rowIdsInParts` fed as `feed` says, in the order the waiting check asks. */
function idsInParts(feed: (i: number) => boolean): number[] {
  const ids = rowIdsInParts(article, (i) => documentIds[i], (i) => locales[i], (i, hash) => {
    if (!feed(i)) return false;
    hash.text(documentIds[i]);
    return true;
  });
  return documentIds.flatMap((_, i) => statuses.map((status) => ids(i, status)));
}

const expected = () => documentIds.flatMap((id, i) => statuses.map((status) => rowId(article, id, locales[i], status)));

describe('rowIdsInParts: the waiting check\'s row ids, the type\'s prefix hashed once', () => {
  it('answers rowId for every file and status, whether each documentId is fed or left to rowId', () => {
    expect(idsInParts(() => true)).toEqual(expected());
    expect(idsInParts((i) => i !== 1)).toEqual(expected());
    expect(idsInParts(() => true)[0]).toBe(deriveId(rowKey(article.uid, documentIds[0], null, 'draft')));
    for (const id of idsInParts(() => true)) expect(id).toBeGreaterThanOrEqual(KEPT_ID_LIMIT);
  });

  it('answers the ids an import kept, as rowId does', () => {
    applyKeptIds(models, { version: 1, rows: { [article.uid]: { 'b||published': 12 } }, locales: {} });
    try {
      const ids = idsInParts(() => true);
      expect(ids).toEqual(expected());
      expect(ids[7]).toBe(12);
    } finally {
      applyKeptIds(models, { version: 1, rows: {}, locales: {} });
    }
  });

  it('hashes again a row whose hash lands below 2^32, as deriveId does', () => {
    // cyrb53 of `api::tag.tag|t550011||published` is 2269545233 (kept-ids.test.ts).
    const tag = { uid: 'api::tag.tag' } as Model;
    const id = rowIdsInParts(tag, () => 't550011', () => null, (_, hash) => {
      hash.text('t550011');
      return true;
    })(0, 'published');
    expect(id).toBe(deriveId(rowKey(tag.uid, 't550011', null, 'published')));
    expect(id).toBeGreaterThanOrEqual(KEPT_ID_LIMIT);
  });
});
