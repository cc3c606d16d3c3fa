import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copySampleSite } from '../helpers/project.js';
import { answers, start } from './helpers.js';

const TAG = 'api::tag.tag';
/** More than the 8 MB a cold start's slab keeps in memory: the rest of the kept texts go to its scratch file. */
const TAGS = 2_400;
const NAME_BYTES = 4_000;

/** The sample site (file timestamps) with thousands of large JSON tags: about 10 MB of text to keep. */
function siteWithManyTags(): string {
  const root = copySampleSite();
  const config = join(root, 'cms.config.json');
  writeFileSync(config, readFileSync(config, 'utf8').replace('"timestampsFromHistory": true', '"timestampsFromHistory": false'));
  for (let i = 0; i < TAGS; i++) {
    const documentId = `t${String(i).padStart(23, '0')}`;
    const name = `Tag ${String(i * 7919 % TAGS).padStart(5, '0')} é ${'x'.repeat(NAME_BYTES)}`;
    const time = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
    writeFileSync(join(root, 'content/tags', `${documentId}.json`),
      `${JSON.stringify({ name, color: 'red', createdAt: time, updatedAt: time, publishedAt: time }, null, 2)}\n`);
  }
  return root;
}

const tagReads = async (cms: Awaited<ReturnType<typeof start>>['cms']) => {
  const pages = [];
  for (const search of ['sort=name:asc&pagination[pageSize]=100&pagination[page]=7', 'sort=createdAt:desc&pagination[pageSize]=50',
    `filters[name][$startsWith]=Tag 01&pagination[pageSize]=20`]) {
    pages.push(JSON.stringify((await cms.ownerApi({ method: 'GET', path: '/tags', search })).body));
  }
  return pages;
};

describe('a cold start keeps its texts past 8 MB in a scratch file, and answers as a start with every type built', () => {
  it('lists, sorts and filters the spilled tags as the built start does, and finds one by documentId', async () => {
    const root = siteWithManyTags();
    const cold = (await start(root, false)).cms;
    const built = (await start(root, false)).cms;
    built.index.waiting.buildAll();
    expect(cold.index.waiting.uids()).toContain(TAG);
    expect(cold.problems()).toEqual(built.problems());
    expect(await tagReads(cold)).toEqual(await tagReads(built));
    expect(await answers(cold)).toEqual(await answers(built));
    const id = `t${String(1234).padStart(23, '0')}`;
    const one = await cold.documents(TAG).findOne({ documentId: id });
    expect(one?.name).toBe(`Tag ${String(1234 * 7919 % TAGS).padStart(5, '0')} é ${'x'.repeat(NAME_BYTES)}`);
  });

  it('makes its scratch file in the site\'s .cms/tmp (the site\'s disk, git-ignored), unlinked: nothing is left there', async () => {
    const root = siteWithManyTags();
    expect(existsSync(join(root, '.cms/tmp'))).toBe(false);
    const cold = (await start(root, false)).cms;
    expect(await tagReads(cold)).toHaveLength(3);
    expect(readdirSync(join(root, '.cms/tmp'))).toEqual([]);
    expect(readFileSync(join(root, '.cms/.gitignore'), 'utf8')).toMatch(/^\*$/m);
  });

  it('writes its snapshot from the spilled texts, and a restart from that snapshot answers alike', async () => {
    const root = siteWithManyTags();
    const first = await start(root, true);
    expect(first.stats.snapshot).not.toBe('used');
    const restart = await start(root, true);
    expect(restart.stats.snapshot).toBe('used');
    expect(restart.stats.read).toBe(0);
    expect(await tagReads(restart.cms)).toEqual(await tagReads(first.cms));
    expect(await answers(restart.cms)).toEqual(await answers(first.cms));
  });
});
