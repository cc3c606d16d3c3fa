import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Cms } from '../../core/cms.js';
import { Cyrb53, deriveId, deriveIdFrom, KEPT_ID_LIMIT, rowKey } from '../../core/index/ids.js';
import { TAGS } from '../contract/sample-site.js';
import { copySampleSite } from '../helpers/project.js';
import { answers, pastRacyMargin, start } from './helpers.js';
import { editColumns, type Layout } from './snapshot-file.js';

const ARTICLE = 'api::article.article';
const TAG = 'api::tag.tag';
const git = (root: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd: root, encoding: 'utf8' });
const problems = (cms: Cms) => cms.problems().map(({ file, message }) => `${file}: ${message}`).sort();

/** The sample site in a Git checkout (timestamps from the files, so types may wait), `prepare`d, committed; loads past the racy margin. */
function gitSite(prepare: (root: string) => void = () => {}): string {
  const root = copySampleSite();
  const config = join(root, 'cms.config.json');
  writeFileSync(config, readFileSync(config, 'utf8').replace('"timestampsFromHistory": true', '"timestampsFromHistory": false'));
  writeFileSync(join(root, '.gitignore'), '.cms/\n');
  prepare(root);
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'site');
  pastRacyMargin();
  return root;
}

/** The restart answers every read and reports every problem as a cold start does. */
async function expectAsCold(root: string, cms: Cms): Promise<void> {
  const cold = (await start(root, false)).cms;
  expect(await answers(cms)).toEqual(await answers(cold));
  expect(problems(cms)).toEqual(problems(cold));
}

describe('a restart in a Git checkout keeps whole types as runs of the snapshot\'s columns', () => {
  it('a type Git names a changed file of goes file by file (that file read); the others wait as runs', async () => {
    const root = gitSite();
    await start(root);
    const path = join(root, `content/tags/${TAGS.coffee}.json`);
    writeFileSync(path, readFileSync(path, 'utf8').replace('"Coffee"', '"Coffee, changed"'));
    const { cms, stats } = await start(root);
    expect(stats).toMatchObject({ snapshot: 'used', checkedBy: 'git', read: 1 });
    expect(stats.keptWhole).toBeGreaterThan(0);
    // Every tag but the changed one kept file by file, from its record.
    expect(stats.fromSnapshot - stats.keptWhole).toBe(Object.keys(TAGS).length - 1);
    expect(cms.index.waiting.uids()).toContain(ARTICLE);
    await expectAsCold(root, cms);
    expect(await cms.documents('tags').findOne({ documentId: TAGS.coffee })).toMatchObject({ name: 'Coffee, changed' });
  });

  it.each([
    ['untracked', '.cms/\n'],
    ['ignored by .gitignore (git status does not name it)', '.cms/\ncontent/tags/newtag*\n'],
  ])('a file added while the server was down (%s): the folders are listed, the file served, other types still kept whole', async (_, ignore) => {
    const root = gitSite((site) => writeFileSync(join(site, '.gitignore'), ignore));
    await start(root);
    const added = 'newtag0000000000000000001';
    writeFileSync(join(root, `content/tags/${added}.json`), JSON.stringify({ name: 'Brand new', slug: 'brand-new' }));
    const { cms, stats } = await start(root);
    expect(stats).toMatchObject({ snapshot: 'used', checkedBy: 'git', listedBy: 'folders', read: 1 });
    expect(stats.keptWhole).toBeGreaterThan(0);
    // The tags' folder goes file by file (every tag from its record, the new one read); the articles wait as a run.
    expect(stats.fromSnapshot - stats.keptWhole).toBe(Object.keys(TAGS).length);
    expect(cms.index.waiting.uids()).toContain(ARTICLE);
    expect(await cms.documents('tags').findOne({ documentId: added })).toMatchObject({ name: 'Brand new' });
    await expectAsCold(root, cms);
  });

  it('a document with a flat file beside a fan-out one keeps its type from waiting, and is reported as a cold start reports it', async () => {
    const root = gitSite((site) => {
      mkdirSync(join(site, 'content/tags', TAGS.coffee.slice(0, 2)));
      copyFileSync(join(site, `content/tags/${TAGS.coffee}.json`), join(site, 'content/tags', TAGS.coffee.slice(0, 2), `${TAGS.coffee}.json`));
    });
    await start(root);
    const { cms, stats } = await start(root);
    expect(stats.keptWhole).toBeGreaterThan(0);
    expect(cms.index.waiting.uids()).not.toContain(TAG);
    expect(cms.index.waiting.uids()).toContain(ARTICLE);
    expect(problems(cms).join('\n')).toContain(`${TAGS.coffee}.json`);
    await expectAsCold(root, cms);
  });

  it('ids an import kept are the ids the run\'s check and the built rows take', async () => {
    const root = gitSite((site) => writeFileSync(join(site, 'content/.ids.json'), JSON.stringify({
      version: 1, rows: { [TAG]: { [`${TAGS.coffee}||published`]: 7 } }, locales: {},
    })));
    await start(root);
    const { cms, stats } = await start(root);
    expect(stats.keptWhole).toBe(stats.fromSnapshot);
    expect(cms.index.waiting.uids()).toContain(TAG);
    expect(cms.index.rowById(7)?.documentId).toBe(TAGS.coffee);
    await expectAsCold(root, cms);
  });

  it.each<[string, (region: Buffer, at: Layout) => void, RegExp]>([
    ['an entry names a type its columns do not hold', (region, at) => {
      region.writeUInt16LE(0xffff, at.keys + 2);
    }, /a name out of range/],
    ['a text end goes backwards', (region, at) => {
      region.writeUInt32LE(0, at.ends + 4 * 7);
    }, /text ends/],
  ])('damaged columns are still discarded (%s): nothing kept whole, every file read', async (_, damage, reason) => {
    const root = gitSite();
    const first = await start(root);
    editColumns(root, damage);
    const { cms, stats } = await start(root);
    expect(stats.snapshot).toMatch(reason);
    // Every file read again and none kept whole: a type may still wait, as after any cold start, but on its files' text.
    expect(stats).toMatchObject({ fromSnapshot: 0, keptWhole: 0, read: first.stats.read });
    await expectAsCold(root, cms);
  });
});

describe('cyrb53 fed in parts', () => {
  it('gives the id of the whole name, a name hashed again below 2^32 included', () => {
    const names = [[TAG, TAGS.coffee, 'en', 'draft'], [ARTICLE, 'jfsgk21o4wtsoknlvf65xsrj', '', 'published'], [TAG, 't550011', null, 'published']] as const;
    for (const [uid, documentId, locale, status] of names) {
      const whole = rowKey(uid, documentId, locale, status);
      const prefix = new Cyrb53().text(`${uid}|`);
      const parts = new Cyrb53(prefix).text(documentId).text(`|${locale ?? ''}|`).text(status);
      expect(deriveIdFrom(parts, () => whole)).toBe(deriveId(whole));
    }
    // The last name's hash lands below 2^32 (see test/unit/kept-ids.test.ts): hashed again, as deriveId does.
    expect(new Cyrb53().text(rowKey(TAG, 't550011', null, 'published')).value()).toBeLessThan(KEPT_ID_LIMIT);
  });
});
