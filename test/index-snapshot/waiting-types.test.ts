import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reindexFiles } from '../../core/watch/reindex-files.js';
import { ARTICLES as A, AUTHORS, TAGS } from '../contract/sample-site.js';
import { copySampleSite } from '../helpers/project.js';
import { answers, pastRacyMargin, start } from './helpers.js';

const ARTICLE = 'api::article.article';
const TAG = 'api::tag.tag';
const CATEGORY = 'api::category.category';

const git = (root: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd: root, encoding: 'utf8' });

/**
 * Outside Git each file is checked by its stamp and its record made at load; in a Git checkout every type is kept whole
 * on Git's word, as a run of the snapshot's columns, and its records are made only when the type is built.
 */
describe.each([['outside Git', false], ['in a Git checkout (whole types kept as runs of the columns)', true]])('%s', (_, inGit) => {
  /**
   * A site started once (its snapshot written), then restarted from the snapshot: the restart's types all wait. (Not with
   * timestamps from history, the sample site's setting: rows then take the file times of their load, and are built at once.)
   */
  async function restarted(): Promise<{ root: string; cms: Awaited<ReturnType<typeof start>>['cms'] }> {
    const root = copySampleSite();
    const config = join(root, 'cms.config.json');
    writeFileSync(config, readFileSync(config, 'utf8').replace('"timestampsFromHistory": true', '"timestampsFromHistory": false'));
    if (inGit) {
      writeFileSync(join(root, '.gitignore'), '.cms/\n');
      git(root, 'init', '-q');
      git(root, 'add', '-A');
      git(root, 'commit', '-qm', 'site');
      // Files changed within the racy margin of Git's look are never taken on its word: the loads start past it.
      pastRacyMargin();
    }
    await start(root);
    const { cms, stats } = await start(root);
    expect(stats.snapshot).toBe('used');
    expect(stats.fromSnapshot + stats.verified).toBeGreaterThan(0);
    // Whole types kept from the columns: every file the snapshot vouched for, in a Git checkout (past the racy margin); none outside.
    expect(stats.keptWhole).toBe(inGit ? stats.fromSnapshot : 0);
    if (inGit) expect(stats.keptWhole).toBeGreaterThan(0);
    expect(cms.index.waiting.uids()).toEqual(expect.arrayContaining([ARTICLE, TAG, CATEGORY]));
    return { root, cms };
  }

  describe('a restart builds a type on its first use, and it answers as a cold start', () => {
    it('reads: every read answers as a cold start, and builds only the types it touched', async () => {
      const { root, cms } = await restarted();
      const tags = await cms.documents('tags').findMany({ filters: { name: { $containsi: 'o' } }, sort: 'name:asc' });
      expect(cms.index.waiting.uids()).not.toContain(TAG);
      expect(cms.index.waiting.uids()).toContain(ARTICLE);
      const cold = await start(root, false);
      expect(tags).toEqual(await cold.cms.documents('tags').findMany({ filters: { name: { $containsi: 'o' } }, sort: 'name:asc' }));
      expect(await answers(cms)).toEqual(await answers(cold.cms));
    });

    it('a write to a type nobody read yet, then its filter, answers as a cold start after the same write', async () => {
      const { root, cms } = await restarted();
      await cms.documents('articles').update({ documentId: A.norway, data: { title: 'Fjords, written before any read' } });
      expect(cms.index.waiting.uids()).not.toContain(ARTICLE);
      const filters = { title: { $containsi: 'fjords' } };
      const found = await cms.documents('articles').findMany({ filters });
      expect(found.map((article) => article.documentId)).toEqual([A.norway]);
      const cold = await start(root, false);
      expect(found).toEqual(await cold.cms.documents('articles').findMany({ filters }));
      expect(await answers(cms)).toEqual(await answers(cold.cms));
    });

    it('a unique check on a type nobody read yet sees every value the snapshot holds', async () => {
      const { cms } = await restarted();
      await expect(cms.documents('categories').create({ data: { name: 'Travel' } })).rejects.toThrow('This attribute must be unique');
      expect(cms.index.waiting.uids()).not.toContain(CATEGORY);
    });

    it('a file changed on disk while its type waits is read by the watcher path, and the rest of the type kept', async () => {
      const { root, cms } = await restarted();
      const file = `content/tags/${TAGS.coffee}.json`;
      const path = join(root, file);
      writeFileSync(path, readFileSync(path, 'utf8').replace(/"name": *"[^"]*"/, '"name": "Changed while waiting"'));
      await reindexFiles(cms, [file], () => {});
      const cold = await start(root, false);
      const names = async (site: typeof cms) => (await site.documents('tags').findMany({ sort: 'name:asc' })).map((tag) => tag.name);
      expect(await names(cms)).toContain('Changed while waiting');
      expect(await names(cms)).toEqual(await names(cold.cms));
    });

    it('a lookup by file, by folder and by id builds the type it reaches', async () => {
      const { root, cms } = await restarted();
      const cold = await start(root, false);
      expect(cms.index.record(`content/authors/${AUTHORS.david}.md`)?.documentId).toBe(AUTHORS.david);
      expect(cms.index.files('content/tags/')).toEqual(cold.cms.index.files('content/tags/'));
      const row = cold.cms.index.documentRows(ARTICLE, A.rome)[0];
      expect(cms.index.rowById(row.id)?.documentId).toBe(A.rome);
      expect(cms.index.waiting.uids()).toEqual([]);
    });
  });
});
