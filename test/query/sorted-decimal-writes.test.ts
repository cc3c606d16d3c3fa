import { describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { writableSite } from '../write/helpers.js';

// A kept list sorted by a decimal field takes a new document at its place: its neighbours' keys differ from it by less
// than 1 (2.5, 3, 3.5 …), which a comparison's `a - b` answers as a fraction.
describe('a list sorted by a decimal field, written to', () => {
  it('places a created and a moved document between keys less than 1 apart, and filters by them', async () => {
    const cms = await createCms({ root: writableSite() });
    const articles = cms.documents('api::article.article');
    const times = async () => (await articles.findMany({ sort: 'readingTime:asc', status: 'draft', locale: 'en', limit: 100 }))
      .map((article) => article.readingTime as number | null);
    const before = await times();
    expect(before).toEqual([...before].sort((a, b) => (a ?? -Infinity) - (b ?? -Infinity)));

    const created = await articles.create({ data: { title: 'Between', readingTime: 3.2 }, status: 'draft', locale: 'en' });
    const [first] = await articles.findMany({ sort: 'readingTime:desc', status: 'draft', locale: 'en', limit: 1 });
    await articles.update({ documentId: first.documentId as string, data: { readingTime: 3.3 }, status: 'draft', locale: 'en' });
    const after = await times();
    expect(after).toEqual([...after].sort((a, b) => (a ?? -Infinity) - (b ?? -Infinity)));
    expect(after).toContain(3.2);
    expect(after).toContain(3.3);

    const under = await articles.findMany({ filters: { readingTime: { $lt: 3.4, $gt: 3 } }, status: 'draft', locale: 'en' });
    expect(under.map((article) => article.documentId).sort()).toEqual([created.documentId, first.documentId].sort());
  });
});
