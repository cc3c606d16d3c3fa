// A cold start lets its scratch file's writes end on the thread pool between two files: another writer (a checkout)
// may remove a file the listing named before it is read. Here the file goes at the moment the first write is handed
// over, the load then waiting for it; the start answers as a start of the site without that file.
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { copySampleSite } from '../helpers/project.js';
import { answers, start } from './helpers.js';

const gone = vi.hoisted(() => ({ path: '', writes: 0 }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const write = ((...args: Parameters<typeof real.write>) => {
    if (gone.path && gone.writes++ === 0) real.unlinkSync(gone.path);
    return (real.write as (...rest: unknown[]) => void)(...args);
  }) as typeof real.write;
  return { ...real, write, default: { ...real, write } };
});

const TAG = 'api::tag.tag';
/** About 10 MB of tags: past the slab's first 8 MB, so the load hands a buffer to the pool and waits for it. */
const TAGS = 2_400;
const tagId = (i: number) => `t${String(i).padStart(23, '0')}`;

function siteWithManyTags(): string {
  const root = copySampleSite();
  const config = join(root, 'cms.config.json');
  writeFileSync(config, readFileSync(config, 'utf8').replace('"timestampsFromHistory": true', '"timestampsFromHistory": false'));
  for (let i = 0; i < TAGS; i++) {
    const time = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
    writeFileSync(join(root, 'content/tags', `${tagId(i)}.json`),
      `${JSON.stringify({ name: `Tag ${i} ${'x'.repeat(4_000)}`, createdAt: time, updatedAt: time, publishedAt: time })}\n`);
  }
  return root;
}

const tagPage = async (cms: Awaited<ReturnType<typeof start>>['cms']) =>
  JSON.stringify((await cms.ownerApi({ method: 'GET', path: '/tags', search: 'sort=createdAt:desc&pagination[pageSize]=5' })).body);

describe('a cold start whose listed file is removed before it is read, while the scratch file is written', () => {
  it('answers as a start of the site without the file, and reports no problem for it', async () => {
    const root = siteWithManyTags();
    const last = join(root, 'content/tags', `${tagId(TAGS - 1)}.json`);
    gone.path = last;
    const cold = (await start(root, false)).cms;
    gone.path = '';
    expect(gone.writes).toBeGreaterThan(0);
    const after = (await start(root, false)).cms;
    after.index.waiting.buildAll();
    expect(await cold.documents(TAG).findOne({ documentId: tagId(TAGS - 1) })).toBeNull();
    expect((await cold.documents(TAG).findOne({ documentId: tagId(TAGS - 2) }))?.name).toMatch(/^Tag 2398 /);
    expect(cold.problems()).toEqual(after.problems());
    expect(await tagPage(cold)).toEqual(await tagPage(after));
    expect(await answers(cold)).toEqual(await answers(after));
  });
});
