import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TAGS } from '../contract/sample-site.js';
import { copySampleSite } from '../helpers/project.js';
import { answers, start } from './helpers.js';

const ARTICLE = 'api::article.article';
const TAG = 'api::tag.tag';
const CATEGORY = 'api::category.category';

/** The sample site without timestamps from history (with them, rows take the file times of their load and every type is built then). */
function siteWithFileTimestamps(): string {
  const root = copySampleSite();
  const config = join(root, 'cms.config.json');
  writeFileSync(config, readFileSync(config, 'utf8').replace('"timestampsFromHistory": true', '"timestampsFromHistory": false'));
  return root;
}

/** A cold start (no snapshot: every file read), and the same start with every type built before anything is read. */
async function coldAndBuilt(root: string) {
  const cold = (await start(root, false)).cms;
  const built = (await start(root, false)).cms;
  built.index.waiting.buildAll();
  expect(built.index.waiting.uids()).toEqual([]);
  return { cold, built };
}

describe('a cold start builds a type whose files were all kept as JSON text on its first use, answering as if built at load', () => {
  it('types of JSON files wait, a type with a YAML file is built at load, and every read answers as the built start', async () => {
    const { cold, built } = await coldAndBuilt(siteWithFileTimestamps());
    expect(cold.index.waiting.uids()).toContain(TAG);
    // The sample's articles and categories include YAML and Markdown files: parsed at load, so built at load, as before.
    expect(cold.index.waiting.uids()).not.toContain(ARTICLE);
    expect(cold.index.waiting.uids()).not.toContain(CATEGORY);
    expect(cold.problems()).toEqual(built.problems());
    expect(await answers(cold)).toEqual(await answers(built));
  });

  it('a lookup by id on a waiting start finds the row the built start finds, and a write then answers alike', async () => {
    const { cold, built } = await coldAndBuilt(siteWithFileTimestamps());
    for (const row of built.index.rows(TAG)) expect(cold.index.rowById(row.id)?.key).toBe(row.key);
    expect(cold.index.waiting.uids()).toEqual([]);
    const again = (await start(siteWithFileTimestamps(), false)).cms;
    expect(again.index.waiting.uids()).toContain(TAG);
    await again.documents('tags').update({ documentId: TAGS.coffee, data: { name: 'Written while waiting' } });
    expect(again.index.waiting.uids()).not.toContain(TAG);
    const names = (await again.documents('tags').findMany({ sort: 'name:asc' })).map((tag) => tag.name);
    expect(names).toContain('Written while waiting');
    expect(names.length).toBe((await built.documents('tags').findMany({})).length);
  });

  it('a type kept as columns answers as the records a start writing its snapshot makes at load: odd timestamps, none, a bad file', async () => {
    const root = siteWithFileTimestamps();
    const coffee = join(root, `content/tags/${TAGS.coffee}.json`);
    // A 30th of February is answered as written; a year 9999 and a missing updatedAt (the file's time) as well.
    writeFileSync(coffee, readFileSync(coffee, 'utf8').replace(/"createdAt": "[^"]*"/, '"createdAt": "2025-02-30T11:07:12.137Z"'));
    writeFileSync(join(root, 'content/tags/zz9late.json'), JSON.stringify({ name: 'Late', slug: 'late', createdAt: '9999-12-31T23:59:59.999Z' }));
    writeFileSync(join(root, 'content/tags/zz9bad.json'), JSON.stringify({ name: 7, slug: 'bad' }));
    const cold = (await start(root, false)).cms;
    expect(cold.index.waiting.uids()).toContain(TAG);
    // No snapshot yet: every file read, a record each, as before the columns.
    const recorded = (await start(root, true)).cms;
    expect(cold.problems()).toEqual(recorded.problems());
    expect(cold.problems().map((problem) => problem.file)).toContain('content/tags/zz9bad.json');
    const tags = (await cold.documents('tags').findMany({ sort: 'name:asc' })).map(({ name, createdAt, updatedAt }) => ({ name, createdAt, updatedAt }));
    expect(tags).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Coffee', createdAt: '2025-02-30T11:07:12.137Z' })]));
    expect(tags).toEqual((await recorded.documents('tags').findMany({ sort: 'name:asc' })).map(({ name, createdAt, updatedAt }) => ({ name, createdAt, updatedAt })));
    expect(await answers(cold)).toEqual(await answers(recorded));
  });

  it('a second file for one version (a YAML twin of a JSON tag) builds the type at load and is reported there', async () => {
    const root = siteWithFileTimestamps();
    const twin = `content/tags/${TAGS.coffee}.yaml`;
    writeFileSync(join(root, twin), 'name: A twin of the JSON file\n');
    const { cms } = await start(root, false);
    expect(cms.index.waiting.uids()).not.toContain(TAG);
    expect(cms.index.waiting.uids()).toContain('plugin::upload.file');
    expect(cms.problems().map((problem) => problem.file)).toContain(twin);
  });
});
