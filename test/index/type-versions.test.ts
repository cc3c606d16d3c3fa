import { describe, expect, it } from 'vitest';
import { freshness, isFresh } from '../../core/http/response-cache.js';
import { samePublishedRows, TypeVersions } from '../../core/index/type-versions.js';
import { QUERY_KEYS } from '../../core/query/normalize.js';
import { KEY_READS, readsOnlyPublishedRows } from '../../core/query/published-reads.js';
import type { Model } from '../../core/schema/types.js';
import type { Data, Row, Status } from '../../core/types.js';

const row = (status: Status, data: Data, locale = 'en'): Row => ({
  key: `a|d|${locale}|${status}`, uid: 'a', id: status === 'draft' ? 1 : 2, documentId: 'd', locale, status, data,
  createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z',
  publishedAt: status === 'draft' ? null : '2026-01-02T00:00:00.000Z', file: `content/a/d.${locale}.json`,
});

describe('samePublishedRows: a change whose published rows come out field for field as before', () => {
  it('a draft that changed, its published row rebuilt from the same fields: the same', () => {
    expect(samePublishedRows([row('draft', { t: 'x' }), row('published', { t: 'x' })],
      [row('draft', { t: 'y' }), row('published', { t: 'x' })])).toBe(true);
  });

  it.each([
    ['a published field changed', [row('published', { t: 'x' })], [row('published', { t: 'z' })]],
    ['a JSON field with its keys in another order', [row('published', { j: { a: 1, b: 2 } })], [row('published', { j: { b: 2, a: 1 } })]],
    ['a published row added', [row('draft', { t: 'x' })], [row('draft', { t: 'x' }), row('published', { t: 'x' })]],
    ['a published row removed', [row('published', { t: 'x' })], [row('draft', { t: 'x' })]],
    ["another locale's published row took a shared field from this draft", [row('published', { s: 1 }, 'fr')], [row('published', { s: 2 }, 'fr')]],
  ])('%s: not the same', (_, before, after) => {
    expect(samePublishedRows(before, after)).toBe(false);
  });
});

describe('TypeVersions and the freshness of an answer that read only published rows', () => {
  const index = () => {
    const versions = new TypeVersions();
    let changes = 0;
    return {
      versionOf: (uid: string) => versions.of(uid),
      publishedVersionOf: (uid: string) => versions.publishedOf(uid),
      get version() { return changes; },
      change: (uid: string, publishedKept: boolean) => { versions.bump(uid, publishedKept); changes++; },
    };
  };

  it("a published-only answer stays fresh across a draft's write of its type, not across a published change", () => {
    const owner = index();
    const published = freshness(owner, ['article', 'author'], true);
    const every = freshness(owner, ['article', 'author']);
    owner.change('article', true);
    expect(isFresh(published, owner)).toBe(true);
    expect(isFresh(every, owner)).toBe(false);
    owner.change('article', false);
    expect(isFresh(published, owner)).toBe(false);
  });

  it('the other types it read are compared on every change of theirs, drafts included', () => {
    const owner = index();
    const published = freshness(owner, ['article', 'author'], true);
    owner.change('author', true);
    expect(isFresh(published, owner)).toBe(false);
  });
});

describe('readsOnlyPublishedRows: a list request that reads nothing but its own published rows', () => {
  const article = { attributes: { title: { type: 'string' }, author: { type: 'relation' }, cover: { type: 'media' } } } as unknown as Model;

  it.each([
    [{}, true],
    [{ pagination: { pageSize: '10' }, fields: ['title'], locale: 'fr', _q: 'pizza' }, true],
    [{ filters: { $or: [{ title: { $eq: 'a' } }, { documentId: { $in: ['x'] } }] }, sort: ['title:desc', 'id'] }, true],
    [{ status: 'published', sort: 'title:asc,createdAt' }, true],
    [{ status: 'draft' }, false],
    [{ status: '' }, false],
    [{ populate: 'author' }, false],
    [{ publicationFilter: 'modified' }, false],
    [{ hasPublishedVersion: 'true' }, false],
    [{ filters: { $and: [{ author: { name: { $eq: 'a' } } }] } }, false],
    [{ filters: { cover: { id: { $null: true } } } }, false],
    [{ sort: 'author.name' }, false],
    [{ sort: { title: 'asc' } }, false],
    [{ publicationState: 'preview' }, false],
  ])('%j: %s', (raw, expected) => {
    expect(readsOnlyPublishedRows(article, raw)).toBe(expected);
  });

  it('classifies every query key the parser knows, and no other: a key it learns fails here until it is classified', () => {
    expect(Object.keys(KEY_READS).sort()).toEqual([...QUERY_KEYS].sort());
  });

  it.each([...QUERY_KEYS.filter((key) => KEY_READS[key] === 'other'), 'unknownKey', 'constructor', '__proto__'])(
    'a list carrying %s (not known to read only its own rows) is not kept across draft writes', (key) => {
      expect(readsOnlyPublishedRows(article, JSON.parse(`{${JSON.stringify(key)}:"1"}`))).toBe(false);
    });
});
