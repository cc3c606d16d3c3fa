import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isUnparsed } from '../../core/index/snapshot/snapshot-record.js';
import { copySampleSite } from '../helpers/project.js';
import { start } from './helpers.js';

const ARTICLE = 'api::article.article';
/** An English article, published, whose slug the test changes (its own files are read by its write). */
const WRITTEN = 'b21v569v53nyjqpe0huv43m6';

/** The sample site restarted from its snapshot (file times from the files: the types wait, their fields unread). */
async function restarted() {
  const root = copySampleSite();
  const config = join(root, 'cms.config.json');
  writeFileSync(config, readFileSync(config, 'utf8').replace('"timestampsFromHistory": true', '"timestampsFromHistory": false'));
  await start(root);
  const { cms, stats } = await start(root);
  expect(stats.snapshot).toBe('used');
  return cms;
}

describe('a unique check reads only the rows its lookup covers', () => {
  it('refuses a value a published row of the locale holds, accepts one only a draft or another locale holds, and leaves their files unread', async () => {
    const cms = await restarted();
    // Documents with no published English version: none of their rows is covered (a covered row's document fills its
    // other locales' shared fields too, so only whole documents outside the lookup stay unread).
    const outside = (file: string) => !cms.index.documentRows(ARTICLE, cms.index.record(file)!.documentId)
      .some((row) => row.status === 'published' && row.locale === 'en');
    const unread = cms.index.files('content/articles/').filter((file) => outside(file) && isUnparsed(cms.index.record(file)!));
    expect(unread.length).toBeGreaterThan(2);
    const articles = cms.documents(ARTICLE);
    const write = (slug: string) => articles.update({ documentId: WRITTEN, data: { slug }, status: 'published' });
    await expect(write('what-s-inside-a-black-hole')).rejects.toThrow('This attribute must be unique');
    await write('draft-pizza-oven-review'); // held by a draft only
    await write('pizza-napolitaine-le-guide-du-debutant'); // held by French versions only
    expect(unread.filter((file) => !isUnparsed(cms.index.record(file)!))).toEqual([]);
    await expect(articles.findOne({ documentId: WRITTEN, status: 'published' })).resolves.toMatchObject({
      slug: 'pizza-napolitaine-le-guide-du-debutant',
    });
  });
});
