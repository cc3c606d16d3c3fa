import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARTICLES as A } from '../contract/sample-site.js';
import { copySampleSite } from '../helpers/project.js';
import { answers, pastRacyMargin, start } from './helpers.js';
import { readSnapshotFile } from './snapshot-file.js';

const problems = async (root: string, indexSnapshot = true) => (await start(root, indexSnapshot)).cms.problems().map(String);
const tagSlugs = async (root: string) =>
  ((await (await start(root)).cms.ownerApi({ method: 'GET', path: '/tags', search: 'fields[0]=slug&pagination[pageSize]=100' })).body as
    { data: { slug: string }[] }).data.map((tag) => tag.slug).sort();

describe('index snapshot: the folders are not listed again while none changed', () => {
  it('keeps the listing (malformed files and links included), lists again once a file is added or removed or a folder appears', async () => {
    const root = copySampleSite();
    writeFileSync(join(root, 'content/tags/brokentag0000000000000001.json'), '{ "name": ');
    symlinkSync(join(root, `content/articles/${A.rome}.json`), join(root, 'content/tags/linkedtag0000000000000001.json'));
    // Folders changed within the racy margin (2 s) of the load are listed again: the loads start past it.
    pastRacyMargin();
    const first = await start(root);
    expect(first.stats.listedBy).toBe('folders');
    expect(JSON.parse(readSnapshotFile(root).listing!).extras).toEqual(['content/tags/brokentag0000000000000001.json']);

    const restart = await start(root);
    expect(restart.stats).toMatchObject({ snapshot: 'used', listedBy: 'snapshot', read: 0 });
    const full = await start(root, false);
    expect(restart.cms.problems().map(String)).toEqual(full.cms.problems().map(String));
    expect(restart.cms.problems().map((problem) => problem.file).sort()).toEqual([
      'content/tags/brokentag0000000000000001.json', 'content/tags/linkedtag0000000000000001.json',
    ]);
    expect(await answers(restart.cms)).toEqual(await answers(full.cms));

    // A file added: its folder's stamp moved, so the folders are listed and the file is served.
    writeFileSync(join(root, 'content/tags/newtag0000000000000000001.json'), JSON.stringify({ name: 'Brand new', slug: 'brand-new' }));
    expect((await start(root)).stats.listedBy).toBe('folders');
    expect(await tagSlugs(root)).toContain('brand-new');

    // A malformed file removed: no longer reported.
    rmSync(join(root, 'content/tags/brokentag0000000000000001.json'));
    expect(await problems(root)).toEqual(await problems(root, false));
    expect(await problems(root)).toHaveLength(1);

    // A folder of no content type appears: content/ itself moved.
    mkdirSync(join(root, 'content/widgets'));
    writeFileSync(join(root, 'content/widgets/w.json'), '{}');
    expect(await problems(root)).toEqual(await problems(root, false));
    expect((await problems(root)).join('\n')).toMatch(/no content type has the folder "widgets"/);
  });
});

describe('index snapshot of a fan-out type (content/<type>/<xx>/)', () => {
  it('keeps the listing of the sub-folders, and lists again once a file is added to one of them', async () => {
    const root = copySampleSite();
    mkdirSync(join(root, 'content/tags/fa'));
    writeFileSync(join(root, 'content/tags/fa/fantag000000000000000001.json'), JSON.stringify({ name: 'Fanned', slug: 'fanned' }));
    pastRacyMargin();
    expect((await start(root)).stats.listedBy).toBe('folders');
    expect((await start(root)).stats).toMatchObject({ snapshot: 'used', listedBy: 'snapshot', read: 0 });
    expect(await tagSlugs(root)).toContain('fanned');

    // Only the sub-folder's stamp moves (not content/tags'): the folders are listed again all the same.
    writeFileSync(join(root, 'content/tags/fa/fantag000000000000000002.json'), JSON.stringify({ name: 'Fanned 2', slug: 'fanned-2' }));
    expect((await start(root)).stats.listedBy).toBe('folders');
    expect(await tagSlugs(root)).toContain('fanned-2');
  });
});
