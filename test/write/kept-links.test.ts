import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error the bench generator is plain JavaScript
import { generate, random } from '../../bench/generate.mjs';
import { createCms, type Cms } from '../../core/cms.js';
import type { Row } from '../../core/types.js';

const root = mkdtempSync(join(tmpdir(), 'cms-kept-links-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const ARTICLE = 'api::article.article';
const LINKS = [['author', 'api::author.author'], ['category', 'api::category.category'], ['tags', 'api::tag.tag']] as const;

const documentIds = (cms: Cms, uid: string) => [...new Set(cms.index.rows(uid).map((row) => row.documentId))];
/** Documents in creation order, and each one's versions (whose order among themselves no caller reads). */
const keys = (rows: readonly Row[]) =>
  ({ documents: [...new Set(rows.map((row) => row.documentId))], rows: rows.map((row) => row.key).sort() });
/** What the kept lookup stands for: a scan of the type's rows, in creation order. */
const scanned = (cms: Cms, name: string, targetId: string) => cms.index.rows(ARTICLE).filter((row) => {
  const value = row.data[name];
  return Array.isArray(value) ? value.includes(targetId) : value === targetId;
});

describe('kept links: the owners linking each target follow every write, as a scan and a fresh start find them', {
  timeout: 60_000,
}, () => {
  it('after relinks from both sides, drafts, creates and deletes, and the inverse sides read the same order', async () => {
    generate(150, root, 5);
    const cms = await createCms({ root, report: () => {} });
    const targets = Object.fromEntries(LINKS.map(([name, uid]) => [name, documentIds(cms, uid)]));
    // Asked once before the writes: from here on each lookup is kept in step, never rebuilt.
    for (const [name] of LINKS) cms.index.linkingRows(ARTICLE, name, targets[name][0]);
    const rand = random(3);
    const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
    const api = (method: string, path: string, body?: unknown, search = '') => cms.ownerApi({ method, path, search, body });
    for (let step = 0; step < 60; step++) {
      const article = pick(documentIds(cms, ARTICLE));
      const kind = step % 6;
      let answer;
      if (kind === 0) {
        answer = await api('PUT', `/articles/${article}`, { data: { author: pick(targets.author), category: pick(targets.category) } });
      }
      if (kind === 1) {
        const tags = { connect: [pick(targets.tags)], disconnect: [pick(targets.tags)] };
        answer = await api('PUT', `/articles/${article}`, { data: { tags } }, 'status=draft');
      }
      if (kind === 2) answer = await api('PUT', `/authors/${pick(targets.author)}`, { data: { articles: { connect: [article] } } });
      if (kind === 3) answer = await api('PUT', `/categories/${pick(targets.category)}`, { data: { articles: { disconnect: [article] } } });
      if (kind === 4) {
        const data = { title: `Linked ${step}`, author: pick(targets.author), tags: [pick(targets.tags)] };
        answer = await api('POST', '/articles', { data });
      }
      if (kind === 5) answer = await api('DELETE', `/articles/${article}`, undefined, 'locale=*');
      expect(answer!.status, `step ${step}`).toBeLessThan(300);
    }
    // Writes of the articles' own fields: the kept scoped list follows each in place (its old row found by binary search).
    const scope = { status: 'published' as const, locale: 'en' };
    const scoped = cms.index.scopedRows(ARTICLE, scope);
    for (let step = 0; step < 12; step++) {
      const article = pick(scoped).documentId;
      const answer = step % 4 === 3 ? await api('POST', '/articles', { data: { title: `Plain ${step}` } })
        : step % 4 === 2 ? await api('DELETE', `/articles/${article}`)
          : await api('PUT', `/articles/${article}`, { data: { title: `Retitled ${step}`, views: step } }, step % 4 ? 'status=draft' : '');
      expect(answer.status, `step ${step}`).toBeLessThan(300);
    }
    const fresh = await createCms({ root, report: () => {} });
    // The kept scoped list followed each write in place (each old row found by binary search), as a fresh start lists it.
    expect(cms.index.scopedRows(ARTICLE, scope)).toBe(scoped);
    expect(scoped.map((row) => row.key)).toEqual(fresh.index.scopedRows(ARTICLE, scope).map((row) => row.key));
    for (const [name] of LINKS) {
      for (const targetId of targets[name]) {
        const kept = keys(cms.index.linkingRows(ARTICLE, name, targetId));
        expect(kept, `${name} → ${targetId}`).toEqual(keys(scanned(cms, name, targetId)));
        expect(kept, `${name} → ${targetId}, fresh start`).toEqual(keys(fresh.index.linkingRows(ARTICLE, name, targetId)));
      }
    }
    // The inverse sides (their order: stored by the writes above, else creation order) read as after a fresh start.
    for (const author of targets.author) {
      const read = async (which: Cms) => {
        const search = 'populate[articles][fields][0]=title&status=draft';
        const { body } = await which.ownerApi({ method: 'GET', path: `/authors/${author}`, search });
        return (body!.data as { articles: { documentId: string }[] }).articles.map((article) => article.documentId);
      };
      expect(await read(cms)).toEqual(await read(fresh));
    }
  });
});
