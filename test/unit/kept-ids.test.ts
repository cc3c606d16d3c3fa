import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KeptSourceIds } from '../../core/import/kept-source-ids.js';
import { deriveId, KEPT_ID_LIMIT, rowKey, sameRowKey } from '../../core/index/ids.js';
import { applyKeptIds, parseKeptIds, parseKeptIdsKeepingGood, rowId } from '../../core/index/kept-ids.js';
import type { Model, Models } from '../../core/schema/types.js';

const tag = { uid: 'api::tag.tag' } as Model;
const models = new Map([[tag.uid, tag]]) as unknown as Models;

describe('ids: kept (a migration\'s) below 2^32, derived at or above it', () => {
  it('hashes again a name whose hash lands below 2^32, so no derived id can take a kept one', () => {
    // cyrb53 of this key is 2269545233, an id a migrated Strapi table could hold
    const id = deriveId(rowKey(tag.uid, 't550011', null, 'published'));
    expect(id).toBeGreaterThanOrEqual(KEPT_ID_LIMIT);
    expect(Number.isSafeInteger(id)).toBe(true);
  });

  it('keeps every other derived id as it always was', () => {
    expect(deriveId('api::article.article|abc|en|published')).toBe(deriveId('api::article.article|abc|en|published'));
    expect(deriveId(rowKey(tag.uid, 't1', null, 'published'))).toBeGreaterThanOrEqual(KEPT_ID_LIMIT);
  });

  it('tells two rows of one key from their parts as comparing their keys would (no locale spelled as the empty one)', () => {
    const row = { uid: tag.uid, documentId: 't1', locale: null, status: 'published' };
    const key = ({ uid, documentId, locale, status }: typeof row | { uid: string; documentId: string; locale: string | null; status: string }) =>
      rowKey(uid, documentId, locale, status);
    for (const other of [
      { ...row }, { ...row, locale: '' }, { ...row, uid: 'api::article.article' }, { ...row, documentId: 't2' },
      { ...row, locale: 'fr' }, { ...row, status: 'draft' },
    ]) expect(sameRowKey(row, other)).toBe(key(row) === key(other));
  });

  it('answers a kept id for its row and the derived one for every other', () => {
    applyKeptIds(models, parseKeptIds(JSON.stringify({ version: 1, rows: { 'api::tag.tag': { 'a||published': 7 } }, locales: {} })));
    expect(rowId(tag, 'a', null, 'published')).toBe(7);
    expect(rowId(tag, 'b', null, 'published')).toBe(deriveId(rowKey(tag.uid, 'b', null, 'published')));
    applyKeptIds(models, { version: 1, rows: {}, locales: {} });
    expect(rowId(tag, 'a', null, 'published')).toBe(deriveId(rowKey(tag.uid, 'a', null, 'published')));
  });

  it.each([
    ['not JSON', '{', /not JSON/],
    ['no version', '{ "rows": {} }', /must be \{ "version": 1/],
    ['an id of 2^32', JSON.stringify({ version: 1, rows: { t: { 'a||published': 2 ** 32 } } }), /must be a whole number from 1 to 4294967295/],
    ['a text id', JSON.stringify({ version: 1, rows: { t: { 'a||published': '3' } } }), /must be a whole number/],
    ['one id for two rows', JSON.stringify({ version: 1, rows: { t: { 'a||published': 3, 'b||published': 3 } } }), /id 3 is kept for both/],
    ['a locale without its documentId', JSON.stringify({ version: 1, rows: {}, locales: { en: { id: 1 } } }), /locales."en" must hold/],
  ])('refuses a content/.ids.json with %s', (_, text, message) => {
    expect(() => parseKeptIds(text)).toThrow(message);
  });
});

describe('a bad entry in content/.ids.json', () => {
  const text = `${JSON.stringify({ version: 1, rows: { t: { 'a||published': 3, 'b||published': 3, 'c||published': 0 } },
    locales: { fr: { id: 1 } } }, null, 2)}\n`;

  it('costs only itself when a project loads: the good entries are kept, every bad one named, the first with its line and column', () => {
    const { kept, problem } = parseKeptIdsKeepingGood(text);
    expect(kept.rows.t).toEqual({ 'a||published': 3 });
    expect(kept.locales).toEqual({});
    expect(problem?.format()).toBe('content/.ids.json:6:7: rows."t": id 3 is kept for both "a||published" and "b||published"; '
      + 'rows."t"."c||published" must be a whole number from 1 to 4294967295; '
      + 'locales."fr" must hold the source\'s id, documentId, name and timestamps (these entries are ignored; every other kept id applies)');
  });

  it('stops an import before it writes anything (cms import never rewrites a file it could not read whole)', () => {
    const root = mkdtempSync(join(tmpdir(), 'kept-ids-'));
    try {
      mkdirSync(join(root, 'content'));
      writeFileSync(join(root, 'content', '.ids.json'), text);
      expect(() => new KeptSourceIds(root, models)).toThrow(/id 3 is kept for both/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
