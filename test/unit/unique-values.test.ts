import { describe, expect, it } from 'vitest';
import { UniqueValues } from '../../core/index/unique-values.js';
import type { Row } from '../../core/types.js';

const UID = 'api::tag.tag';
const row = (documentId: string, name: string | null, status: Row['status'] = 'published'): Row => ({
  key: `${UID}|${documentId}|null|${status}`, uid: UID, id: 1, documentId, locale: null, status, data: { name },
  createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z', file: '',
  publishedAt: status === 'published' ? '2025-01-01T00:00:00.000Z' : null,
});

describe('UniqueValues: the holders of a value follow each change, one holder or many', () => {
  it('a value held by one document, then two, then one again, then none', () => {
    const unique = new UniqueValues();
    const a = row('a', 'shared');
    const holders = () => [...unique.holders(UID, 'name', null, 'published', 'shared', () => [a])].sort();
    expect(holders()).toEqual(['a']);
    const any = () => unique.holders(UID, 'name', null, 'any', 'shared', () => [a]);
    expect(any().size).toBe(1);
    const b = row('b', 'shared');
    unique.update([], [b]);
    expect(holders()).toEqual(['a', 'b']);
    // a document's own second version adds no holder
    unique.update([], [row('b', 'shared', 'draft')]);
    expect([...any()].sort()).toEqual(['a', 'b']);
    unique.update([a], [row('a', 'other')]);
    expect(holders()).toEqual(['b']);
    expect([...unique.holders(UID, 'name', null, 'published', 'other', () => [])]).toEqual(['a']);
    unique.update([b], []);
    expect(holders()).toEqual([]);
  });

  it('a held value (a write not yet indexed) shows beside the indexed holders until released', () => {
    const unique = new UniqueValues();
    const release = unique.hold(UID, 'c', null, true, [['name', 'taken']]);
    expect([...unique.holders(UID, 'name', null, 'published', 'taken', () => [row('d', 'taken')])].sort()).toEqual(['c', 'd']);
    release();
    expect([...unique.holders(UID, 'name', null, 'published', 'taken', () => [])]).toEqual(['d']);
  });

  it('a question about every version reads only the drafts once the published rows are gathered, and answers both', () => {
    const unique = new UniqueValues();
    const rows = [row('a', 'one'), row('a', 'one', 'draft'), row('b', 'two'), row('b', 'draft only', 'draft'), row('c', 'draft only', 'draft')];
    const asked: Row[][] = [];
    const ask = (keep: (row: Row) => boolean) => { const kept = rows.filter(keep); asked.push(kept); return kept; };
    expect([...unique.holders(UID, 'name', null, 'published', 'draft only', ask)]).toEqual([]);
    expect([...unique.holders(UID, 'name', null, 'any', 'draft only', ask)].sort()).toEqual(['b', 'c']);
    expect([...unique.holders(UID, 'name', null, 'any', 'one', ask)]).toEqual(['a']);
    expect([...unique.holders(UID, 'name', null, 'any', 'two', ask)]).toEqual(['b']);
    expect(asked.map((kept) => kept.map((kept) => `${kept.documentId} ${kept.status}`))).toEqual([
      ['a published', 'b published'], ['a draft', 'b draft', 'c draft'],
    ]);
    unique.update([rows[3]], [row('b', 'one', 'draft')]);
    expect([...unique.holders(UID, 'name', null, 'any', 'one', ask)].sort()).toEqual(['a', 'b']);
    expect([...unique.holders(UID, 'name', null, 'any', 'draft only', ask)]).toEqual(['c']);
    expect(asked).toHaveLength(2);
  });
});
