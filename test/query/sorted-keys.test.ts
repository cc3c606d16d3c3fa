import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error the bench generator is plain JavaScript
import { generate } from '../../bench/generate.mjs';
import { trustedCaller } from '../../core/access/permissions.js';
import { createCms, type Cms } from '../../core/cms.js';
import { compareCreation } from '../../core/index/row-order.js';
import { firstSortKey, sortNodes } from '../../core/query/sort.js';
import { sortedList } from '../../core/query/sorted-list.js';
import { parseQueryString } from '../../core/strapi/parse-query.js';

const root = mkdtempSync(join(tmpdir(), 'cms-sorted-keys-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The kept list of a list query, as the next find reads it. */
function keptList(cms: Cms, search: string) {
  const query = cms.service.normalize(cms.contentType('articles'), parseQueryString(search), trustedCaller, 'find');
  const ctx = cms.service.context(query, trustedCaller);
  return { list: sortedList(ctx, query), query, ctx };
}

const SORTS = ['sort=views:desc', 'sort=title:asc', 'sort=publishDate:desc,views:asc', 'sort=featured:asc'];

describe('a kept sorted list keeps its first sort keys in step with its nodes through writes', () => {
  it('after updates that move rows, creates, deletes and a publish, each list is the one kept (patched, not rebuilt), its keys are its nodes\' keys, and its order a fresh sort\'s', async () => {
    generate(200, root, 23);
    const cms = await createCms({ root, report: () => {} });
    try {
      const kept = SORTS.map((search) => keptList(cms, `${search}&status=draft`).list);
      const articles = cms.documents('api::article.article');
      const [a, b, c] = cms.index.scopedRows('api::article.article', { status: 'draft', locale: 'en' }).map((row) => row.documentId);
      await articles.update({ documentId: a!, data: { views: -1, title: 'Aaa first by title' } });
      await articles.update({ documentId: b!, data: { views: 1_000_000, featured: true } });
      await articles.update({ documentId: c!, data: { description: 'in place' } });
      await articles.create({ data: { title: 'zzz created last', views: 500 } });
      await articles.delete({ documentId: c! });
      await articles.publish({ documentId: a! });
      for (const [at, search] of SORTS.entries()) {
        const { list, query, ctx } = keptList(cms, `${search}&status=draft`);
        expect(list, search).toBe(kept[at]);
        const nodes = Array.from({ length: list.nodes.length }, (_, i) => list.nodes.at(i)!);
        expect(Array.from({ length: list.keys!.length }, (_, i) => list.keys!.at(i)), search)
          .toEqual(nodes.map((node) => firstSortKey(node, query.sort)));
        const fresh = sortNodes(ctx, [...nodes].sort((x, y) => compareCreation(x.row!, y.row!)), query.sort);
        expect(nodes.map((node) => node.row!.documentId), search).toEqual(fresh.map((node) => node.row!.documentId));
      }
    } finally {
      await cms.close();
    }
  });

  it('keeps no keys for a list a write rebuilds instead (sorted through a relation)', async () => {
    const cms = await createCms({ root, report: () => {} });
    try {
      expect(keptList(cms, 'sort=author.name:asc').list.keys).toBeUndefined();
      expect(keptList(cms, 'sort=views:asc').list.keys).toBeDefined();
    } finally {
      await cms.close();
    }
  });
});
